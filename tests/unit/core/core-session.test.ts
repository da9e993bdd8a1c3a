/**
 * Issue 10 through the whole core on fake timers: each numbered case of a misbehaving contact
 * centre, as a visitor would notice it (what the transcript shows, what reaches the server,
 * what a reload finds in storage).
 */
import { describe, expect, it, vi } from 'vitest';
import { isInputEnabled, selectHeaderName, selectMode } from '../../../widget/core/chat/selectors.js';
import { DEFAULTS } from '../../../widget/core/config/defaults.js';
import { STORAGE_KEYS } from '../../../widget/core/session/storage-keys.js';
import { TEXTS } from '../../../widget/core/texts.js';
import {
  availableAnswer,
  chatting,
  details,
  type Harness,
  harness,
  socket,
  texts,
  withFakeClock,
} from './support/core-harness.js';
import { FakeSocket } from './support/fake-env.js';
import { agent, confirmed, said } from './support/frames.js';

withFakeClock();

function deliveries(h: Harness): string[] {
  return h.core.getSnapshot().chat.messages.flatMap((m) => (m.kind === 'customer' ? [`${m.text}:${m.delivery}`] : []));
}

function sentTexts(s: FakeSocket): string[] {
  return s.sent.flatMap((f) => {
    const body = (f as { body: { method: string; message?: string } }).body;
    return body.method === 'newMessage' ? [body.message ?? ''] : [];
  });
}

/** A second page load on the same storage (a page change or reload). */
function reload(h: Harness, options: Parameters<typeof harness>[0] = {}): Harness {
  h.core.dispose();
  const storage = Object.fromEntries(h.env.storage.items);
  return harness({ ...options, storage });
}

async function answerPings(s: FakeSocket): Promise<void> {
  // Answer every ping sent so far (the server answers in order).
  const pings = s.methods().filter((m) => m === 'ping').length;
  for (let i = 0; i < pings; i++) s.pong();
  await vi.advanceTimersByTimeAsync(0);
}

