/**
 * Issue 25: the agent console's server side. A person plays any session through
 * POST /__mock/sessions/GUID/action (and `server.session(guid).act()` in-process): every frame
 * goes out through the session's socket as a scenario's does, so the client reads it, the
 * journal, the log and the capture have it. A `live:` step hands a session over; the built-in
 * live-agent queues the visitor until a person joins. The live feed (/__mock/agent/events)
 * reports every change, frames or none, as it happens.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../../generated/chat-socket.js';
import { loadScenario, MockChatError, type MockServer } from '../../../mock-server/index.js';
import type { FeedEvent } from '../../../mock-server/live/console-api.js';
import { clientsClosedAfterEach, frames, isError, isNotification, start, type TestClient } from './client.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const connect = clientsClosedAfterEach();

const body = (frame: ServerFrame) => frame.body as Record<string, any>;

async function act(guid: number, action: unknown, init: RequestInit = {}) {
  const response = await fetch(`${server?.url}/__mock/sessions/${guid}/action`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(action),
    ...init,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** A visitor queued on live-agent, and the guid of the session. */
async function queued(options: Parameters<typeof start>[1] = {}): Promise<{ client: TestClient; guid: number }> {
  // Tolerant, as serve is: the queueStatus request is another client's (the reference client's).
  server = await start('live-agent', { profile: 'tolerant', ...options });
  const client = await connect(server);
  const { guid } = await client.requestChat('Ada');
  return { client, guid };
}

/** A person joins as Jo: the agent's id. */
async function join(guid: number, extra: Record<string, unknown> = {}): Promise<string> {
  const joined = await act(guid, { action: 'join', name: 'Jo', ...extra });
  expect(joined.status).toBe(200);
  return joined.body.agent.id as string;
}

describe('live-agent: the visitor waits for a person', () => {
  it('confirms with both on-hold arrays, answers queueStatus, and reports the session as waiting for the console', async () => {
    const { client, guid } = await queued();
    const confirmation = body(client.received.find(isNotification('requestChat')) as ServerFrame);
    expect(confirmation.webOnHoldComfortGroups[0].messages[0].message).toContain('shortly');
    expect(confirmation.webOnHoldURLs[0].urls[0].url).toMatch(/^https:/);
    client.send({ apiVersion: '1.0', type: 'request', authToken: '', body: { method: 'queueStatus' } } as never);
    expect(body(await client.next(isNotification('queueStatus')))).toMatchObject({
      positionInQueue: 1,
      estimatedWaitTime: 60,
    });
    await server?.waitFor((sessions) => sessions.some((s) => s.guid === guid && s.controlledBy === 'waiting'));
    const [report] = server?.sessions({ guid }) ?? [];
    expect(report).toMatchObject({ customerName: 'Ada', participants: [], controlledBy: 'waiting' });
    expect(report?.position.step).toBe('live');
    expect(Date.parse(report?.queuedSince ?? '')).toBeGreaterThan(0);
  });

  it('a person joins: newParticipant with the participants, the session is the console’s and no longer queued', async () => {
    const { client, guid } = await queued();
    const joined = await act(guid, { action: 'join', name: 'Jo', role: 'active_participant' });
    expect(joined).toMatchObject({
      status: 200,
      body: {
        success: true,
        guid,
        action: 'join',
        controlledBy: 'console',
        agent: { id: 'console-agent-1', name: 'Jo', role: 'active_participant', senderType: 'live_agent' },
        frames: [{ method: 'newParticipant', seq: expect.any(Number) }],
      },
    });
    expect(body(await client.next(isNotification('newParticipant')))).toMatchObject({
      agentId: 'console-agent-1',
      displayName: 'Jo',
      role: 'active_participant',
      numberOfParticipants: 1,
      participants: [{ id: 'console-agent-1', name: 'Jo', type: 'active_participant' }],
    });
    expect(server?.sessions({ guid })[0]).toMatchObject({
      controlledBy: 'console',
      queuedSince: null,
      participants: [{ id: 'console-agent-1', name: 'Jo', type: 'active_participant' }],
    });
  });
});

