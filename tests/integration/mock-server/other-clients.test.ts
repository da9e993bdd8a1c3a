/**
 * The mock answers every client of the protocol as a real server would (protocol notes, "What
 * real deployments send and expect"): the reference client's own requests (coBrowseStatus,
 * queueStatus, newPushPageMessage), an older client's requestChat reconnect, a normal close
 * that ends the session, a close after routeCancel, a message over the server's length, and a
 * refusal of sockets that stays with its own scenario.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientFrame, ServerFrame } from '../../../generated/chat-socket.js';
import type { MockServer } from '../../../mock-server/index.js';
import { SESSION_KEY_INVALID } from '../../../mock-server/socket/service-errors.js';
import { clientsClosedAfterEach, frames, isError, isNotification, start, TestClient } from './client.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const connect = clientsClosedAfterEach();

const AGENTS = { sam: { id: 'agent-7', name: 'Sam' } };
const scenario = (name: string, conversation: unknown[], extra: Record<string, unknown> = {}) => ({
  name,
  story: `${name} test`,
  agents: AGENTS,
  conversation: [{ expect: 'requestChat' }, { send: 'requestChat' }, ...conversation],
  ...extra,
});

/** A request as other clients of the protocol write it (no such frame type exists for the widget). */
const request = (body: Record<string, unknown>) =>
  ({ apiVersion: '1.0', type: 'request', authToken: '', body }) as unknown as ClientFrame;
const body = (frame: ServerFrame) => frame.body as unknown as Record<string, unknown>;
const isAck = (method: string) => (frame: ServerFrame) =>
  frame.type === 'acknowledgement' && frame.body.method === method;

describe('the reference client’s own requests, in the tolerant profile', () => {
  it('acknowledges coBrowseStatus and newPushPageMessage, and answers queueStatus from the queue state', async () => {
    server = await start(
      scenario('queue', [{ wait: 10 }, { join: 'sam' }, { wait: 'forever' }], {
        session: { queue: { position: 3, estimatedWaitTime: 90 } },
      }),
      { profile: 'tolerant', speed: 10 },
    );
    const client = await connect(server);
    await client.requestChat();
    client.send(request({ method: 'coBrowseStatus', isEnabled: false }));
    expect((await client.next(isAck('coBrowseStatus'))).body).toEqual({ method: 'coBrowseStatus' });
    client.send(request({ method: 'queueStatus' }));
    expect(body(await client.next(isNotification('queueStatus')))).toEqual({
      method: 'queueStatus',
      positionInQueue: 3,
      estimatedWaitTime: 90,
    });
    client.send(request({ method: 'newPushPageMessage', pagePushURL: 'https://www.example.com/offers' }));
    await client.next(isAck('newPushPageMessage'));
    await client.next(isNotification('newParticipant'), 5000);
    client.send(request({ method: 'queueStatus' }));
    expect(body(await client.next(isNotification('queueStatus')))).toMatchObject({
      positionInQueue: 0,
      estimatedWaitTime: 0,
    });
    expect(client.received.filter(isError)).toEqual([]);
    const [session] = server.sessions();
    expect(session?.received.map((r) => (r.frame as { body: { method: string } }).body.method)).toEqual([
      'requestChat',
      'coBrowseStatus',
      'queueStatus',
      'newPushPageMessage',
      'queueStatus',
    ]);
  });

  it('logs each as a deviation from the strict contract, never as a violation', async () => {
    const lines: string[] = [];
    server = await start('happy-path', { profile: 'tolerant', log: (line) => lines.push(line) });
    const client = await connect(server);
    await client.requestChat();
    client.send(request({ method: 'coBrowseStatus', isEnabled: false }));
    await client.next(isAck('coBrowseStatus'));
    const logged = lines.find((line) => line.includes('→ client coBrowseStatus')) ?? '';
    expect(logged).toContain('⚠ deviates from the strict contract: /body/method unknown method "coBrowseStatus"');
    expect(logged).not.toContain('✗');
  });

  it('reports the availability answer’s EWT as the wait when the scenario names none', async () => {
    server = await start(
      {
        ...scenario('ewt', [{ wait: 'forever' }]),
        availability: { success: true, metrics: { EWT: '42', ResourceStaffedCount: '3' } },
      },
      {
        profile: 'tolerant',
      },
    );
    const client = await connect(server);
    await client.requestChat();
    client.send(request({ method: 'queueStatus' }));
    expect(body(await client.next(isNotification('queueStatus')))).toMatchObject({
      positionInQueue: 1,
      estimatedWaitTime: 42,
    });
  });

  it('refuses them before requestChat with error 1 naming the request, and in the strict profile as unknown', async () => {
    server = await start('happy-path', { profile: 'tolerant' });
    const early = await connect(server);
    early.send(request({ method: 'coBrowseStatus', isEnabled: false }));
    expect((await early.next(isError)).body).toEqual({
      code: 1,
      errorMessage: 'Invalid message: Chat not started',
      method: 'coBrowseStatus',
    });
    await server.close();
    server = await start('happy-path', { profile: 'strict' });
    const strict = await connect(server);
    await strict.requestChat();
    strict.send(request({ method: 'queueStatus' }));
    expect((await strict.next(isError)).body).toEqual({
      code: 1,
      errorMessage: 'Invalid message: /body/method unknown method "queueStatus"',
    });
  });

  it('a scenario scripts them like any other request: expect, rule, and queue: none', async () => {
    server = await start(
      scenario(
        'scripted',
        [
          { expect: 'coBrowseStatus', where: { '/body/isEnabled': false } },
          { join: 'sam' },
          { rule: { on: 'queueStatus', steps: [{ say: { agent: 'sam', text: 'You are next.' } }] } },
        ],
        { session: { queue: 'none', acknowledge: [] } },
      ),
      { profile: 'tolerant' },
    );
    const client = await connect(server);
    await client.requestChat();
    client.send(request({ method: 'coBrowseStatus', isEnabled: false }));
    await client.next(isNotification('newParticipant'));
    client.send(request({ method: 'queueStatus' }));
    expect(body(await client.next(isNotification('newMessage')))).toMatchObject({ message: 'You are next.' });
    expect(client.received.some(isNotification('queueStatus'))).toBe(false);
    expect(client.received.some((f) => f.type === 'acknowledgement')).toBe(false);
  });
});

