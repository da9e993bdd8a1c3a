// The raw `ws` echo the socket benchmark holds mock-chat to (tests/perf/socket-bench.ts): every
// frame sent straight back, nothing else in the process (no timers, no sampling), on plain Node
// like the compiled mock-chat. Listens on a free port and prints `ready at ws://...` on stdout.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const http = createServer();
const wss = new WebSocketServer({ server: http, path: '/chat', maxPayload: 64 * 1024 });
wss.on('connection', (ws) => {
  ws.on('error', () => {});
  ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
});
http.listen(0, '127.0.0.1', () => {
  process.stdout.write(`ready at ws://127.0.0.1:${http.address().port}/chat\n`);
});
// Ends through exit, so a CPU profile asked for with --cpu-prof is written.
process.on('SIGTERM', () => process.exit(0));