describe('what a person does reaches the visitor as a scenario’s frames do', () => {
  it('types, writes, shares the brochure (downloadable), pushes a page, transfers; a second agent and the bot join', async () => {
    const { client, guid } = await queued();
    const jo = await join(guid);
    await act(guid, { action: 'typing', agent: jo, isTyping: true });
    expect(body(await client.next(isNotification('isTyping')))).toEqual({
      method: 'isTyping',
      agentId: jo,
      isTyping: true,
    });
    await act(guid, { action: 'typing', agent: jo, isTyping: false });
    expect(body(await client.next(isNotification('isTyping'))).isTyping).toBe(false);
    await act(guid, { action: 'say', agent: jo, text: 'Hi {{customerName}}, how can I help?' });
    // What the person wrote, as written: no templates.
    expect(body(await client.next(isNotification('newMessage')))).toMatchObject({
      displayName: 'Jo',
      senderType: 'live_agent',
      type: 'text',
      message: 'Hi {{customerName}}, how can I help?',
    });
    await act(guid, { action: 'share', agent: jo });
    const file = body(await client.next(isNotification('newAgentFileTransfer')));
    expect(file).toMatchObject({ agentName: 'Jo', name: 'model-brochure.pdf', uuid: expect.any(String) });
    const download = await fetch(file.address);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    await act(guid, { action: 'pushPage', agent: jo, url: 'https://www.example.com/offers' });
    expect(body(await client.next(isNotification('newPushPageMessage')))).toMatchObject({
      displayName: 'Jo',
      pagePushURL: 'https://www.example.com/offers',
      pagePushDestination: 'newTab',
    });
    await act(guid, { action: 'leave', agent: jo, reason: 'transfer' });
    expect(body(await client.next(isNotification('participantLeave')))).toMatchObject({
      agentId: jo,
      leaveReason: 'transfer',
      endChatFlag: false,
      numberOfParticipants: 0,
      participants: [],
    });
    const kim = await join(guid, { name: 'Kim', role: 'supervisor_barge' });
    expect(kim).toBe('console-agent-2');
    expect(body(await client.next(isNotification('newParticipant')))).toMatchObject({
      displayName: 'Kim',
      role: 'supervisor_barge',
    });
    const bot = await join(guid, { name: 'Assistant', senderType: 'bot' });
    expect(bot).toBe('AvayaAutomatedResource');
    await act(guid, { action: 'say', agent: bot, text: 'Beep.' });
    expect(body(await client.next(isNotification('newMessage')))).toMatchObject({
      displayName: 'Assistant',
      senderType: 'bot',
    });
    // Every one of them is in the session's journal, marked as the console's.
    const sent = server?.session(guid).journal({ direction: 'server' }) ?? [];
    const fromConsole = sent.filter((entry) => entry.note === 'agent console').map((entry) => body(entry.frame as any));
    expect(fromConsole.map((b) => b.method)).toEqual([
      'newParticipant',
      'isTyping',
      'isTyping',
      'newMessage',
      'newAgentFileTransfer',
      'newPushPageMessage',
      'participantLeave',
      'newParticipant',
      'newParticipant',
      'newMessage',
    ]);
  });

  it('sends an error, closes with 4001 (the chat renews), drops the connection (1006, renews), and ends the chat', async () => {
    const { client, guid } = await queued();
    const key = body(client.received.find(isNotification('requestChat')) as ServerFrame).authenticationKey as string;
    await act(guid, { action: 'error', code: 503 });
    expect(body(await client.next(isError))).toEqual({
      code: 503,
      errorMessage: 'Contact centre is shutting down for maintenance',
    });
    await act(guid, { action: 'error', code: 42, message: 'Something odd' });
    expect(body(await client.next(isError))).toEqual({ code: 42, errorMessage: 'Something odd' });

    await act(guid, { action: 'close', code: 4001 });
    expect(await client.closed).toEqual({ code: 4001, reason: 'Closed from the agent console' });
    const second = await connect(server as MockServer);
    second.send(frames.renewChat(guid, key, false));
    await server?.waitFor((sessions) => sessions.some((s) => s.guid === guid && s.socket === 'open'));

    await act(guid, { action: 'close', code: 1006 });
    expect((await second.closed).code).toBe(1006);
    const third = await connect(server as MockServer);
    third.send(frames.renewChat(guid, key, false));
    await server?.waitFor((sessions) => sessions.some((s) => s.guid === guid && s.socket === 'open'));

    const ended = await act(guid, { action: 'end' });
    expect(ended.body.frames.map((f: { method: string }) => f.method)).toEqual(['closeConversation']);
    await third.next(isNotification('closeConversation'));
    expect(await third.closed).toEqual({ code: 1000, reason: 'Chat ended by agent' });
    expect(server?.sessions({ guid })[0]?.ended).toBe(true);
  });

  it('errors 1 and 2 carry the vendor’s words; 1001 keeps the chat renewable, 1000 ends it', async () => {
    const { client, guid } = await queued();
    const key = body(client.received.find(isNotification('requestChat')) as ServerFrame).authenticationKey as string;
    await act(guid, { action: 'error', code: 1 });
    expect(body(await client.next(isError))).toEqual({
      code: 1,
      errorMessage: 'Invalid message: sent from the agent console',
    });
    await act(guid, { action: 'error', code: 2 });
    expect(body(await client.next(isError))).toEqual({ code: 2, errorMessage: 'Session key is invalid or expired' });

    await act(guid, { action: 'close', code: 1001 });
    expect(await client.closed).toEqual({ code: 1001, reason: 'Closed from the agent console' });
    expect(server?.sessions({ guid })[0]?.ended).toBe(false);
    const second = await connect(server as MockServer);
    second.send(frames.renewChat(guid, key, false));
    await server?.waitFor((sessions) => sessions.some((s) => s.guid === guid && s.socket === 'open'));

    await act(guid, { action: 'close', code: 1000, reason: 'Goodbye from QA' });
    expect(await second.closed).toEqual({ code: 1000, reason: 'Goodbye from QA' });
    await server?.waitFor((sessions) => sessions.some((s) => s.guid === guid && s.ended));
  });

  it('cancels the route: routeCancel, then the service closes with 1000', async () => {
    const { client, guid } = await queued();
    await act(guid, { action: 'routeCancel' });
    await client.next(isNotification('routeCancel'));
    expect((await client.closed).code).toBe(1000);
  });

  it('pauses and resumes acknowledgements and pongs', async () => {
    const { client, guid } = await queued();
    expect((await act(guid, { action: 'acknowledgements', on: false })).status).toBe(200);
    expect((await act(guid, { action: 'pongs', on: false })).status).toBe(200);
    expect(server?.sessions({ guid })[0]?.answers).toEqual({ acknowledgements: false, pongs: false });
    client.send(frames.ping());
    client.send(frames.newMessage('anyone?'));
    // The service answers frames in order: a pong or an acknowledgement would come before the
    // queueStatus answer that follows them; none did.
    client.send({ apiVersion: '1.0', type: 'request', authToken: '', body: { method: 'queueStatus' } } as never);
    await client.next(isNotification('queueStatus'));
    expect(client.received.filter((f) => f.type === 'acknowledgement' || isNotification('pong')(f))).toEqual([]);
    await act(guid, { action: 'acknowledgements', on: true });
    await act(guid, { action: 'pongs', on: true });
    expect(server?.sessions({ guid })[0]?.answers).toEqual({ acknowledgements: true, pongs: true });
    client.send(frames.ping());
    await client.next(isNotification('pong'));
    client.send(frames.newMessage('there?'));
    expect(body(await client.next((f) => f.type === 'acknowledgement'))).toEqual({ method: 'newMessage' });
  });

  it('records every console frame in the capture and logs it, contract-checked', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mock-chat-console-'));
    const record = path.join(dir, 'capture.jsonl');
    const lines: string[] = [];
    const { client, guid } = await queued({
      record,
      log: 'json',
      logOut: { write: (t: string) => lines.push(t) } as any,
    });
    const jo = await join(guid);
    await act(guid, { action: 'say', agent: jo, text: 'Recorded' });
    await client.next(isNotification('newMessage'));
    await server?.close();
    const captured = readFileSync(record, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(captured.filter((l) => l.direction === 'server').map((l) => l.frame.body?.method)).toEqual(
      expect.arrayContaining(['newParticipant', 'newMessage']),
    );
    const logged = lines.map((line) => JSON.parse(line));
    const said = logged.find((l) => l.direction === 'server' && l.frame?.body?.message === 'Recorded');
    expect(said).toMatchObject({ session: `guid ${guid}` });
    expect(said.violations).toBeUndefined();
    expect(logged.some((l) => String(l.message).includes(`[console] guid ${guid}: say as Jo (${jo})`))).toBe(true);
  });
});