describe('the chat session against real contact centres (core, fake timers)', () => {
  it('reading is activity: a visitor who only reads for longer than refreshTimeoutSeconds still resumes on the next page', async () => {
    const h = await started();
    for (let minute = 1; minute <= 8; minute++) {
      await vi.advanceTimersByTimeAsync(60_000);
      socket().notify(said('live_agent', `update ${minute}`, Date.now()));
    }
    const next = reload(h);
    next.core.start();
    expect(next.core.getSnapshot().availability).toEqual({ status: 'resuming' });
    socket().open();
    expect(socket().methods()[0]).toBe('renewChat');
  });

  it('every frame either way is activity: a visitor who neither types nor hears from the agent keeps the chat (pings go out)', async () => {
    const h = await started();
    // Nothing arrives from the server (no pong, no message) for longer than refreshTimeoutSeconds;
    // the page keeps pinging, so the chat is alive.
    await vi.advanceTimersByTimeAsync((DEFAULTS.refreshTimeoutSeconds + 60) * 1000);
    expect(
      socket()
        .methods()
        .filter((m) => m === 'ping').length,
    ).toBeGreaterThan(60);
    const next = reload(h);
    next.core.start();
    expect(next.core.getSnapshot().availability).toEqual({ status: 'resuming' });
    socket().open();
    expect(socket().methods()[0]).toBe('renewChat');
  });

  it('typing signals are activity: a visitor who types without sending keeps the chat', async () => {
    // Pings at most 60 s apart (the vendor's limit) are activity too: the stored chat here would
    // expire 30 s after the last one (at 60 s), and only the typing keeps it.
    const options = { apiEndpointsDomain: 'https://api.example.com', pingTimer: 60_000, refreshTimeoutSeconds: 30 };
    const h = await started({ page: { options } });
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(25_000);
      h.core.customerTyping();
    }
    expect(socket().methods()).toEqual(['requestChat', 'isTyping', 'isTyping', 'ping', 'isTyping', 'isTyping']);
    await vi.advanceTimersByTimeAsync(15_000);
    const next = reload(h, {
      page: { options: { apiEndpointsDomain: 'https://api.example.com', refreshTimeoutSeconds: 30 } },
    });
    next.core.start();
    expect(next.core.getSnapshot().availability).toEqual({ status: 'resuming' });
  });

  it('no acknowledgements: the answer to the ping after a message proves it arrived; a server that never answers pings is trusted after the liveness window', async () => {
    const h = await started();
    h.core.sendMessage('Is it in stock?');
    expect(deliveries(h)).toEqual(['Is it in stock?:sending']);
    await answerPings(socket());
    expect(deliveries(h)).toEqual(['Is it in stock?:delivered']);
    socket().notify(said('live_agent', 'Yes it is', Date.now()));
    expect(texts(h).slice(-2)).toEqual(['Is it in stock?', 'Yes it is']);

    const quiet = await started();
    quiet.core.sendMessage('hello?');
    await vi.advanceTimersByTimeAsync(DEFAULTS.livenessTimeout + 1);
    expect(deliveries(quiet)).toEqual(['hello?:delivered']);
  });

  it('a server that neither acknowledges nor answers pings: each message stops showing "Sending…" livenessTimeout after it went out, not a window later', async () => {
    const h = await started();
    h.core.sendMessage('first');
    await vi.advanceTimersByTimeAsync(DEFAULTS.livenessTimeout / 2);
    h.core.sendMessage('second');
    await vi.advanceTimersByTimeAsync(DEFAULTS.livenessTimeout / 2);
    expect(deliveries(h)).toEqual(['first:delivered', 'second:sending']);
    await vi.advanceTimersByTimeAsync(DEFAULTS.livenessTimeout / 2);
    expect(deliveries(h)).toEqual(['first:delivered', 'second:delivered']);
  });

  it('no acknowledgements, then a drop: what the replay shows is not sent again; the rest is, once', async () => {
    const h = await started();
    h.core.sendMessage('one');
    h.core.sendMessage('two');
    const first = socket();
    first.drop(1006);
    await vi.advanceTimersByTimeAsync(3000);
    const second = socket();
    second.open();
    second.notify(said('customer', 'one', Date.now()));
    second.pong();
    await vi.advanceTimersByTimeAsync(0);
    expect(sentTexts(second)).toEqual(['two']);
    expect(deliveries(h)).toEqual(['one:delivered', 'two:sending']);
  });

  it('a message the server refuses as too large (1009) fails, is never sent again, and the chat goes on', async () => {
    const h = await started({
      page: { options: { apiEndpointsDomain: 'https://api.example.com', maxMessageLength: 10_000 } },
    });
    h.core.sendMessage('x'.repeat(9_000));
    socket().drop(1009);
    expect(deliveries(h)).toEqual([`${'x'.repeat(9_000)}:failed`]);
    expect(h.core.getSnapshot().chat.messages.at(-2)).toMatchObject({ failure: 'tooLong' });
    await vi.advanceTimersByTimeAsync(3000);
    socket().open();
    socket().pong();
    h.core.sendMessage('short one');
    expect(sentTexts(socket())).toEqual(['short one']);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('the core refuses a message above maxMessageLength (the composer says so first)', async () => {
    const h = await started();
    h.core.sendMessage('y'.repeat(DEFAULTS.maxMessageLength + 1));
    expect(deliveries(h)).toEqual([]);
    expect(sentTexts(socket())).toEqual([]);
  });

  it('the server ends the chat with 1000: storage is cleared, so a reload starts fresh instead of failing a renew', async () => {
    const h = await started();
    socket().drop(1000);
    expect(h.core.getSnapshot().chat.status).toEqual({ kind: 'ended', reason: 'connectionClosed' });
    for (const key of ['guid', 'ak', 'lastChatRequestTimestamp', 'chatState'] as const)
      expect(h.env.storage.items.has(STORAGE_KEYS[key])).toBe(false);
  });

  it('a renew refused on page load: "your previous chat has ended", no error code, and chat is offered again', async () => {
    const h = await started();
    const next = reload(h);
    next.core.start();
    socket().open();
    socket().error(2, 'Unable to reconnect, session key is invalid or expired');
    socket().drop(1000);
    await vi.advanceTimersByTimeAsync(0);
    const state = next.core.getSnapshot();
    expect(state.statusCard).toEqual({
      tone: 'info',
      title: TEXTS.previousChatEndedTitle,
      body: TEXTS.previousChatEndedBody,
    });
    expect(JSON.stringify(state)).not.toContain('Error code');
    expect(selectMode(state)).toBe('logon');
    expect(state.availability).toMatchObject({ status: 'available' });
    expect(next.env.storage.items.has(STORAGE_KEYS.guid)).toBe(false);
  });

  it('a half-open socket (pings answered before, then silence) is given up after livenessTimeout and renewed', async () => {
    const h = await started();
    await vi.advanceTimersByTimeAsync(DEFAULTS.pingTimer);
    await answerPings(socket());
    const halfOpen = socket();
    h.core.sendMessage('are you there?');
    await vi.advanceTimersByTimeAsync(DEFAULTS.livenessTimeout);
    // Closed to reconnect, so not with 1000: a server may end the session on a normal close.
    expect(halfOpen.closedWith).toBe(4001);
    expect(texts(h)).toContain(TEXTS.attemptingReconnect);
    await vi.advanceTimersByTimeAsync(3000);
    expect(socket()).not.toBe(halfOpen);
    socket().open();
    socket().pong();
    expect(sentTexts(socket())).toEqual(['are you there?']);
  });

  it('a socket that never opens is an attempt that failed after connectTimeout; retries are jittered', async () => {
    const h = await started({ env: { random: () => 0 } });
    socket().drop(1006);
    await vi.advanceTimersByTimeAsync(2099);
    expect(FakeSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.instances).toHaveLength(2);
    // Never opens: after connectTimeout it counts as failed and the next attempt follows.
    await vi.advanceTimersByTimeAsync(DEFAULTS.connectTimeout);
    expect(h.core.getSnapshot().chat.connection).toEqual({ kind: 'reconnecting', attempt: 2 });
  });

  it('a reload with an agent present who has not written yet: the composer is enabled again', async () => {
    const h = await started();
    const next = reload(h);
    next.core.start();
    socket().open();
    expect(isInputEnabled(next.core.getSnapshot())).toBe(true);
    expect(selectHeaderName(next.core.getSnapshot())).toBe('Alex');
  });

  it('a reload while queued: the on-hold messages go on', async () => {
    const h = harness();
    await openChat(h);
    socket().notify(
      confirmed({ webOnHoldComfortGroups: [{ delay: 10, messages: [{ message: 'Please hold', sequence: 1 }] }] }),
    );
    const next = reload(h);
    next.core.start();
    socket().open();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(texts(next)).toContain('Please hold');
  });

  it('upper-case and unknown enum values still act: the agent leaves with the catch-all notice', async () => {
    const h = await started();
    socket().receiveRaw({
      apiVersion: '1.0',
      type: 'notification',
      body: { method: 'participantLeave', agentId: 'agent-1', participants: [], leaveReason: 'TIMEOUT' },
    });
    expect(texts(h).at(-1)).toBe(TEXTS.agentLeft);
    expect(isInputEnabled(h.core.getSnapshot())).toBe(false);
    expect(h.env.onError).not.toHaveBeenCalled();
  });

  it('End Chat while reconnecting: closeConversation goes out on the next socket, after a renew', async () => {
    const h = await started();
    socket().drop(1006);
    h.core.closeDialog();
    h.core.confirmEndChat(true);
    expect(h.env.storage.items.has(STORAGE_KEYS.guid)).toBe(false);
    await vi.advanceTimersByTimeAsync(3000);
    socket().open();
    // A ping after it: its answer proves the server has it (as for a message).
    expect(socket().methods()).toEqual(['renewChat', 'closeConversation', 'ping']);
    expect(socket().sent[0]).toMatchObject({ body: { requestFullTranscript: false } });
    expect(h.env.storage.items.has(STORAGE_KEYS.guid)).toBe(false);
    // A server that never answered a ping is trusted once the socket stayed open livenessTimeout.
    await vi.advanceTimersByTimeAsync(DEFAULTS.livenessTimeout);
    expect(socket().closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('End Chat while reconnecting, then a new chat at once: the old chat is not taken for a move to another tab; its closeConversation still goes out', async () => {
    const h = await started();
    socket().drop(1006);
    h.core.closeDialog();
    h.core.confirmEndChat(true);
    await vi.advanceTimersByTimeAsync(1000);
    // The new chat stamps a newer lastChatRequestTimestamp in the same storage.
    h.core.startChat(details);
    const fresh = socket();
    fresh.open();
    fresh.notify(confirmed({ guid: 43, authenticationKey: 'key-43' }));
    await vi.advanceTimersByTimeAsync(2000);
    const retry = socket();
    expect(retry).not.toBe(fresh);
    retry.open();
    expect(retry.methods()).toEqual(['renewChat', 'closeConversation', 'ping']);
    expect(retry.sent[0]).toMatchObject({
      body: { guid: 42, authenticationKey: 'key-42', requestFullTranscript: false },
    });
    // The service answers closeConversation with its own: the new chat's stored session stays.
    retry.notify({ method: 'closeConversation' });
    expect(h.env.storage.items.get(STORAGE_KEYS.guid)).toBe('43');
    // The answer to the ping after it proves the server has it; then the socket closes.
    expect(retry.closedWith).toBeNull();
    retry.pong();
    expect(retry.closedWith).toBe(1000);
    // The new chat goes on, untouched by the old one.
    expect(h.core.getSnapshot().chat.status).toEqual({ kind: 'waiting' });
    expect(texts(h)).not.toContain(TEXTS.openedInAnotherTab);
    expect(h.env.storage.items.get(STORAGE_KEYS.guid)).toBe('43');
  });

  it('End Chat while a reconnect attempt is connecting, a new chat meanwhile, that attempt refused: the next attempt still delivers closeConversation', async () => {
    const h = await started();
    socket().drop(1006);
    await vi.advanceTimersByTimeAsync(3000);
    const attempt = socket();
    h.core.closeDialog();
    h.core.confirmEndChat(true);
    await vi.advanceTimersByTimeAsync(1000);
    h.core.startChat(details);
    const fresh = socket();
    fresh.open();
    fresh.notify(confirmed({ guid: 43, authenticationKey: 'key-43' }));
    attempt.drop(1006);
    await vi.advanceTimersByTimeAsync(3000);
    const retry = socket();
    expect(retry).not.toBe(fresh);
    retry.open();
    expect(retry.methods()).toEqual(['renewChat', 'closeConversation', 'ping']);
    // The service had already ended the old chat: its refusal leaves the new chat's stored session alone.
    retry.error(2, 'Unable to reconnect, session key is invalid or expired');
    expect(retry.closedWith).toBe(1000);
    expect(h.env.storage.items.get(STORAGE_KEYS.guid)).toBe('43');
    expect(h.core.getSnapshot().chat.status).toEqual({ kind: 'waiting' });
    expect(JSON.stringify(h.core.getSnapshot())).not.toContain('Error code');
  });

  it('End Chat on a socket gone half-open (not yet noticed): closeConversation vanishes, the liveness check notices, and the next socket carries it', async () => {
    const h = await started();
    await vi.advanceTimersByTimeAsync(DEFAULTS.pingTimer);
    await answerPings(socket());
    const halfOpen = socket();
    h.core.closeDialog();
    h.core.confirmEndChat(true);
    expect(halfOpen.methods().slice(-2)).toEqual(['closeConversation', 'ping']);
    expect(halfOpen.closedWith).toBeNull();
    await vi.advanceTimersByTimeAsync(DEFAULTS.livenessTimeout);
    expect(halfOpen.closedWith).toBe(4001);
    await vi.advanceTimersByTimeAsync(3000);
    const next = socket();
    expect(next).not.toBe(halfOpen);
    next.open();
    expect(next.methods()).toEqual(['renewChat', 'closeConversation', 'ping']);
    next.pong();
    expect(next.closedWith).toBe(1000);
  });

  it('the connect timeout tells the service the visitor gave up before closing', async () => {
    const h = harness({
      availability: availableAnswer({ chatWidgetParams: { webChatUrl: 'ws://x/chat', maxWaitTime: 10 } }),
    });
    await openChat(h);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(
      socket()
        .methods()
        .filter((m) => m !== 'ping'),
    ).toEqual(['requestChat', 'closeConversation']);
    expect(h.core.getSnapshot().statusCard?.title).toBe(TEXTS.failureTitle);
  });

  it("'Successfully reconnected' comes before the messages that go out again; unsent messages fail when the chat ends", async () => {
    const h = await started();
    socket().drop(1006);
    h.core.sendMessage('typed while away');
    await vi.advanceTimersByTimeAsync(3000);
    socket().open();
    // Said once the server accepted the renew (the answer to the ping after it), where it happened.
    expect(texts(h)).not.toContain(TEXTS.reconnected);
    socket().pong();
    expect(texts(h).slice(-2)).toEqual([TEXTS.reconnected, 'typed while away']);
    socket().drop(1000);
    expect(deliveries(h)).toEqual(['typed while away:failed']);
  });

  it('with a server that acknowledges, the reconnect notices sit where they happened: above what arrives after the reconnect and above the message still unacknowledged', async () => {
    const h = await started();
    h.core.sendMessage('acknowledged');
    socket().ack();
    h.core.sendMessage('unacknowledged');
    socket().drop(1006);
    await vi.advanceTimersByTimeAsync(3000);
    socket().open();
    socket().notify(said('live_agent', 'There you are again', Date.now()));
    // The answer to the ping after the renew: the server accepted it.
    socket().pong();
    expect(texts(h).slice(-5)).toEqual([
      'acknowledged',
      TEXTS.attemptingReconnect,
      TEXTS.reconnected,
      'There you are again',
      'unacknowledged',
    ]);
  });

  it('server durations are clamped: a comfort delay of 2^31 s or a pingTimer of 2^40 ms does not spin', async () => {
    const h = harness({
      availability: availableAnswer({
        chatWidgetParams: { webChatUrl: 'ws://x/chat', pingTimer: 2 ** 40, retryInterval: -5 },
      }),
    });
    await openChat(h);
    // The vendor's limit: a client pings at least every 60 s.
    expect(h.core.settings.pingTimer).toBe(60_000);
    expect(h.core.settings.retryInterval).toBe(100);
    socket().notify(
      confirmed({ webOnHoldComfortGroups: [{ delay: 2 ** 31, messages: [{ message: 'Hold', sequence: 1 }] }] }),
    );
    await vi.advanceTimersByTimeAsync(59_999);
    expect(texts(h).filter((t) => t === 'Hold')).toEqual([]);
    expect(
      socket()
        .methods()
        .filter((m) => m === 'ping'),
    ).toEqual([]);
  });

  it('a WebSocket constructor that throws: an error card, nothing thrown to the page', async () => {
    const Throwing = class {
      constructor() {
        throw new SyntaxError('bad url');
      }
    };
    const h = harness({ env: { WebSocket: Throwing as never } });
    h.core.start();
    await vi.advanceTimersByTimeAsync(0);
    h.core.openDialog();
    expect(() => h.core.startChat(details)).not.toThrow();
    expect(h.core.getSnapshot().statusCard?.title).toBe(TEXTS.failureTitle);
    expect(selectMode(h.core.getSnapshot())).toBe('logon');
  });

  it('a message lost with its socket maxDeliveryAttempts times fails with Retry; Retry sends it once more', async () => {
    const h = await started({
      page: { options: { apiEndpointsDomain: 'https://api.example.com', maxDeliveryAttempts: 2 } },
    });
    h.core.sendMessage('poison');
    for (let attempt = 1; attempt <= 2; attempt++) {
      socket().drop(1006);
      await vi.advanceTimersByTimeAsync(3000);
      socket().open();
      socket().pong();
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(deliveries(h)).toEqual(['poison:failed']);
    const failed = h.core.getSnapshot().chat.messages.find((m) => m.kind === 'customer');
    expect(failed).toMatchObject({ failure: 'undeliverable' });
    h.core.retryMessage(failed?.id ?? '');
    expect(sentTexts(socket())).toEqual(['poison']);
    expect(deliveries(h)).toEqual(['poison:sending']);
  });
});

async function openChat(h: Harness): Promise<void> {
  h.core.start();
  await vi.advanceTimersByTimeAsync(0);
  h.core.openDialog();
  h.core.startChat(details);
  socket().open();
}

/** A chat with an agent present, on a server that neither acknowledges nor answers pings unless told. */
async function started(options: Parameters<typeof harness>[0] = {}): Promise<Harness> {
  FakeSocket.reset();
  const h = harness(options);
  await chatting(h);
  // chatting() confirms with on-hold groups; the agent is in the room.
  expect(h.core.getSnapshot().chat.participants.map((p) => p.id)).toEqual([agent.id]);
  return h;
}
