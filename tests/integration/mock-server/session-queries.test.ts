/**
 * Issue 22: a test's own session on a shared mock. Two chats run at once on one server (as two
 * parallel tests would); each test narrows the verification API to its session (guid), a method
 * and direction and what came after a cursor, in-process and over HTTP, waits for a frame
 * without polling (a long poll over HTTP), switches its own session's scenario and resets it,
 * while the other chat's socket and journal are untouched.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MockServer } from '../../../mock-server/index.js';
import { SESSION_RESET, WaitForTimeout } from '../../../mock-server/index.js';
import { clientsClosedAfterEach, frames, isNotification, start } from './client.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const connect = clientsClosedAfterEach();

const methodOf = (frame: unknown) => (frame as { body?: { method?: string } }).body?.method;
const messageOf = (frame: unknown) => (frame as { body?: { message?: string } }).body?.message;

/** Two chats on one server, each as its own test would hold it. */
async function twoChats(log?: (line: string) => void) {
  server = await start('happy-path', log ? { log } : {});
  const ada = await connect(server);
  const bob = await connect(server);
  const adaChat = await ada.requestChat('Ada');
  const bobChat = await bob.requestChat('Bob');
  return { server, ada, bob, adaGuid: adaChat.guid, bobGuid: bobChat.guid };
}

