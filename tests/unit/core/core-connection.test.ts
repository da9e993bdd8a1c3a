import { describe, expect, it, vi } from 'vitest';
import { selectMode } from '../../../widget/core/chat/selectors.js';
import { STORAGE_KEYS } from '../../../widget/core/session/storage-keys.js';
import { TEXTS } from '../../../widget/core/texts.js';
import { available, chatting, details, harness, socket, texts, withFakeClock } from './support/core-harness.js';
import { FakeSocket } from './support/fake-env.js';
import { confirmed, said } from './support/frames.js';

withFakeClock();

describe('the socket side of a chat through the core (sections 4 and 8)', () => {
  it('§4 socket lifecycle: ping every pingTimer from open', async () => {
    const h = harness();
    await chatting(h);
    const before = socket()
      .methods()
      .filter((m) => m === 'ping').length;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(
      socket()
        .methods()
        .filter((m) => m === 'ping').length - before,
    ).toBe(3);
  });

  it('§4 nothing lost, nothing doubled: messages typed during a drop are pending, then sent in order after renew', async () => {
    const h = harness();
    await chatting(h);
    h.core.sendMessage('before');
    socket().ack();
    socket().notify(said('live_agent', 'agent before', 5000));
    const first = socket();
    first.drop(1006);
    expect(texts(h).at(-1)).toBe(TEXTS.attemptingReconnect);
    h.core.sendMessage('during one');
    h.core.sendMessage('during two');
    const pending = () =>
      h.core
        .getSnapshot()
        .chat.messages.filter((m) => m.kind === 'customer' && (m.delivery === 'sending' || m.delivery === 'queued'))
        .map((m) => ('text' in m ? m.text : ''));
    expect(pending()).toEqual(['during one', 'during two']);
    expect(h.core.getSnapshot().chat.connection).toEqual({ kind: 'reconnecting', attempt: 1 });
    expect(h.core.getSnapshot().chat.status).toEqual({ kind: 'active' });
    await vi.advanceTimersByTimeAsync(3000);
    const second = socket();
    expect(second).not.toBe(first);
    second.open();
    // Beyond the reference clients: every renew asks for the full transcript, and a ping after
    // it is the barrier; nothing is re-sent before its answer (the replay is complete).
    expect(second.sent.map((f) => (f as { body: unknown }).body)).toEqual([
      { method: 'renewChat', guid: 42, authenticationKey: 'key-42', requestFullTranscript: true },
      { method: 'ping' },
    ]);
    second.notify(said('customer', 'before', 4000));
    second.notify(said('live_agent', 'agent before', 5000));
    expect(second.methods()).toEqual(['renewChat', 'ping']);
    // Not before the server accepted the renew (the answer to the ping after it): a refused one is no reconnection.
    expect(texts(h).includes(TEXTS.reconnected)).toBe(false);
    second.pong();
    expect(texts(h).includes(TEXTS.reconnected)).toBe(true);
    expect(
      second.sent.slice(2).flatMap((f) => {
        const body = (f as { body: { method: string } }).body;
        return body.method === 'newMessage' ? [body] : [];
      }),
    ).toEqual([
      { method: 'newMessage', message: 'during one', type: 'text', data: { message: 'during one' }, customData: {} },
      { method: 'newMessage', message: 'during two', type: 'text', data: { message: 'during two' }, customData: {} },
    ]);
    // Handed to the socket is not delivered: pending until the server acknowledges.
    expect(pending()).toEqual(['during one', 'during two']);
    second.ack();
    second.ack();
    expect(pending()).toEqual([]);
    expect(texts(h).filter((t) => t === 'agent before')).toHaveLength(1);
    expect(texts(h).filter((t) => t === 'before')).toHaveLength(1);
    expect(texts(h).filter((t) => t === 'during one')).toHaveLength(1);
  });

  it('§4 socket lifecycle: after the maximum retries, unable to reconnect ends the chat', async () => {
    const h = harness();
    await chatting(h);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      socket().drop(1006);
      await vi.advanceTimersByTimeAsync(3000);
    }
    socket().drop(1006);
    expect(texts(h).filter((t) => t === TEXTS.attemptingReconnect)).toHaveLength(3);
    expect(texts(h).at(-1)).toBe(TEXTS.unableToReconnect);
    expect(h.core.getSnapshot().chat.status).toEqual({ kind: 'ended', reason: 'unableToReconnect' });
  });

  it('§4 socket lifecycle: another tab with a newer timestamp + 1006 means transferred', async () => {
    const h = harness();
    await chatting(h);
    h.env.storage.setItem(STORAGE_KEYS.lastChatRequestTimestamp, String(Date.now() + 5000));
    socket().drop(1006);
    const state = h.core.getSnapshot();
    expect(state.chat.status).toEqual({ kind: 'transferred' });
    expect(texts(h).at(-1)).toBe(TEXTS.openedInAnotherTab);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('§4 socket lifecycle: the newer timestamp is stored before renewChat goes out, so the tab the server closes finds it', async () => {
    const h = harness();
    await chatting(h);
    const stored = () => Number(h.env.storage.getItem(STORAGE_KEYS.lastChatRequestTimestamp));
    const before = stored();
    socket().drop(1006);
    await vi.advanceTimersByTimeAsync(3000);
    const second = socket();
    const storedWhenSent: number[] = [];
    const send = second.send.bind(second);
    second.send = (data: string) => {
      storedWhenSent.push(stored());
      send(data);
    };
    second.open();
    expect(second.methods()[0]).toBe('renewChat');
    expect(storedWhenSent[0]).toBeGreaterThan(before);
  });

  it('§8 server error 503: maintenance text, session cleared, socket closed, chat ended', async () => {
    const h = harness();
    await chatting(h);
    socket().error(503, 'Service Unavailable');
    expect(texts(h).slice(-2)).toEqual([TEXTS.maintenance, TEXTS.connectionClosed]);
    expect(h.env.storage.getItem(STORAGE_KEYS.guid)).toBeNull();
    expect(h.core.getSnapshot().chat.status).toEqual({ kind: 'ended', reason: 'error' });
  });

  it('§8 error before confirmation: the loader goes and an error card shows', async () => {
    const h = harness();
    await available(h);
    h.core.startChat(details);
    socket().open();
    socket().error(503, 'down');
    const state = h.core.getSnapshot();
    expect(selectMode(state)).toBe('logon');
    expect(state.statusCard).toEqual({ tone: 'error', title: TEXTS.failureTitle, body: TEXTS.maintenance });
  });

  it('§8 socket error: the connection-error system message', async () => {
    const h = harness();
    await chatting(h);
    socket().fail();
    expect(texts(h).at(-1)).toBe(TEXTS.connectionError);
  });

  it('§4 close with 1000 after the chat started: Connection closed, chat has ended', async () => {
    const h = harness();
    await chatting(h);
    socket().drop(1000);
    expect(texts(h).at(-1)).toBe(TEXTS.connectionClosed);
    expect(h.core.getSnapshot().chat.status).toEqual({ kind: 'ended', reason: 'connectionClosed' });
  });

  it('§4 route cancel: No suitable agents could be found, no more retries, back to logon with an error card', async () => {
    const h = harness();
    await available(h);
    h.core.startChat(details);
    socket().open();
    socket().notify(confirmed());
    socket().notify({ method: 'routeCancel' });
    const state = h.core.getSnapshot();
    expect(selectMode(state)).toBe('logon');
    expect(state.statusCard).toEqual({ tone: 'error', title: TEXTS.noSuitableAgents, body: TEXTS.failureBody });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('§4 widget modes: no confirmation within maxWaitTime seconds → error card, loader hidden, back to logon', async () => {
    const h = harness();
    await available(h);
    h.core.startChat(details);
    socket().open();
    await vi.advanceTimersByTimeAsync(599_999);
    expect(selectMode(h.core.getSnapshot())).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    const state = h.core.getSnapshot();
    expect(selectMode(state)).toBe('logon');
    expect(state.statusCard?.tone).toBe('error');
    expect(socket().closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.core.getSnapshot().statusCard).toBeNull();
  });
});