describe('taking over a scripted session', () => {
  it('stops its script and every rule; the console speaks as the scenario’s agent present', async () => {
    server = await start('happy-path');
    const client = await connect(server);
    const { guid } = await client.requestChat('Ada');
    await client.next(isNotification('newParticipant'));
    await server.waitFor((sessions) =>
      sessions.some((s) => s.guid === guid && s.position.rules.some((rule) => !rule.ended)),
    );
    const taken = await act(guid, { action: 'takeOver' });
    expect(taken.body).toMatchObject({ controlledBy: 'console', frames: [] });
    const [report] = server.sessions({ guid });
    expect(report?.position.rules.every((rule) => rule.ended)).toBe(true);
    // Sam is present (the scenario's agent): the console speaks as Sam.
    await act(guid, { action: 'say', agent: 'agent-7', text: 'Sam here, by hand.' });
    expect(
      body(await client.next((f) => isNotification('newMessage')(f) && body(f).message === 'Sam here, by hand.')),
    ).toMatchObject({ displayName: 'Sam', senderType: 'live_agent' });
  });

  it('leaves a script playing for the service’s own doings (pongs, a close)', async () => {
    server = await start('happy-path');
    const client = await connect(server);
    const { guid } = await client.requestChat('Ada');
    const paused = await act(guid, { action: 'pongs', on: false });
    expect(paused.body.controlledBy).toBe('script');
  });
});

