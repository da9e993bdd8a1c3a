/**
 * Nothing lost, nothing doubled (issue 4 deliverable 4, issue 6 item 3): the outbox keeps a
 * customer message until the server has it, every renew asks for the full transcript, and
 * the replay is reconciled by transcript position behind a ping barrier.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { NewMessageNotificationBody } from '../../../generated/chat-socket.js';
import { initialState } from '../../../widget/core/chat/initial-state.js';
import { reduce } from '../../../widget/core/chat/reducer.js';
import type { WidgetState } from '../../../widget/core/chat/state.js';
import { createDelivery } from '../../../widget/core/connection/delivery.js';
import { TEXTS } from '../../../widget/core/texts.js';
import { chatting, harness, socket, texts, withFakeClock } from './support/core-harness.js';
import type { FakeSocket } from './support/fake-env.js';
import { said } from './support/frames.js';

withFakeClock();

type Core = ReturnType<typeof harness>;

function customerMessages(h: Core) {
  // waiting and pending look the same to the visitor: 'Sending…'.
  return h.core
    .getSnapshot()
    .chat.messages.flatMap((m) =>
      m.kind === 'customer' ? [`${m.text}:${m.delivery === 'waiting' ? 'pending' : m.delivery}`] : [],
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
    expect(customerMessages(h)).toEqual(['hello:pending']);
    socket().ack('renewChat');
    expect(customerMessages(h)).toEqual(['hello:pending']);
    socket().ack();
    expect(customerMessages(h)).toEqual(['hello:sent']);
  });

  it('sent into a dying socket (never acknowledged, not in the replay): re-sent once, after the barrier', async () => {
    const h = harness();
    await chatting(h);
    h.core.sendMessage('lost in the drop');
    const next = await reconnect(h);
    expect(next.methods()).toEqual(['renewChat', 'ping']);
    expect((next.sent[0] as { body: { requestFullTranscript: boolean } }).body.requestFullTranscript).toBe(true);
    expect(customerMessages(h)).toEqual(['lost in the drop:pending']);
    next.pong();
    expect(wire(next)).toEqual(['lost in the drop']);
    next.ack();
    expect(customerMessages(h)).toEqual(['lost in the drop:sent']);
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
    expect(customerMessages(h)).toEqual(['arrived:sent', 'also arrived:sent', 'never arrived:pending']);
    next.pong();
    expect(wire(next)).toEqual(['never arrived']);
    next.ack();
    expect(customerMessages(h)).toEqual(['arrived:sent', 'also arrived:sent', 'never arrived:sent']);
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
    expect(customerMessages(h)).toEqual(['ok:sent', 'ok:pending']);
    next.pong();
    expect(wire(next)).toEqual(['ok']);
    next.ack();
    expect(customerMessages(h)).toEqual(['ok:sent', 'ok:sent']);
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

/**
 * A model of the network: frames up and down sit in queues until delivered; a drop loses
 * what is still queued. The server keeps the transcript and acknowledges every newMessage.
 */
const operation = fc.oneof(
  { arbitrary: fc.constant({ op: 'type' as const }), weight: 3 },
  { arbitrary: fc.constant({ op: 'agent' as const }), weight: 2 },
  { arbitrary: fc.constant({ op: 'up' as const }), weight: 4 },
  { arbitrary: fc.constant({ op: 'down' as const }), weight: 4 },
  { arbitrary: fc.constant({ op: 'drop' as const }), weight: 1 },
);

