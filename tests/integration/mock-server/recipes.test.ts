/**
 * Issue 11's acceptance: the three scenarios a QA engineer writes from mock-server/README.md
 * (queue then transfer, a bot escalating on "agent", two network drops) are the README's own
 * YAML blocks, served from a folder with --watch, edited while served, and asserted through
 * the verification API.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../../generated/chat-socket.js';
import type { MockServer } from '../../../mock-server/index.js';
import { logLines } from '../../support/changes.js';
import { WAIT_MS } from '../../support/patience.js';
import { repoRoot } from '../../support/specs.js';
import { frames, isNotification, start, TestClient } from './client.js';

/** Every ```yaml block of the README that starts with `# recipe: NAME`. */
function recipes(): Map<string, string> {
  const readme = readFileSync(path.join(repoRoot, 'mock-server/README.md'), 'utf8');
  const found = new Map<string, string>();
  for (const match of readme.matchAll(/```yaml\n(# recipe: ([a-z-]+)\n[\s\S]*?)```/g)) {
    found.set(match[2] as string, match[1] as string);
  }
  return found;
}

const folder = mkdtempSync(path.join(tmpdir(), 'mock-chat-recipes-'));
const written = recipes();
let server: MockServer;
const clients: TestClient[] = [];
/** The server's log lines (it logs synchronously with what it does), and a wait for one. */
const { log, seen } = logLines();

beforeAll(async () => {
  for (const [name, text] of written) writeFileSync(path.join(folder, `${name}.yaml`), text);
  server = await start(folder, { watch: true, speed: 20, profile: 'tolerant', log });
});
afterAll(async () => {
  for (const client of clients) client.close();
  await server.close();
});

async function chat(scenario: string): Promise<TestClient> {
  const client = await TestClient.connect(`${server.socketUrl}?scenario=${scenario}`);
  clients.push(client);
  return client;
}

const said = (text: string) => (frame: ServerFrame) =>
  isNotification('newMessage')(frame) && (frame.body as { message?: string }).message === text;

/** What the server received from the customer in the session with this guid. */
function customerMessages(guid: number): string[] {
  const session = server.sessions().find((s) => s.guid === guid);
  return (session?.received ?? [])
    .map((r) => (r.frame as { body: { method: string; message?: string } }).body)
    .filter((body) => body.method === 'newMessage')
    .map((body) => String(body.message));
}

describe('the README recipes', () => {
  it('are three, and all load', () => {
    expect([...written.keys()]).toEqual(['queue-then-transfer', 'bot-escalates-on-agent', 'two-network-drops']);
    expect(server.scenario).toBe('bot-escalates-on-agent');
  });

  it('queue-then-transfer: a wait in the queue, Sam, a transfer to Alex who answers from then on', async () => {
    const client = await chat('queue-then-transfer');
    const { guid } = await client.requestChat('Ada');
    await client.next(said("Hi Ada, I'm Sam."));
    client.send(frames.newMessage('Can I get a quote for solar panels?'));
    await client.next(said('Let me get a specialist for that.'));
    expect((await client.next(isNotification('participantLeave'))).body).toMatchObject({ leaveReason: 'transfer' });
    await client.next(said("Hi, I'm Alex, the specialist."));
    client.send(frames.newMessage('How much?'));
    await client.next(said('Alex here: How much?'));
    expect(customerMessages(guid)).toEqual(['Can I get a quote for solar panels?', 'How much?']);
  });

  it('bot-escalates-on-agent: the bot answers until "agent" in any case, then only Sam answers', async () => {
    const client = await chat('bot-escalates-on-agent');
    const { guid } = await client.requestChat();
    client.send(frames.newMessage('Opening hours?'));
    await client.next(said('Bot: I can help with "Opening hours?".'));
    client.send(frames.newMessage('Let me talk to an AGENT please'));
    expect((await client.next(isNotification('participantLeave'))).body).toMatchObject({ leaveReason: 'escalate' });
    await client.next(said("Hi, I'm Sam, a real person."));
    client.send(frames.newMessage('And Sunday?'));
    await client.next(said('Sam: And Sunday?'));
    expect(client.received.filter(said('Bot: I can help with "And Sunday?".'))).toEqual([]);
    const session = await server.waitFor((sessions) => sessions.some((s) => s.guid === guid), WAIT_MS);
    expect(session.find((s) => s.guid === guid)?.position.rules).toEqual([
      expect.objectContaining({ on: 'newMessage', answered: 1, ended: true }),
      expect.objectContaining({ on: 'newMessage', answered: 1, ended: false }),
    ]);
  });

  it('two-network-drops: two drops, each renewed, nothing the customer sent lost', async () => {
    let client = await chat('two-network-drops');
    const session = await client.requestChat();
    for (const text of ['first', 'second']) {
      client.send(frames.newMessage(text));
      await client.next(said(`Sam: ${text}`));
      expect((await client.closed).code).toBe(1006);
      client = await chat('two-network-drops');
      client.send(frames.renewChat(session.guid, session.authenticationKey, false));
      await client.next(said('Welcome back.'));
    }
    client.send(frames.newMessage('third'));
    await client.next(said('Sam: third'));
    expect(customerMessages(session.guid)).toEqual(['first', 'second', 'third']);
  });

  it('an edit while served plays in the next session, without a restart', async () => {
    const file = path.join(folder, 'queue-then-transfer.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace("Hi, I'm Alex, the specialist.", "Hi, I'm Alex. Edited."));
    await seen(/scenario queue-then-transfer reloaded/);
    const client = await chat('queue-then-transfer');
    await client.requestChat();
    client.send(frames.newMessage('hello'));
    await client.next(said("Hi, I'm Alex. Edited."));
  });
});
