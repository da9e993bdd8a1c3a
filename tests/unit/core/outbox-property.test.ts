/**
 * Nothing lost, nothing doubled, order kept: the pure chat machine against a model contact
 * centre over a model network, in every interleaving fast-check finds of the visitor typing
 * (and retrying), the agent writing, frames travelling up and down, acknowledgements (from a
 * server that sends them, or none), error 1 refusing a message, drops, and the renew after each
 * drop with its full replay.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChatEffect } from '../../../widget/core/chat/chat-machine.js';
import { ChatDriver, chatConfig } from './support/chat-driver.js';
import { agent, joined } from './support/frames.js';

type Op =
  /** The visitor types; `refused`: the server refuses this message (error 1), each time it reads it, as it refuses by content. */
  { op: 'type'; refused: boolean } | { op: 'retry' } | { op: 'agent' } | { op: 'up' } | { op: 'down' } | { op: 'drop' };

const operation: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('type' as const), refused: fc.boolean() }), weight: 3 },
  { arbitrary: fc.constant({ op: 'retry' as const }), weight: 1 },
  { arbitrary: fc.constant({ op: 'agent' as const }), weight: 2 },
  { arbitrary: fc.constant({ op: 'up' as const }), weight: 4 },
  { arbitrary: fc.constant({ op: 'down' as const }), weight: 4 },
  { arbitrary: fc.constant({ op: 'drop' as const }), weight: 1 },
);

/** How the server answers: acknowledgements or none; error 1 naming the newMessage, or naming nothing. */
const manners = fc.record({ acks: fc.boolean(), errorNamesMethod: fc.boolean() });

type Up = { kind: 'message'; text: string } | { kind: 'renew' } | { kind: 'ping' };
type Down = { kind: 'ack' } | { kind: 'refusal' } | { kind: 'message'; index: number } | { kind: 'pong' };

interface Entry {
  sender: 'customer' | 'live_agent';
  text: string;
  /** For an agent entry: how many customer messages the server had read when it was written. */
  read: number;
}