describe('reconcile (property): whatever the drops, the view equals the server transcript', () => {
  it('property: with or without acknowledgements, 0 lost, 0 duplicated, order kept; each customer message reaches the server once', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 120 }), fc.boolean(), (operations, acknowledges) => {
        const delivery = createDelivery({ maxSends: Number.POSITIVE_INFINITY });
        /** `read`: for an agent entry, how many customer messages the server had read when it was written. */
        const transcript: { sender: 'customer' | 'live_agent'; text: string; read: number }[] = [];
        let customerRead = 0;
        type Up = { kind: 'message'; text: string } | { kind: 'ping'; marker: number | 'replay' };
        type Down = { kind: 'ack' } | { kind: 'message'; index: number } | { kind: 'pong'; marker: number | 'replay' };
        let up: Up[] = [];
        let down: Down[] = [];
        let connected = true;
        let state: WidgetState = initialState();
        let typed = 0;
        let agentSaid = 0;
        const body = (index: number): NewMessageNotificationBody => {
          const entry = transcript[index] as { sender: 'customer' | 'live_agent'; text: string };
          return {
            method: 'newMessage',
            senderType: entry.sender,
            message: entry.text,
            timestamp: index,
            type: 'text',
          };
        };
        const delivered = (ids: readonly string[]) => {
          if (ids.length > 0) state = reduce(state, { type: 'customerMessagesDelivered', ids });
        };
        const flush = () => {
          if (!connected) return;
          const { sent } = delivery.flush((text) => up.push({ kind: 'message', text }) > 0, 0);
          if (sent.length === 0) return;
          state = reduce(state, { type: 'customerMessagesSent', ids: sent });
          // As the chat session does: a ping after what went out proves it arrived (rule 2).
          up.push({ kind: 'ping', marker: delivery.pingMarker() });
        };
        const clientReceives = (frame: Down) => {
          if (frame.kind === 'pong') {
            if (frame.marker === 'replay') {
              delivery.replayComplete();
              flush();
            } else {
              delivered(delivery.pingAnswered(frame.marker));
            }
            return;
          }
          if (frame.kind === 'ack') {
            const id = delivery.acknowledged();
            if (id !== null) delivered([id]);
            return;
          }
          const b = body(frame.index);
          if (b.senderType === 'customer') {
            const verdict = delivery.customerMessageFromServer(b.message ?? '', b.timestamp);
            if (verdict.kind === 'delivered') delivered([verdict.id]);
            if (verdict.kind !== 'new') return;
          }
          state = reduce(state, { type: 'messageReceived', body: b });
        };
        const renew = () => {
          connected = true;
          delivery.loggedIn(true);
          // The server answers in order: the whole replay, then the pong to the barrier ping.
          down = [
            ...transcript.map((_, index) => ({ kind: 'message' as const, index })),
            { kind: 'pong', marker: 'replay' },
          ];
        };
        delivery.loggedIn(false);
        const step = (op: 'type' | 'agent' | 'up' | 'down' | 'drop') => {
          switch (op) {
            case 'type': {
              typed += 1;
              const id = `c${typed}`;
              // Few distinct texts: a customer repeats herself, and must not be taken for a replay.
              const text = `m${typed % 3}`;
              state = reduce(state, { type: 'customerMessageQueued', id, text, at: typed });
              delivery.queue({ id, text });
              flush();
              return;
            }
            case 'agent':
              agentSaid += 1;
              transcript.push({ sender: 'live_agent', text: `a${agentSaid}`, read: customerRead });
              if (connected) down.push({ kind: 'message', index: transcript.length - 1 });
              return;
            case 'up': {
              const frame = up.shift();
              if (frame === undefined) return;
              if (frame.kind === 'ping') {
                down.push({ kind: 'pong', marker: frame.marker });
                return;
              }
              customerRead += 1;
              transcript.push({ sender: 'customer', text: frame.text, read: 0 });
              if (acknowledges) down.push({ kind: 'ack' });
              return;
            }
            case 'down': {
              const frame = down.shift();
              if (frame !== undefined) clientReceives(frame);
              return;
            }
            case 'drop':
              up = [];
              down = [];
              connected = false;
              delivery.socketLost();
              renew();
              return;
          }
        };
        for (const { op } of operations) step(op);
        // The network heals: everything queued is delivered until both sides are quiet.
        for (let guard = 0; guard < 10_000 && (up.length > 0 || down.length > 0); guard++) {
          step(up.length > 0 ? 'up' : 'down');
        }
        const shown = state.chat.messages.flatMap((m) =>
          m.kind === 'customer' || m.kind === 'live_agent' ? [`${m.kind}|${m.text}`] : [],
        );
        // Each side in the server's order, nothing lost or doubled.
        const side = (list: string[], sender: string) => list.filter((e) => e.startsWith(`${sender}|`));
        const server = transcript.map((e) => `${e.sender}|${e.text}`);
        expect(side(shown, 'customer')).toEqual(side(server, 'customer'));
        expect(side(shown, 'live_agent')).toEqual(side(server, 'live_agent'));
        // An answer is never above its question: every customer message the server had read
        // when the agent wrote is shown above that agent message. (Messages that crossed on the
        // wire may show either way: without acknowledgements nobody can tell their order.)
        let customersAbove = 0;
        for (const entry of shown) {
          if (entry.startsWith('customer|')) customersAbove += 1;
          else {
            const agent = transcript.find((e) => `${e.sender}|${e.text}` === entry);
            expect(customersAbove).toBeGreaterThanOrEqual(agent?.read ?? 0);
          }
        }
        expect(transcript.filter((e) => e.sender === 'customer').map((e) => e.text)).toEqual(
          Array.from({ length: typed }, (_, i) => `m${(i + 1) % 3}`),
        );
        expect(state.chat.messages.filter((m) => m.kind === 'customer' && m.delivery !== 'sent')).toEqual([]);
        // Nothing is left that the server may not have.
        expect(delivery.endAll()).toEqual([]);
      }),
      {
        numRuns: 500,
        // The case a content match gets wrong without remembering what was delivered: 'm1'
        // delivered, 'm1' typed again, then a drop.
        examples: [
          [
            ['type', 'type', 'type', 'type', 'up', 'up', 'up', 'up', 'up', 'up', 'down', 'down', 'down', 'drop'].map(
              (op) => ({
                op: op as 'type' | 'agent' | 'up' | 'down' | 'drop',
              }),
            ),
            true,
          ],
        ],
      },
    );
  });
});
