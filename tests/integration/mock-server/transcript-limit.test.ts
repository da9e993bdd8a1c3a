/** transcriptLimit: how many transcript entries a session keeps for a renew's full replay. */
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../../generated/chat-socket.js';
import type { MockServer } from '../../../mock-server/index.js';
import { frames, isNotification, start, TestClient } from './client.js';

let server: MockServer | undefined;
const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.ws.terminate();
  await server?.close();
  server = undefined;
});

const scenario = (lines: number) => ({
  name: 'many-lines',
  story: 'Sam sends many lines.',
  availability: { success: true },
  agents: { sam: { id: 'agent-7', name: 'Sam' } },
  conversation: [
    { expect: 'requestChat' },
    { send: 'requestChat', body: {} },
    { join: 'sam' },
    ...Array.from({ length: lines }, (_, i) => ({ say: { agent: 'sam', text: `line ${i + 1}` } })),
  ],
});

async function replayed(limit: number | undefined, lines: number): Promise<string[]> {
  server = await start(scenario(lines), limit ? { transcriptLimit: limit } : {});
  const first = await TestClient.connect(server.socketUrl);
  clients.push(first);
  const session = await first.requestChat('Ada');
  const message = (f: ServerFrame) => (f.body as { message: string }).message;
  for (;;) if (message(await first.next(isNotification('newMessage'))) === `line ${lines}`) break;
  const second = await TestClient.connect(server.socketUrl);
  clients.push(second);
  second.send(frames.renewChat(session.guid, session.authenticationKey, true));
  const out: string[] = [];
  for (;;) {
    const text = message(await second.next(isNotification('newMessage')));
    out.push(text);
    if (text === `line ${lines}`) return out;
  }
}

describe('given a session with more messages than the transcript keeps', () => {
  it('replays the last 1000 by default', async () => {
    const out = await replayed(undefined, 1005);
    expect(out).toHaveLength(1000);
    expect(out[0]).toBe('line 6');
  });

  it('replays up to transcriptLimit when it is set', async () => {
    const out = await replayed(1200, 1005);
    expect(out).toHaveLength(1005);
    expect(out[0]).toBe('line 1');
  });
});