describe('an older client reconnects with requestChat carrying guid and authenticationKey', () => {
  it('renews the session it names and gets its confirmation again, nothing replayed', async () => {
    server = await start('happy-path', { profile: 'tolerant' });
    const first = await connect(server);
    const session = await first.requestChat();
    await first.next(isNotification('newMessage'));
    first.close();
    await server.waitFor((sessions) => sessions[0]?.socket === 'none');
    const again = await connect(server);
    const reconnect = frames.requestChat() as unknown as { body: Record<string, unknown> };
    again.send(request({ ...reconnect.body, guid: session.guid, authenticationKey: session.authenticationKey }));
    const confirmed = await again.next(isNotification('requestChat'));
    expect(body(confirmed)).toMatchObject({ guid: session.guid, workRequestId: session.workRequestId });
    expect(server.liveSessions).toBe(1);
    again.send(frames.newMessage('still there?'));
    await again.next(isNotification('newMessage'), 5000);
    expect(again.received.filter(isNotification('newMessage')).map((f) => body(f).message)).not.toContain(
      "Hi Ada, I'm Sam. How can I help you today?",
    );
  });

  it('gets error 2 in the vendor’s words for a guid or key the server does not hold', async () => {
    server = await start('happy-path', { profile: 'tolerant' });
    const client = await connect(server);
    client.send(request({ ...(frames.requestChat() as { body: object }).body, guid: 12345, authenticationKey: 'k' }));
    expect((await client.next(isError)).body).toEqual({
      code: 2,
      errorMessage: SESSION_KEY_INVALID,
      method: 'requestChat',
    });
    expect(server.liveSessions).toBe(0);
  });
});

describe('a client’s close', () => {
  const closeAndRenew = async (code: number | undefined, extra: Record<string, unknown> = {}) => {
    server = await start({ ...scenario('close', [{ wait: 'forever' }]), ...extra });
    const client = await connect(server);
    const session = await client.requestChat();
    if (code === undefined) client.ws.close();
    else client.ws.close(code);
    await client.closed;
    await server.waitFor((sessions) => sessions[0]?.socket === 'none');
    const renew = await connect(server);
    renew.send(frames.renewChat(session.guid, session.authenticationKey, false));
    // The pong comes after whatever answers the renew: an error 2, or nothing (renewed).
    renew.send(frames.ping());
    await renew.next(isNotification('pong'));
    return renew.received.find(isError)?.body ?? 'renewed';
  };

  it('with 1000 ends the session: the renew is refused with error 2', async () => {
    expect(await closeAndRenew(1000)).toMatchObject({ code: 2 });
    expect(server?.sessions()[0]?.ended).toBe(true);
  });

  it('without a code (1005) ends it too', async () => {
    expect(await closeAndRenew(undefined)).toMatchObject({ code: 2 });
  });

  it('with 4001, the code of a client that will reconnect, keeps it renewable', async () => {
    expect(await closeAndRenew(4001)).toBe('renewed');
  });

  it('with 1000 keeps it when the scenario says normalCloseEnds: false', async () => {
    expect(await closeAndRenew(1000, { session: { normalCloseEnds: false } })).toBe('renewed');
  });
});