describe('what the action API refuses, and why', () => {
  it('400: no action, an unknown one (with a hint), a missing field, a wrong enum, an unknown field, a drop that is no close code', async () => {
    const { guid } = await queued();
    expect(await act(guid, {})).toEqual({
      status: 400,
      body: { success: false, message: expect.stringMatching(/^`action` is missing: use one of takeOver, join, /) },
    });
    expect((await act(guid, { action: 'sey' })).body.message).toMatch(/"sey" is no action: .*\(did you mean `say`\?\)/);
    expect((await act(guid, { action: 'say', agent: 'x' })).body.message).toMatch(/^say: \/text: is missing/);
    expect((await act(guid, { action: 'join', name: 'Jo', role: 'boss' })).body.message).toMatch(
      /\/role: `role: boss` must be one of active_participant, passive_participant, supervisor_observe, supervisor_barge/,
    );
    expect((await act(guid, { action: 'leave', agent: 'x', reason: 'transferred' })).body.message).toMatch(
      /did you mean `transfer`/,
    );
    expect((await act(guid, { action: 'end', now: true })).body.message).toMatch(/`now` is not a setting here/);
    expect((await act(guid, { action: 'close', code: 1005 })).status).toBe(400);
    expect((await act(guid, { action: 'pushPage', agent: 'x', url: 'javascript:alert(1)' })).status).toBe(400);
    expect((await act(guid, { action: 'say', agent: 'x', text: 'x'.repeat(10_001) })).status).toBe(400);
    expect((await act(guid, [])).body.message).toMatch(/must be a JSON object/);
  });

  it('415 for a body that is not JSON, 404 for no live session, 409 for an agent not present or no socket', async () => {
    const { client, guid } = await queued();
    const form = await fetch(`${server?.url}/__mock/sessions/${guid}/action`, { method: 'POST', body: 'action=end' });
    expect(form.status).toBe(415);
    expect((await act(12345, { action: 'end' })).status).toBe(404);
    const absent = await act(guid, { action: 'say', agent: 'nobody', text: 'hi' });
    expect(absent).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/not in the chat .*join first/) },
    });
    // Nothing was taken over by a refused action.
    expect(server?.sessions({ guid })[0]?.controlledBy).toBe('waiting');
    client.ws.close(4001);
    await server?.waitFor((sessions) => sessions.some((s) => s.guid === guid && s.socket === 'none'));
    const away = await act(guid, { action: 'join', name: 'Jo' });
    expect(away).toMatchObject({ status: 409, body: { message: expect.stringMatching(/socket is not open/) } });
  });

  it('in-process: server.session(guid).act() answers as the API does, and throws a MockChatError with a code', async () => {
    const { client, guid } = await queued();
    const mine = server?.session(guid);
    expect(mine?.act({ action: 'join', name: 'Jo' }).agent?.id).toBe('console-agent-1');
    await client.next(isNotification('newParticipant'));
    expect(() => mine?.act({ action: 'say' } as never)).toThrow(MockChatError);
    try {
      server?.session(999).act({ action: 'end' });
    } catch (error) {
      expect((error as MockChatError).code).toBe('UNKNOWN_SESSION');
    }
    expect(() => server?.session(999).act({ action: 'end' })).toThrow(/no live chat session/);
  });
});