describe('the verification API narrowed to one session', () => {
  it('in-process: waitFor(match) finds the frame a session sent, after a cursor, ignoring the other chat', async () => {
    const { server, ada, bob, adaGuid, bobGuid } = await twoChats();
    const cursor = server.cursor;
    bob.send(frames.newMessage('from bob'));
    ada.send(frames.newMessage('from ada'));
    const hit = await server.waitFor(
      { guid: adaGuid, direction: 'client', method: 'newMessage', since: cursor },
      { timeout: 5000 },
    );
    expect(hit.direction).toBe('client');
    expect(messageOf(hit.entry.frame)).toBe('from ada');
    expect(hit.entry.seq).toBeGreaterThan(cursor);
    expect(hit.session.guid).toBe(adaGuid);

    const bobsMessages = server.sessions({ guid: bobGuid, method: 'newMessage', direction: 'client' });
    expect(bobsMessages).toHaveLength(1);
    expect(bobsMessages[0]?.received.map((r) => messageOf(r.frame))).toEqual(['from bob']);
    expect(bobsMessages[0]?.sent).toEqual([]);

    // `where` tests the frame itself; the session handle narrows to its guid.
    const answer = await server
      .session(adaGuid)
      .waitFor({ direction: 'server', method: 'newMessage', where: (f) => String(messageOf(f)).includes('from ada') });
    expect(messageOf(answer.entry.frame)).toContain('Thanks for your message: "from ada"');
    const journal = server.session(adaGuid).journal({ since: cursor });
    expect(journal.map((e) => e.seq)).toEqual([...journal.map((e) => e.seq)].sort((a, b) => a - b));
    expect(journal[0]).toMatchObject({ direction: 'client', frame: { body: { message: 'from ada' } } });
  });

  it('in-process: a waitFor that never matches rejects with WaitForTimeout naming the match', async () => {
    const { server, adaGuid } = await twoChats();
    const error = await server
      .waitFor({ guid: adaGuid, method: 'closeConversation' }, { timeout: 50 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitForTimeout);
    expect((error as Error).message).toContain(`method closeConversation, session ${adaGuid}`);
    expect((error as WaitForTimeout).sessions.map((s) => s.guid)).toEqual([adaGuid]);
  });

  it('over HTTP: guid, direction, method and since narrow the report; every answer carries a cursor', async () => {
    const { server, ada, bob, adaGuid } = await twoChats();
    ada.send(frames.newMessage('one'));
    await server.waitFor({ guid: adaGuid, method: 'newMessage' });
    const first = (await (
      await fetch(`${server.url}/__mock/sessions?guid=${adaGuid}&direction=client&method=newMessage`)
    ).json()) as { cursor: number; sessions: any[] };
    expect(first.sessions).toHaveLength(1);
    expect(first.sessions[0].received.map((r: any) => messageOf(r.frame))).toEqual(['one']);
    expect(first.sessions[0].sent).toEqual([]);
    bob.send(frames.newMessage('bob'));
    ada.send(frames.newMessage('two'));
    await server.waitFor({ guid: adaGuid, method: 'newMessage', since: first.cursor });
    const second = (await (
      await fetch(
        `${server.url}/__mock/sessions?guid=${adaGuid}&method=newMessage&direction=client&since=${first.cursor}`,
      )
    ).json()) as { cursor: number; sessions: any[] };
    expect(second.sessions[0].received.map((r: any) => messageOf(r.frame))).toEqual(['two']);
    expect(second.cursor).toBeGreaterThan(first.cursor);
    const bad = await fetch(`${server.url}/__mock/sessions?guid=abc`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      'guid must be a whole number from 0 to 9007199254740991',
    );
    expect((await fetch(`${server.url}/__mock/sessions?direction=up`)).status).toBe(400);
  });

  it('over HTTP: wait= holds the answer until a matching frame is recorded (a long poll), or answers empty when the wait runs out', async () => {
    let held: () => void = () => {};
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const { server, ada, adaGuid } = await twoChats((line) => {
      if (line.includes('waits up to 10000 ms')) held();
    });
    const since = server.cursor;
    const polled = fetch(
      `${server.url}/__mock/sessions?guid=${adaGuid}&direction=client&method=newMessage&since=${since}&wait=10000`,
    ).then((r) => r.json() as Promise<{ cursor: number; sessions: any[] }>);
    // The server holds the poll (it says so) before the message it waits for is sent.
    await holding;
    ada.send(frames.newMessage('late'));
    const answer = await polled;
    expect(answer.sessions[0].received.map((r: any) => messageOf(r.frame))).toEqual(['late']);

    const empty = (await (
      await fetch(`${server.url}/__mock/sessions?guid=${adaGuid}&method=closeConversation&wait=30`)
    ).json()) as { sessions: unknown[] };
    expect(empty.sessions).toEqual([]);
    expect((await fetch(`${server.url}/__mock/sessions?wait=60001`)).status).toBe(400);
  });
});

describe('a test resets and switches its own session only', () => {
  it('reset ends that session, closes its socket with 1000 and forgets it; the other chat goes on', async () => {
    const { server, ada, bob, adaGuid, bobGuid } = await twoChats();
    expect(server.session(adaGuid).reset()).toBe(true);
    expect(await ada.closed).toEqual({ code: SESSION_RESET.code, reason: SESSION_RESET.reason });
    expect(server.sessions().map((s) => s.guid)).toEqual([bobGuid]);
    expect(server.session(adaGuid).report()).toBeUndefined();
    bob.send(frames.newMessage('still here'));
    await bob.next((f) => isNotification('newMessage')(f) && String(messageOf(f)).includes('still here'));
    expect(server.session(adaGuid).reset()).toBe(false);
  });

  it('over HTTP: POST /__mock/sessions/GUID/reset and /scenario touch that session only; unknown ones are 404', async () => {
    const { server, ada, bob, adaGuid, bobGuid } = await twoChats();
    const json = { 'content-type': 'application/json' };
    const switched = await fetch(`${server.url}/__mock/sessions/${bobGuid}/scenario`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'server-ends-chat' }),
    });
    expect(switched.status).toBe(200);
    expect(await switched.json()).toEqual({ success: true, guid: bobGuid, scenario: 'server-ends-chat' });
    bob.send(frames.newMessage('anything else?'));
    // server-ends-chat closes 1000 without a closeConversation: only Bob's socket.
    expect((await bob.closed).code).toBe(1000);
    expect(server.sessions({ guid: adaGuid })[0]).toMatchObject({
      scenario: 'happy-path',
      ended: false,
      socket: 'open',
    });
    expect(server.sessions({ guid: bobGuid })[0]).toMatchObject({ scenario: 'server-ends-chat', ended: true });

    // Another site's page may not reset a session (nor switch it): the admin routes' origin rule.
    const foreign = await fetch(`${server.url}/__mock/sessions/${adaGuid}/reset`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const reset = await fetch(`${server.url}/__mock/sessions/${adaGuid}/reset`, { method: 'POST' });
    expect(await reset.json()).toEqual({ success: true, guid: adaGuid });
    expect((await ada.closed).code).toBe(1000);
    expect((await fetch(`${server.url}/__mock/sessions/${adaGuid}/reset`, { method: 'POST' })).status).toBe(404);
    const unknown = await fetch(`${server.url}/__mock/sessions/${adaGuid}/scenario`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'typing' }),
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toContain(
      `no live chat session with guid ${adaGuid}`,
    );
  });

  it('switchScenario keeps the session (guid, socket, transcript) and plays the new conversation after its chat start', async () => {
    const { server, ada, adaGuid } = await twoChats();
    await ada.next(isNotification('newMessage'));
    server.session(adaGuid).switchScenario('typing');
    expect(server.sessions({ guid: adaGuid })[0]?.scenario).toBe('typing');
    await ada.next((f) => isNotification('isTyping')(f) && (f.body as { isTyping?: boolean }).isTyping === true);
    expect(server.session(adaGuid).transcript()?.[0]?.message).toMatch(/Hi Ada/);
    expect(ada.received.filter(isNotification('requestChat'))).toHaveLength(1);
    expect(() => server.session(adaGuid).switchScenario('no-such-one')).toThrow('unknown scenario "no-such-one"');
  });

  it('the whole-server reset closes every socket cleanly (1012), not as a dropped connection', async () => {
    const { server, ada, bob } = await twoChats();
    server.reset();
    expect((await ada.closed).code).toBe(1012);
    expect((await bob.closed).code).toBe(1012);
    expect(server.sessions()).toEqual([]);
  });

  it('methods are read from body.method whatever the frame (error frames as "error")', async () => {
    const { server, ada, adaGuid } = await twoChats();
    ada.send(frames.requestChat());
    const hit = await server.waitFor({ guid: adaGuid, direction: 'server', method: 'error' });
    expect(methodOf(hit.entry.frame)).toBeUndefined();
    expect((hit.entry.frame as { type: string }).type).toBe('error');
  });
});