function simulate(operations: Op[], server: { acks: boolean; errorNamesMethod: boolean }): string | null {
  const chat = new ChatDriver(chatConfig({ settings: { maxDeliveryAttempts: 1_000 } }));
  const transcript: Entry[] = [];
  /** Texts the server refuses (too long, say): every time it reads them, a retry too. */
  const toRefuse = new Set<string>();
  let up: Up[] = [];
  let down: Down[] = [];
  let customerRead = 0;
  /** The server talks on the socket once it has read the renew (a new socket is nobody's chat before). */
  let attached = true;
  let typed = 0;
  let agentSaid = 0;
  let problem: string | null = null;
  const broken = (why: string) => {
    problem ??= why;
  };

  /** What the machine sent goes on the wire, in order. */
  const wire = (effects: ChatEffect[]) => {
    for (const effect of effects) {
      if (effect.type === 'send') {
        const body = effect.frame.body;
        if (body.method === 'newMessage') up.push({ kind: 'message', text: body.message });
        if (body.method === 'renewChat') up.push({ kind: 'renew' });
      }
      if (effect.type === 'barrier') up.push({ kind: 'ping' });
    }
  };
  const count = (list: string[], text: string) => list.filter((t) => t === text).length;
  /** Shown as delivered only what the server has: a refused message is never credited. */
  const checkDelivered = () => {
    const onServer = transcript.filter((e) => e.sender === 'customer').map((e) => e.text);
    const delivered = chat.customer().filter((m) => m.delivery === 'delivered');
    for (const m of delivered) {
      if (
        count(
          delivered.map((d) => d.text),
          m.text,
        ) > count(onServer, m.text)
      ) {
        broken(`"${m.text}" shown delivered; the server has it ${count(onServer, m.text)} times`);
      }
    }
  };

  wire(chat.open(false));
  chat.confirm();
  chat.notify(joined(agent));
  const step = (op: Op) => {
    switch (op.op) {
      case 'type': {
        typed += 1;
        // Few distinct texts: a customer repeats herself, and must not be taken for a replay.
        // A message the server will refuse has a text of its own.
        const text = op.refused ? `refused ${typed}` : `m${typed % 3}`;
        if (op.refused) toRefuse.add(text);
        wire(chat.run('send', { text }));
        return;
      }
      case 'retry': {
        const failed = chat.customer().find((m) => m.delivery === 'failed');
        if (failed !== undefined) wire(chat.run('retry', { id: failed.id }));
        return;
      }
      case 'agent':
        agentSaid += 1;
        transcript.push({ sender: 'live_agent', text: `a${agentSaid}`, read: customerRead });
        if (attached) down.push({ kind: 'message', index: transcript.length - 1 });
        return;
      case 'up': {
        const frame = up.shift();
        if (frame === undefined) return;
        if (frame.kind === 'ping') down.push({ kind: 'pong' });
        else if (frame.kind === 'renew') {
          // The whole transcript again, in order; the ping after the renew is answered after it.
          attached = true;
          down.push(...transcript.map((_, index) => ({ kind: 'message' as const, index })));
        } else if (toRefuse.has(frame.text)) down.push({ kind: 'refusal' });
        else {
          customerRead += 1;
          transcript.push({ sender: 'customer', text: frame.text, read: 0 });
          if (server.acks) down.push({ kind: 'ack' });
        }
        return;
      }
      case 'down': {
        const frame = down.shift();
        if (frame === undefined) return;
        if (frame.kind === 'pong') wire(chat.answerBarrier());
        else if (frame.kind === 'ack') wire(chat.ack());
        else if (frame.kind === 'refusal') {
          wire(chat.error(1, 'Invalid message', server.errorNamesMethod ? 'newMessage' : undefined));
        } else {
          const entry = transcript[frame.index] as Entry;
          const body = { method: 'newMessage' as const, senderType: entry.sender, type: 'text' as const };
          wire(chat.notify({ ...body, message: entry.text, timestamp: frame.index + 1, displayName: 'Alex' }));
        }
        return;
      }
      case 'drop':
        // What was on the wire either way is lost; the machine reconnects and renews.
        up = [];
        down = [];
        attached = false;
        chat.drop();
        chat.run('reconnecting', { attempt: 1 });
        wire(chat.open(true));
        return;
    }
  };
  for (const op of operations) {
    step(op);
    checkDelivered();
  }
  // The network heals: everything queued is delivered until both sides are quiet.
  for (let guard = 0; guard < 10_000 && (up.length > 0 || down.length > 0); guard++) {
    step({ op: up.length > 0 ? 'up' : 'down' });
    checkDelivered();
  }

  const customer = chat.customer();
  const failed = customer.filter((m) => m.delivery === 'failed');
  const shown = chat.state.chat.messages.flatMap((m) =>
    (m.kind === 'customer' && m.delivery !== 'failed') || m.kind === 'live_agent' ? [`${m.kind}|${m.text}`] : [],
  );
  const side = (list: string[], sender: string) => list.filter((e) => e.startsWith(`${sender}|`));
  const onServer = transcript.map((e) => `${e.sender}|${e.text}`);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  // Each side in the server's order, nothing lost or doubled; every message typed is on screen once.
  if (!same(side(shown, 'customer'), side(onServer, 'customer'))) {
    broken(`customer messages shown ${side(shown, 'customer')}; the server's ${side(onServer, 'customer')}`);
  }
  if (!same(side(shown, 'live_agent'), side(onServer, 'live_agent'))) {
    broken('agent messages lost, doubled or reordered');
  }
  if (customer.length !== typed) broken(`${typed} typed, ${customer.length} shown`);
  // What failed is what the server refused, with Retry; nothing is left 'Sending…'.
  for (const m of failed) {
    if (m.failure !== 'refused' || !m.text.startsWith('refused')) broken(`"${m.text}" failed (${m.failure})`);
  }
  if (customer.some((m) => m.delivery === 'queued' || m.delivery === 'sending')) broken('a message left Sending…');
  // An answer is never above its question: every customer message the server had read when the
  // agent wrote is shown above that agent message (messages that crossed on the wire may show
  // either way: without acknowledgements nobody can tell their order).
  let customersAbove = 0;
  for (const entry of shown) {
    if (entry.startsWith('customer|')) customersAbove += 1;
    else {
      const written = transcript.find((e) => `${e.sender}|${e.text}` === entry);
      if (customersAbove < (written?.read ?? 0)) broken(`"${entry}" shown above a question it answers`);
    }
  }
  return problem;
}

describe('the outbox in the chat machine (property)', () => {
  it('property: with or without acknowledgements, through refusals, drops and renews: 0 lost, 0 doubled, order kept, a refused message failed with Retry and never credited', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 120 }), manners, (operations, server) => {
        expect(simulate(operations, server)).toBeNull();
      }),
      {
        numRuns: 500,
        examples: [
          // The case a content match gets wrong without remembering what was delivered: 'm1'
          // delivered, 'm1' typed again, then a drop.
          [
            (
              [
                'type',
                'type',
                'type',
                'type',
                'up',
                'up',
                'up',
                'up',
                'up',
                'up',
                'down',
                'down',
                'down',
                'drop',
              ] as const
            ).map((op) => (op === 'type' ? { op, refused: false } : { op })),
            { acks: true, errorNamesMethod: true },
          ],
          // A refused message between two others, acknowledged: the next acknowledgement is the next message's.
          [
            [
              { op: 'type', refused: false },
              { op: 'type', refused: true },
              { op: 'type', refused: false },
              ...Array(6).fill({ op: 'up' }),
              ...Array(6).fill({ op: 'down' }),
            ],
            { acks: true, errorNamesMethod: false },
          ],
        ],
      },
    );
  });
});
