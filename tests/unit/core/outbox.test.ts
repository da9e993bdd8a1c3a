/**
 * Nothing lost, nothing doubled: the outbox (the transcript's customer messages, chat/outbox.ts)
 * keeps a customer message until the server has it, every renew asks for the full transcript,
 * and the replay is reconciled behind a ping barrier. Through the whole core on fake timers; the
 * pure machine's properties are in outbox-property.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { TEXTS } from '../../../widget/core/texts.js';
import { chatting, harness, socket, texts, withFakeClock } from './support/core-harness.js';
import type { FakeSocket } from './support/fake-env.js';
import { said } from './support/frames.js';

withFakeClock();

type Core = ReturnType<typeof harness>;

function customerMessages(h: Core) {
  // queued and sending look the same to the visitor: 'Sending…'.
  return h.core
    .getSnapshot()
    .chat.messages.flatMap((m) =>
      m.kind === 'customer' ? [`${m.text}:${m.delivery === 'queued' ? 'sending' : m.delivery}`] : [],
    );
}

function wire(s: FakeSocket): string[] {
  return s.sent.flatMap((f) => {
    const body = (f as { body: { method: string; message?: string } }).body;
    return body.method === 'newMessage' ? [body.message ?? ''] : [];
  });
}

/** Drops the socket, lets the retry open a new one, and opens it (renewChat + ping go out). */
async function reconnect(h: Core): Promise<FakeSocket> {
  const old = socket();
  old.drop(1006);
  await vi.advanceTimersByTimeAsync(3000);
  const next = socket();
  expect(next).not.toBe(old);
  next.open();
  expect(h.core.getSnapshot().chat.connection).toEqual({ kind: 'online' });
  return next;
}

describe('outbox and reconcile through the core (fake timers)', () => {
  it('a message is pending until acknowledged, not when the socket takes it', async () => {
    const h = harness();
    await chatting(h);
    h.core.sendMessage('hello');
    expect(wire(socket())).toEqual(['hello']);
    expect(customerMessages(h)).toEqual(['hello:sending']);
    socket().ack('renewChat');
    expect(customerMessages(h)).toEqual(['hello:sending']);
    socket().ack();
    expect(customerMessages(h)).toEqual(['hello:delivered']);
  });

  it('sent into a dying socket (never acknowledged, not in the replay): re-sent once, after the barrier', async () => {
    const h = harness();
    await chatting(h);
    h.core.sendMessage('lost in the drop');
    const next = await reconnect(h);
    expect(next.methods()).toEqual(['renewChat', 'ping']);
    expect((next.sent[0] as { body: { requestFullTranscript: boolean } }).body.requestFullTranscript).toBe(true);
    expect(customerMessages(h)).toEqual(['lost in the drop:sending']);
    next.pong();
    expect(wire(next)).toEqual(['lost in the drop']);
    next.ack();
    expect(customerMessages(h)).toEqual(['lost in the drop:delivered']);
  });

  it('acknowledged-and-lost (the ack died with the socket): the replay shows it, it is never re-sent', async () => {
    const h = harness();
    await chatting(h);
    h.core.sendMessage('arrived');
    h.core.sendMessage('also arrived');
    h.core.sendMessage('never arrived');
    socket().ack();
    const next = await reconnect(h);
    next.notify(said('customer', 'arrived', 1));
    next.notify(said('customer', 'also arrived', 2));
    expect(customerMessages(h)).toEqual(['arrived:delivered', 'also arrived:delivered', 'never arrived:sending']);
    next.pong();
    expect(wire(next)).toEqual(['never arrived']);
    next.ack();
    expect(customerMessages(h)).toEqual(['arrived:delivered', 'also arrived:delivered', 'never arrived:delivered']);
  });

  it('an agent message sent while the customer was away is added in order; none is shown twice', async () => {
    const h = harness();
    await chatting(h);
    socket().notify(said('live_agent', 'one', 10));
    h.core.sendMessage('question');
    socket().ack();
    const next = await reconnect(h);
    h.core.sendMessage('typed while away');
    next.notify(said('live_agent', 'one', 10));
    next.notify(said('customer', 'question', 11));
    next.notify(said('live_agent', 'missed while away', 12));
    expect(wire(next)).toEqual([]);
    next.pong();
    expect(wire(next)).toEqual(['typed while away']);
    const chat = texts(h).filter((t) => ['one', 'question', 'missed while away', 'typed while away'].includes(t));
    expect(chat).toEqual(['one', 'question', 'missed while away', 'typed while away']);
    // Live traffic after the replay is new: positions continue past the replay.
    next.notify(said('live_agent', 'one', 10));
    expect(texts(h).filter((t) => t === 'one')).toHaveLength(1);
    next.ack();
    next.notify(said('live_agent', 'after', 13));
    expect(texts(h).at(-1)).toBe('after');
  });

  it('the same text typed again during a drop is not taken for the one the server already has', async () => {
    const h = harness();
    await chatting(h);
    h.core.sendMessage('ok');
    socket().ack();
    const next = await reconnect(h);
    h.core.sendMessage('ok');
    // The replay's 'ok' sits at a position this widget already shows: it is the first one.
    next.notify(said('customer', 'ok', 1));
    expect(customerMessages(h)).toEqual(['ok:delivered', 'ok:sending']);
    next.pong();
    expect(wire(next)).toEqual(['ok']);
    next.ack();
    expect(customerMessages(h)).toEqual(['ok:delivered', 'ok:delivered']);
  });

  it('a drop during the renew: nothing goes out on the dead socket; the next one renews and reconciles', async () => {
    const h = harness();
    await chatting(h);
    h.core.sendMessage('waiting');
    const dying = await reconnect(h);
    const renewing = await reconnect(h);
    expect(wire(dying)).toEqual([]);
    expect(renewing.methods()).toEqual(['renewChat', 'ping']);
    renewing.pong();
    expect(wire(renewing)).toEqual(['waiting']);
  });

  it('a server that never answers pings: unconfirmed messages go out after two ping intervals', async () => {
    const h = harness();
    await chatting(h);
    h.core.sendMessage('late');
    const next = await reconnect(h);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(wire(next)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(wire(next)).toEqual(['late']);
    expect(h.env.logger.warn).toHaveBeenCalledWith(expect.stringContaining('no answer to the ping after renewChat'));
  });

  it('messages typed while the barrier is up wait behind the unconfirmed ones, in order', async () => {
    const h = harness();
    await chatting(h);
    h.core.sendMessage('first');
    const next = await reconnect(h);
    h.core.sendMessage('second');
    expect(wire(next)).toEqual([]);
    next.pong();
    expect(wire(next)).toEqual(['first', 'second']);
    expect(texts(h).includes(TEXTS.reconnected)).toBe(true);
  });
});