describe('routeCancel', () => {
  it('is followed by close 1000 by default, ending the session', async () => {
    server = await start('route-cancel', { speed: 20 });
    const client = await connect(server);
    await client.requestChat();
    await client.next(isNotification('routeCancel'));
    expect((await client.closed).code).toBe(1000);
    await server.waitFor((sessions) => sessions[0]?.ended === true);
  });

  it('is followed by the close the scenario says, or none', async () => {
    server = await start(
      scenario('cancel-later', [{ send: 'routeCancel' }], { session: { afterRouteCancel: { close: 4000, after: 2 } } }),
      { speed: 20 },
    );
    const client = await connect(server);
    await client.requestChat();
    await client.next(isNotification('routeCancel'));
    expect((await client.closed).code).toBe(4000);
    await server.close();
    server = await start(
      scenario('cancel-open', [{ send: 'routeCancel' }, { wait: 1 }, { join: 'sam' }], {
        session: { afterRouteCancel: 'none' },
      }),
      { speed: 20 },
    );
    const open = await connect(server);
    await open.requestChat();
    await open.next(isNotification('routeCancel'));
    // The step after a second proves the socket outlived the routeCancel.
    await open.next(isNotification('newParticipant'));
    expect(open.ws.readyState).toBe(open.ws.OPEN);
  });
});

describe('a scenario that refuses connections', () => {
  it('refuses the sockets of its own scenario, not every client of the server', async () => {
    server = await start(['reconnect-exhausted', 'happy-path'], { speed: 20 });
    const refusing = await connect(server);
    await refusing.requestChat();
    expect((await refusing.closed).code).toBe(1006);
    await expect(TestClient.connect(server.socketUrl)).rejects.toThrow('upgrade refused: 503');
    // A second client of the same server, playing another scenario, is served.
    const other = await connect(server, '?scenario=happy-path');
    await other.requestChat();
    await other.next(isNotification('newParticipant'));
  });
});

describe('what the vendor’s server also does', () => {
  it('answers a message over the scenario’s length with error 1 naming newMessage, and keeps it out of the chat', async () => {
    server = await start(scenario('short', [{ wait: 'forever' }], { session: { maxMessageLength: 5 } }));
    const client = await connect(server);
    await client.requestChat();
    client.send(frames.newMessage('123456'));
    expect((await client.next(isError)).body).toEqual({
      code: 1,
      errorMessage: 'Invalid message: the message must be 1 to 5 characters',
      method: 'newMessage',
    });
    client.send(frames.newMessage('12345'));
    await client.next(isAck('newMessage'));
    expect(server.transcript(server.sessions()[0]?.guid ?? 0)?.map((m) => m.message)).toEqual(['12345']);
  });

  it('acknowledges with accepted, answers pings with the documented pong, and sends both on-hold arrays', async () => {
    server = await start(
      scenario('documented', [{ wait: 'forever' }], {
        session: { acknowledgeAccepted: true, pingAnswer: 'pongAsRequest' },
      }),
    );
    const client = await connect(server);
    const { frame } = await client.requestChat();
    expect(body(frame)).toMatchObject({ webOnHoldComfortGroups: [], webOnHoldURLs: [] });
    client.send(frames.newMessage('hello'));
    expect((await client.next(isAck('newMessage'))).body).toEqual({ method: 'newMessage', accepted: true });
    client.send(frames.ping());
    expect(await client.next((f) => (f.type as string) === 'request')).toEqual({
      apiVersion: '1.0',
      type: 'request',
      body: { method: 'pong' },
    });
  });

  it('sends a confirmation without workRequestId, a documented newMessage and a pushed page as the vendor writes them', async () => {
    server = await start(
      {
        ...scenario('vendor', []),
        conversation: [
          { expect: 'requestChat' },
          { send: 'requestChat', without: ['workRequestId'] },
          { join: 'sam' },
          { say: { agent: 'sam', text: 'Hello, my name is Sam.', shape: 'documented' } },
          {
            send: 'newPushPageMessage',
            body: {
              displayName: 'Sam',
              pagePushURL: '{{serverUrl}}/energy',
              pagePushDestination: 'newTab',
              timestamp: '{{nowSeconds}}',
            },
          },
        ],
      },
      { profile: 'tolerant' },
    );
    const client = await connect(server);
    const { frame } = await client.requestChat();
    expect(Object.keys(body(frame))).not.toContain('workRequestId');
    const message = body(await client.next(isNotification('newMessage')));
    expect(Object.keys(message).sort()).toEqual(['displayName', 'message', 'method', 'timestamp']);
    expect(message.timestamp as number).toBeLessThan(1e11);
    const pushed = body(await client.next(isNotification('newPushPageMessage')));
    expect(pushed).toMatchObject({ pagePushURL: `${server.url}/energy`, pagePushDestination: 'newTab' });
    // Every one is a documented shape, not a violation: nothing was held back.
    expect(server.sessions()[0]?.sent.some((s) => s.note?.startsWith('not sent'))).toBe(false);
  });
});