/** The status of a GET sent to the server under another name (a Host header fetch would not send). */
function statusSentTo(url: string, host: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Reads a server-sent event stream: the events as they come. */
async function openFeed(url: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const events: FeedEvent[] = [];
  const waiters: (() => void)[] = [];
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)) as FeedEvent);
          for (const wake of waiters.splice(0)) wake();
        }
      }
    })();
  }
  const next = async (test: (event: FeedEvent) => boolean, timeoutMs = 5000): Promise<FeedEvent> => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find(test);
      if (found) return found;
      if (Date.now() > end) throw new Error(`no such feed event; got ${JSON.stringify(events).slice(0, 2000)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, end - Date.now());
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  return { response, events, next, close: () => abort.abort() };
}

describe('the live feed: GET /__mock/agent/events', () => {
  it('a snapshot, then the visitor typing, a new session, and a socket closing with no frame, as they happen', async () => {
    const { client, guid } = await queued();
    const feed = await openFeed(`${server?.url}/__mock/agent/events?watch=${guid}`);
    try {
      expect(feed.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const snapshot = await feed.next((e) => e.type === 'snapshot');
      expect(snapshot).toMatchObject({
        sessions: [{ guid, customerName: 'Ada', controlledBy: 'waiting' }],
        watched: { guid, frames: expect.arrayContaining([expect.objectContaining({ direction: 'client' })]) },
      });
      client.send(frames.isTyping());
      const typing = await feed.next(
        (e) => e.type === 'frames' && e.frames.some((f) => (f.frame as any).body?.method === 'isTyping'),
      );
      expect(typing).toMatchObject({ guid, frames: [{ direction: 'client', frame: { body: { isTyping: true } } }] });
      const other = await connect(server as MockServer);
      const { guid: bobGuid } = await other.requestChat('Bob');
      await feed.next((e) => e.type === 'session' && e.session.guid === bobGuid && e.session.customerName === 'Bob');
      other.ws.close(4001);
      await feed.next((e) => e.type === 'session' && e.session.guid === bobGuid && e.session.socket === 'none');
      await fetch(`${server?.url}/__mock/sessions/${bobGuid}/reset`, { method: 'POST' });
      await feed.next((e) => e.type === 'gone' && e.guid === bobGuid);
    } finally {
      feed.close();
    }
  });

  it('answers only this server’s own pages: another site’s origin or a rebinding host gets 403', async () => {
    server = await start('live-agent');
    const foreign = await fetch(`${server.url}/__mock/agent/events`, { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(await statusSentTo(`${server.url}/__mock/agent`, `attacker.example:${server.port}`)).toBe(403);
    expect(await statusSentTo(`${server.url}/__mock/agent`, `localhost:${server.port}`)).not.toBe(403);
    const action = await fetch(`${server.url}/__mock/sessions/1/action`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{"action":"end"}',
    });
    expect(action.status).toBe(403);
    expect((await fetch(`${server.url}/__mock/agent/events?watch=x`)).status).toBe(400);
  });
});

describe('the console page', () => {
  it('is served from the built console under a strict Content-Security-Policy; unbuilt, a page says how to build it', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'agent-console-'));
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Agent console</title>');
    writeFileSync(path.join(root, 'assets', 'console-abc.js'), 'export {};');
    server = await start('live-agent', { consoleRoot: root });
    const page = await fetch(`${server.url}/__mock/agent`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Agent console');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    const script = await fetch(`${server.url}/__mock/agent/assets/console-abc.js`);
    expect(script.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${server.url}/__mock/agent/assets/../../../etc/passwd`)).status).toBe(404);
    await server.close();
    server = await start('live-agent', { consoleRoot: path.join(root, 'missing') });
    const unbuilt = await fetch(`${server.url}/__mock/agent/`);
    expect(unbuilt.status).toBe(404);
    expect(await unbuilt.text()).toContain('npm run build');
  });
});

describe('the live step', () => {
  it('validates in a scenario, and a step after it (which would never run) is a problem at its line', () => {
    const scenario = loadScenario({
      name: 'my-live',
      story: 'Confirmed, then a person plays it.',
      conversation: [{ expect: 'requestChat' }, { send: 'requestChat' }, { live: true }],
    });
    expect(scenario.conversation.map((step) => step.kind)).toEqual(['expect', 'send', 'live']);
    expect(() => loadScenario({ name: 'x', story: 'y', conversation: [{ live: true }, { wait: 1 }] })).toThrow(
      /conversation\[1\]: comes after `live: true`/,
    );
  });

  it('hands a session of a file scenario to the console after its scripted greeting', async () => {
    server = await start({
      name: 'greet-then-live',
      story: 'Sam greets, then a person takes over.',
      agents: { sam: { id: 'agent-7', name: 'Sam' } },
      conversation: [
        { expect: 'requestChat' },
        { send: 'requestChat' },
        { join: 'sam' },
        { say: { agent: 'sam', text: 'Hello from the script.' } },
        { live: true },
      ],
    });
    const client = await connect(server);
    const { guid } = await client.requestChat();
    await client.next(isNotification('newMessage'));
    await server.waitFor((sessions) => sessions.some((s) => s.guid === guid && s.controlledBy === 'waiting'));
    await act(guid, { action: 'say', agent: 'agent-7', text: 'A person now.' });
    expect(body(await client.next(isNotification('newMessage'))).message).toBe('A person now.');
    expect(server.sessions({ guid })[0]?.controlledBy).toBe('console');
  });
});
