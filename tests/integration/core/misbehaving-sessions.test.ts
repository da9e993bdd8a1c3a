/**
 * Misbehaving contact centres across page loads and endings, against the real mock over a
 * real socket in real time scaled by the mock's speed: what the next page finds, what reaches
 * the service when the visitor ends the chat (the connect timeout's closeConversation is in
 * connection-scenarios.test.ts, beside the connect-timeout scenario's other checks), and what
 * the widget makes of wild durations and socket addresses. Waits are on the core's state or the mock's
 * verification API, never fixed sleeps; where a case waits on the core's own timers, the
 * core's clock is run ahead (one clock for every page of the visit, as in a browser).
 */
import { describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../mock-server/index.js';
import { isInputEnabled, selectHeaderName, selectMode } from '../../../widget/core/chat/selectors.js';
import type { WidgetState } from '../../../widget/core/chat/state.js';
import { STORAGE_KEYS } from '../../../widget/core/session/storage-keys.js';
import { TEXTS } from '../../../widget/core/texts.js';
import { WAIT_MS } from '../../support/patience.js';
import { CoreClock, customer, type Visit, visits } from './support/core-over-mock.js';

const open = visits();
/** Short waits: page options win over chatWidgetParams (and are clamped like them). */
const quick = { retryInterval: 300, retryJitter: 0, maxNumberOfRetries: 10, pingTimer: 1000, livenessTimeout: 2000 };
const page = (options: Record<string, unknown> = {}) => ({ options: { ...quick, ...options } });

type SessionReport = ReturnType<MockServer['sessions']>[number];

/** A stored key of the visit's page (its storage, as the next page finds it). */
const stored = (v: Visit, key: keyof typeof STORAGE_KEYS): string | null =>
  v.env.storage?.getItem(STORAGE_KEYS[key]) ?? null;

async function started(scenario: string, options: Parameters<typeof open>[1] = {}): Promise<Visit> {
  const v = await open(scenario, options);
  v.core.start();
  await v.until((s) => s.availability.status === 'available');
  v.core.openDialog();
  v.core.startChat(customer);
  await v.until((s) => s.chat.status.kind === 'active' || s.chat.status.kind === 'waiting');
  return v;
}

/** The next page of the same site: the same storage and contact centre, a new core. */
async function nextPage(v: Visit, options: Parameters<typeof open>[1] = {}): Promise<Visit> {
  v.core.dispose();
  const next = await open(v.server.scenario, {
    storage: v.env.storage ?? undefined,
    server: v.server,
    clock: v.clock,
    ...options,
  });
  next.core.start();
  return next;
}

function agentLines(state: WidgetState): string[] {
  return state.chat.messages.flatMap((m) => (m.kind === 'live_agent' ? [m.text] : []));
}

/** What one session received, pings left out. */
function received(sessions: SessionReport[], guid: number): { method: string; body: Record<string, unknown> }[] {
  return (sessions.find((s) => s.guid === guid)?.received ?? [])
    .map((r) => (r.frame as { body: { method: string } & Record<string, unknown> }).body)
    .filter((body) => body.method !== 'ping')
    .map((body) => ({ method: body.method, body }));
}

const methods = (sessions: SessionReport[], guid: number) => received(sessions, guid).map((r) => r.method);

/** Sam writes every half second; the customer only reads. */
const readingVisitor = {
  name: 'reading-visitor',
  story: 'Sam keeps writing updates; the customer only reads and never types.',
  availability: { success: true, metrics: { EWT: '30', ResourceStaffedCount: '3' } },
  agents: { sam: { id: 'agent-7', name: 'Sam' } },
  conversation: [
    { expect: 'requestChat' },
    { send: 'requestChat', body: { intrinsics: { name: '{{customerName}}' } } },
    { join: 'sam' },
    { repeat: { times: 1000, steps: [{ wait: '0.5s' }, { say: { agent: 'sam', text: 'Update {{uuid}}' } }] } },
  ],
};

/** The service confirms with comfort messages every second and never finds an agent. */
const longQueue = {
  name: 'long-queue',
  story: 'The customer waits in the queue with a comfort message every second; no agent comes.',
  availability: { success: true, metrics: { EWT: '30', ResourceStaffedCount: '3' } },
  conversation: [
    { expect: 'requestChat' },
    {
      send: 'requestChat',
      body: {
        webOnHoldComfortGroups: [{ delay: 1, messages: [{ message: 'You are still in the queue.', sequence: 1 }] }],
      },
    },
    { wait: 'forever' },
  ],
};

describe('misbehaving contact centres across pages and endings', () => {
  it('a visitor who only reads for longer than refreshTimeoutSeconds keeps the chat on the next page', async () => {
    const server = await startMockServer({ scenario: readingVisitor, port: 0, speed: 20, profile: 'strict' });
    // No pings in this window: only what arrives counts.
    const options = page({ refreshTimeoutSeconds: 2, pingTimer: 300_000 });
    // The core's time moves only as the test runs it: real time lost to a busy machine between
    // two steps must not count as the visitor's idle time.
    const clock = new CoreClock({ followsRealTime: false });
    const v = await started('reading-visitor', { server, page: options, clock });
    const guid = Number(stored(v, 'guid'));
    const requested = Number(stored(v, 'lastChatRequestTimestamp'));
    // The core's time runs past 3 s after the request, half a second at a time, and after each
    // step another of Sam's updates arrives.
    while (v.clock.now() - requested <= 3000) {
      await v.clock.advance(500);
      const read = agentLines(v.state()).length;
      await v.until((s) => agentLines(s).length > read);
    }
    expect(agentLines(v.state()).length).toBeGreaterThanOrEqual(5);
    expect(v.server.sessions()[0]?.received.map((r) => (r.frame as { body: { method: string } }).body.method)).toEqual([
      'requestChat',
    ]);
    const next = await nextPage(v, { page: options });
    expect(next.state().availability).toEqual({ status: 'resuming' });
    await server.waitFor((sessions) => methods(sessions, guid).includes('renewChat'), WAIT_MS);
  });

  it('silent-agent: nobody writes and no ping is answered; what the page sends is activity too, so the next page resumes', async () => {
    const options = page({ refreshTimeoutSeconds: 2 });
    const v = await started('silent-agent', { page: options, clock: new CoreClock({ followsRealTime: false }) });
    const guid = Number(stored(v, 'guid'));
    const requested = Number(stored(v, 'lastChatRequestTimestamp'));
    await v.until((s) => s.chat.status.kind === 'active');
    v.core.customerTyping();
    // The core's time runs 3 s past the request: it pings every second meanwhile.
    await v.clock.advance(3_100);
    expect(v.clock.now() - requested).toBeGreaterThan(3000);
    // All of it has reached the service (which answers a ping, if at all, as it takes it).
    await v.server.waitFor(
      (sessions) =>
        methods(sessions, guid).includes('isTyping') &&
        (sessions[0]?.received ?? []).filter((r) => (r.frame as { body: { method: string } }).body.method === 'ping')
          .length >= 3,
    );
    const sent = v.server.sessions()[0]?.sent.map((s) => (s.frame as { body: { method: string } }).body.method);
    // Since Sam joined, nothing came from the server: only pings and a typing signal went out.
    expect(sent?.slice(sent.indexOf('newParticipant') + 1)).toEqual([]);
    const next = await nextPage(v, { page: options });
    expect(next.state().availability).toEqual({ status: 'resuming' });
    await v.server.waitFor((sessions) => methods(sessions, guid).includes('renewChat'), WAIT_MS);
  });

  it('a renew refused on page load (the service ended the chat while the visitor was away): "your previous chat has ended", no error code, a new chat offered and working', async () => {
    const v = await started('happy-path', { page: page() });
    await v.until((s) => agentLines(s).length >= 1);
    v.core.dispose();
    v.server.reset();
    const next = await nextPage(v, { page: page() });
    expect(next.state().availability).toEqual({ status: 'resuming' });
    const refused = await next.until((s) => s.statusCard !== null);
    expect(refused.statusCard).toEqual({
      tone: 'info',
      title: TEXTS.previousChatEndedTitle,
      body: TEXTS.previousChatEndedBody,
    });
    expect(selectMode(refused)).toBe('logon');
    await next.until((s) => s.availability.status === 'available');
    expect(JSON.stringify(next.state())).not.toContain('Error code');
    expect(stored(next, 'guid')).toBeNull();
    next.core.startChat(customer);
    await next.until((s) => s.chat.status.kind === 'active' && agentLines(s).length >= 1);
  });

  it('silent-agent: a reload while Sam is present but has not written: the composer is enabled at once, the chat goes on', async () => {
    const v = await started('silent-agent', { page: page() });
    await v.until((s) => s.chat.status.kind === 'active');
    const next = await nextPage(v, { page: page() });
    expect(selectHeaderName(next.state())).toBe('Sam');
    // Nothing comes from this server (no replay, no pong, no message): only the stored participants say Sam is there.
    const resumed = await next.until((s) => s.chat.status.kind === 'active');
    expect(isInputEnabled(resumed)).toBe(true);
    next.core.sendMessage('still there?');
    // Pings go unanswered here: what is unconfirmed goes out after two ping intervals of the core's time.
    await next.clock.advance(2 * quick.pingTimer);
    await next.until((s) => agentLines(s).includes('You said: "still there?".'));
    expect(next.state().chat.messages.find((m) => m.kind === 'customer')).toMatchObject({ delivery: 'delivered' });
  });

  it('a reload while queued: the on-hold messages go on, the composer stays disabled', async () => {
    const server = await startMockServer({ scenario: longQueue, port: 0, speed: 20, profile: 'strict' });
    const v = await started('long-queue', { server, page: page() });
    // A comfort message a second of the core's time, on this page and on the next.
    await v.clock.advance(1_000);
    await v.until((s) => s.chat.messages.some((m) => m.kind === 'on-hold'));
    const next = await nextPage(v, { page: page() });
    await next.until((s) => s.chat.status.kind === 'waiting');
    await next.clock.advance(1_000);
    const resumed = await next.until((s) => s.chat.messages.some((m) => m.kind === 'on-hold'));
    expect(resumed.chat.status).toEqual({ kind: 'waiting' });
    expect(isInputEnabled(resumed)).toBe(false);
    expect(resumed.chat.messages.find((m) => m.kind === 'on-hold')).toMatchObject({
      text: 'You are still in the queue.',
    });
  });

  it('network-drop: End Chat while reconnecting; closeConversation reaches the service on the next socket, after a renew without transcript', async () => {
    const v = await started('network-drop', { page: page({ retryInterval: 1000 }) });
    await v.until((s) => s.chat.status.kind === 'active');
    const guid = Number(stored(v, 'guid'));
    v.core.sendMessage('one question');
    await v.until((s) => s.chat.connection.kind === 'reconnecting');
    v.core.closeDialog();
    v.core.confirmEndChat(true);
    // The core's time, to the next attempt (retryInterval, no jitter).
    await v.clock.advance(1_000);
    const sessions = await v.server.waitFor((all) => all.find((s) => s.guid === guid)?.ended === true, WAIT_MS);
    const after = received(sessions, guid).slice(-2);
    expect(after.map((r) => r.method)).toEqual(['renewChat', 'closeConversation']);
    expect(after[0]?.body).toMatchObject({ requestFullTranscript: false });
  });

  it('End Chat while reconnecting, then a new chat at once: the old chat still tells the service, the new one is untouched', async () => {
    // The old chat's next attempt waits for the core's clock to be run to it; no pings meanwhile.
    const v = await started('network-drop', { page: page({ retryInterval: 60_000, pingTimer: 300_000 }) });
    await v.until((s) => s.chat.status.kind === 'active');
    const oldGuid = Number(stored(v, 'guid'));
    v.core.sendMessage('one question');
    await v.until((s) => s.chat.connection.kind === 'reconnecting');
    v.core.closeDialog();
    v.core.confirmEndChat(true);
    await v.until((s) => selectMode(s) === 'logon');
    // The new chat writes a newer request timestamp before the old one's next attempt.
    v.core.startChat(customer);
    await v.until((s) => s.chat.status.kind === 'active');
    const newGuid = Number(stored(v, 'guid'));
    expect(newGuid).not.toBe(oldGuid);
    await v.clock.advance(60_000);
    await v.server.waitFor((sessions) => sessions.find((s) => s.guid === oldGuid)?.ended === true, WAIT_MS);
    expect(methods(v.server.sessions(), oldGuid)).toContain('closeConversation');
    // The old chat's end (the service answers closeConversation and closes) leaves the new chat's stored session alone.
    await v.until(() => v.sockets.filter((socket) => socket.readyState === socket.CLOSED).length >= 2);
    expect(stored(v, 'guid')).toBe(String(newGuid));
    expect(v.state().chat.status).toEqual({ kind: 'active' });
    expect(v.texts()).not.toContain(TEXTS.openedInAnotherTab);
    expect(methods(v.server.sessions(), newGuid)).not.toContain('closeConversation');
  });

  it('durations a server sends are clamped: pingTimer 2^40 ms and retryInterval -5 ms, comfort messages every 0.01 s', async () => {
    const server = await startMockServer({
      scenario: {
        name: 'wild-durations',
        story: 'The service sends durations no widget should take as they are.',
        availability: {
          success: true,
          metrics: { EWT: '30', ResourceStaffedCount: '3' },
          chatWidgetParams: { maxWaitTime: 600, pingTimer: 2 ** 40, retryInterval: -5 },
        },
        conversation: [
          { expect: 'requestChat' },
          {
            send: 'requestChat',
            body: { webOnHoldComfortGroups: [{ delay: 0.01, messages: [{ message: 'Hold on', sequence: 1 }] }] },
          },
          { wait: 'forever' },
        ],
      },
      port: 0,
      speed: 20,
      profile: 'strict',
    });
    const v = await open('wild-durations', { server });
    v.core.start();
    await v.until((s) => s.availability.status === 'available');
    // At most 60 s (the vendor: a client pings at least that often), at least 100 ms.
    expect(v.core.settings.pingTimer).toBe(60_000);
    expect(v.core.settings.retryInterval).toBe(100);
    v.core.openDialog();
    v.core.startChat(customer);
    await v.until((s) => s.chat.status.kind === 'waiting');
    // Two seconds of the core's time: two comfort messages if clamped to one a second, 200 if not.
    await v.clock.advance(2_000);
    const held = await v.until((s) => s.chat.messages.filter((m) => m.kind === 'on-hold').length >= 2);
    const [first, second] = held.chat.messages.filter((m) => m.kind === 'on-hold');
    // At most one a second (the shortest on-hold delay), not 100 a second.
    expect((second?.timestamp ?? 0) - (first?.timestamp ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('a WebSocket constructor that throws (a bad socket address): the error card, nothing thrown to the page', async () => {
    const v = await open('happy-path', { page: { options: { webChatUrl: 'ftp://127.0.0.1/chat' } } });
    v.core.start();
    await v.until((s) => s.availability.status === 'available');
    v.core.openDialog();
    expect(() => v.core.startChat(customer)).not.toThrow();
    const state = await v.until((s) => s.statusCard !== null);
    expect(state.statusCard).toEqual({ tone: 'error', title: TEXTS.failureTitle, body: TEXTS.failureBody });
    expect(selectMode(state)).toBe('logon');
    expect(v.sockets).toEqual([]);
  });
});
