/**
 * What mock-chat says in its log so a QA engineer need not guess: a client frame nothing
 * answers (kept for a later expect, or never answered), every way an unchecked scenario frame
 * breaks the contract, and a fallback taken instead of what was asked (a file scenario served
 * instead of the built-in of its name, a cookie that names no scenario).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MockServer } from '../../../mock-server/index.js';
import { logLines } from '../../support/changes.js';
import { AVAILABILITY_FORM, clientsClosedAfterEach, FORM_HEADERS, frames, saidText as said, start } from './client.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
// Registered after the server's hook, so run before it: the clients close first.
const connect = clientsClosedAfterEach();

const AGENTS = { sam: { id: 'agent-7', name: 'Sam' } };
const CONFIRM = [{ expect: 'requestChat' }, { send: 'requestChat' }, { join: 'sam' }];
const scenario = (name: string, conversation: unknown[]) => ({
  name,
  story: `${name} test`,
  agents: AGENTS,
  conversation: [...CONFIRM, ...conversation],
});

describe('a client frame nothing answers', () => {
  it('kept for a later expect, then never answered once the conversation finished; no rules means none answer', async () => {
    const { lines, log, seen } = logLines();
    server = await start(
      scenario('no-rules', [
        { expect: 'newMessage', where: { '/body/message': 'go' } },
        { say: { agent: 'sam', text: 'went' } },
      ]),
      { log },
    );
    const client = await connect(server);
    await client.requestChat();
    client.send(frames.newMessage('early'));
    await seen(
      /a newMessage frame is not answered now: no expect waits for it and no rule takes it; kept for a later expect/,
    );
    client.send(frames.newMessage('go'));
    await client.next(said('went'));
    await seen(/the conversation finished \(its last step: <object>\); no rule answers from here on/);
    await seen(/a newMessage frame was not answered: the conversation finished before an expect took it/);
    client.send(frames.newMessage('late'));
    await seen(/a newMessage frame was not answered: the conversation has finished and no rule takes it/);
    expect(lines.join('\n')).not.toMatch(/rules still answer/);
  });
});

describe('an unchecked scenario frame', () => {
  it('is logged with every way it breaks the contract; frames that are no object say what they are', async () => {
    const { lines, log } = logLines();
    server = await start(
      scenario('unchecked', [
        {
          frame: {
            apiVersion: '1.0',
            type: 'notification',
            body: { method: 'newMessage', senderType: 'robot', timestamp: 'noon', type: 'robot', message: 'hi' },
          },
          unchecked: true,
        },
        { frame: 42, unchecked: true },
        { frame: ['a', 'list'], unchecked: true },
      ]),
      { log },
    );
    const client = await connect(server);
    await client.requestChat();
    await client.next((frame) => Array.isArray(frame));
    const unchecked = lines.find((line) => line.includes('← server newMessage')) ?? '';
    // Checked against what real servers send (the tolerant profile): any sender is one, but a
    // timestamp must be a number and a type text or widget; the unknown sender is a deviation.
    expect(unchecked).toMatch(/✗ .*\/body\/timestamp must be integer; .*\/body\/type must be one of/);
    expect(unchecked).toMatch(/⚠ deviates from the strict contract: .*\/body\/senderType/);
    expect(unchecked).toContain('(unchecked: a deliberate violation)');
    expect(lines.join('\n')).toContain('← server 42 (not a frame: a frame is a JSON object)');
    expect(lines.join('\n')).toContain('← server a list (not a frame: a frame is a JSON object)');
    expect(lines.join('\n')).not.toContain('undefined ?');
  });
});

describe('a fallback is said', () => {
  it('a file scenario named like a built-in is served instead of it, with a warning', async () => {
    const { lines, log } = logLines();
    server = await start(
      { ...scenario('happy-path', [{ say: { agent: 'sam', text: 'my own happy path' } }]) },
      { log },
    );
    expect(lines.join('\n')).toMatch(
      /scenario happy-path from <object> is served instead of the built-in of the same name; rename it to keep both/,
    );
    const client = await connect(server);
    await client.requestChat();
    await client.next(said('my own happy path'));
  });

  it('a mock-scenario cookie that is no scenario name falls back to the running scenario, and says so once', async () => {
    const { lines, log } = logLines();
    server = await start('happy-path', { log });
    const answer = await fetch(`${server.url}/conversation/check-availability-v2`, {
      method: 'POST',
      headers: { ...FORM_HEADERS, Cookie: 'mock-scenario=%zz' },
      body: AVAILABILITY_FORM,
    });
    expect(answer.status).toBe(200);
    expect(lines.filter((line) => line.includes('cookie'))).toEqual([
      '[http] /conversation/check-availability-v2: the mock-scenario cookie "%zz" is no scenario name; the running scenario happy-path answers',
    ]);
  });
});
