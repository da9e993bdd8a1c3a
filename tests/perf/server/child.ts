/**
 * A server for the benchmark, in its own process so it has a core to itself:
 * `mock` is startMockServer (happy-path, strict contract, validation on every frame),
 * `echo` a raw ws server that sends every frame back. A third argument `pretty` or `json`
 * turns the mock's log on, written to this process's stdout (the parent drains the pipe). Talks to the parent over IPC:
 * sends { url } when listening; answers "stats" with { rss, sessions, loopP99Ms, loopMaxMs }
 * (event-loop delay since the last "stats"); exits on "stop".
 */
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocketServer } from 'ws';
import { startMockServer } from '../../../mock-server/index.js';

const kind = process.argv[2];
const speed = Number(process.argv[3] ?? 1000);
const log = process.argv[4] === 'pretty' || process.argv[4] === 'json' ? process.argv[4] : 'silent';

async function main() {
  let url: string;
  let sessions = () => 0;
  let close: () => Promise<void>;
  if (kind === 'mock') {
    const server = await startMockServer({ scenario: 'happy-path', port: 0, speed, contract: 'strict', log });
    url = server.socketUrl;
    sessions = () => server.liveSessions;
    close = () => server.close();
  } else {
    const http = createServer();
    const wss = new WebSocketServer({ server: http, path: '/chat', maxPayload: 64 * 1024 });
    wss.on('connection', (ws) => ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary })));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const address = http.address() as { port: number };
    url = `ws://127.0.0.1:${address.port}/chat`;
    sessions = () => wss.clients.size;
    close = async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    };
  }
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let peakRss = process.memoryUsage().rss;
  let peakSessions = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    peakSessions = Math.max(peakSessions, sessions());
  }, 50);
  process.on('message', async (message) => {
    if (message === 'stats') {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      peakSessions = Math.max(peakSessions, sessions());
      process.send?.({
        rss: peakRss,
        sessions: peakSessions,
        loopP99Ms: loop.percentile(99) / 1e6,
        loopMaxMs: loop.max / 1e6,
      });
      loop.reset();
    } else if (message === 'stop') {
      clearInterval(sampler);
      await close();
      process.exit(0);
    }
  });
  process.send?.({ url });
}

void main();
