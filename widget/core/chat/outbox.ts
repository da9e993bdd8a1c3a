/**
 * The outbox: the customer messages of the transcript, and the rules that say which of them the
 * server has, which go (again) and which never will. There is one copy: each customer message
 * carries its delivery state (`queued | sending | delivered | failed`) and the bookkeeping of its
 * sends (`OutboxRecord`), so what the visitor sees and what is sent cannot disagree, and Retry
 * finds the text where it is. Pure functions of the chat; the chat machine calls them.
 *
 * A message sent is not a message delivered (a dying socket accepts frames that never arrive).
 * A message in flight on a socket is delivered by the first of:
 * 1. its acknowledgement: the server answers newMessage requests in order, so the nth answer on
 *    a socket (an acknowledgement, or error 1 refusing it) is the nth newMessage sent on it;
 * 2. the answer to a ping sent after it on the same socket: the server reads one ordered
 *    stream, so by the time it answers the ping it has read the message (no acknowledgements
 *    needed, which many deployments never send);
 * 3. for a server that has never answered a ping: the socket that carried it staying open for
 *    the liveness window after it was sent;
 * 4. the server showing it back: a customer newMessage with the same text, matched to the
 *    oldest message that has no server copy yet (the transcript replayed after a renew, or a
 *    server echoing customer messages).
 * When the socket goes, messages in flight wait again; after the renew the replayed transcript
 * says which arrived (rule 4), and only the rest is sent again, in order. A message lost with its
 * socket `maxSends` times, or refused as too large (close 1009), fails and is never re-sent; one
 * refused with error 1 fails with Retry.
 */
import type { ChatMessage, ChatView, FailureReason, OutboxRecord } from './state.js';

type CustomerMessage = Extract<ChatMessage, { kind: 'customer' }>;

const isCustomer = (m: ChatMessage): m is CustomerMessage => m.kind === 'customer';
/** Not final: the server may still get it. */
const isOpen = (m: CustomerMessage) => m.delivery === 'queued' || m.delivery === 'sending';
/** Sent on the current socket, not answered yet. */
const inFlight = (m: CustomerMessage) => m.delivery === 'sending' && m.outbox.seq !== null;

/** The chat with each customer message `change` returns replaced (null: unchanged); the same chat if none changed. */
function updated(chat: ChatView, change: (m: CustomerMessage) => CustomerMessage | null): ChatView {
  let messages: ChatMessage[] | null = null;
  chat.messages.forEach((m, index) => {
    const next = isCustomer(m) ? change(m) : null;
    if (next === null) return;
    messages ??= [...chat.messages];
    messages[index] = next;
  });
  return messages === null ? chat : { ...chat, messages };
}

function withRecord(m: CustomerMessage, record: Partial<OutboxRecord>): OutboxRecord {
  return { ...m.outbox, ...record };
}

function deliver(m: CustomerMessage, shownAt: number | null = m.outbox.shownAt): CustomerMessage {
  return { ...m, delivery: 'delivered', failure: null, outbox: withRecord(m, { seq: null, shownAt }) };
}

function failed(m: CustomerMessage, reason: FailureReason): CustomerMessage {
  return { ...m, delivery: 'failed', failure: reason, outbox: withRecord(m, { seq: null }) };
}

/** A new message the visitor typed: at the end, queued. */
export function queue(chat: ChatView, id: string, text: string, at: number): ChatView {
  const outbox: OutboxRecord = { seq: null, sentAt: 0, sends: 0, shownAt: null };
  const message: CustomerMessage = {
    kind: 'customer',
    id,
    text,
    timestamp: at,
    delivery: 'queued',
    failure: null,
    outbox,
  };
  return { ...chat, messages: [...chat.messages, message] };
}

/** Retry of a message that failed but may go through (lost too often, refused): it moves to the end, queued. */
export function retry(chat: ChatView, id: string, at: number): ChatView {
  const index = chat.messages.findIndex((m) => m.kind === 'customer' && m.id === id);
  const message = chat.messages[index];
  if (message?.kind !== 'customer' || message.delivery !== 'failed') return chat;
  if (message.failure !== 'undeliverable' && message.failure !== 'refused') return chat;
  const again: CustomerMessage = {
    ...message,
    delivery: 'queued',
    failure: null,
    timestamp: at,
    outbox: { seq: null, sentAt: 0, sends: 0, shownAt: null },
  };
  return { ...chat, messages: [...chat.messages.slice(0, index), ...chat.messages.slice(index + 1), again] };
}

export interface Flushed {
  chat: ChatView;
  /** The texts to send now, in order. */
  texts: string[];
  /** newMessages sent on this socket so far, these included (the barrier's marker). */
  sentOnSocket: number;
}

/** What may go out now, in order: every message waiting to go; one lost `maxSends` times fails instead. */
export function flush(chat: ChatView, sentOnSocket: number, at: number, maxSends: number): Flushed {
  const texts: string[] = [];
  let seq = sentOnSocket;
  const next = updated(chat, (m) => {
    if (!isOpen(m) || m.outbox.seq !== null) return null;
    if (m.outbox.sends >= maxSends) return failed(m, 'undeliverable');
    texts.push(m.text);
    seq += 1;
    return { ...m, delivery: 'sending', outbox: withRecord(m, { seq, sentAt: at, sends: m.outbox.sends + 1 }) };
  });
  return { chat: next, texts, sentOnSocket: seq };
}

/**
 * The messages in flight on this socket that `proven` picks are delivered: rule 1 (the nth answer
 * was an acknowledgement: `seq === n`), rule 2 (a ping sent after the `marker`th was answered:
 * `seq <= marker`) or rule 3 (sent before a time, on a socket still open: `sentAt <= t`).
 */
export function delivered(chat: ChatView, proven: (sent: OutboxRecord) => boolean): ChatView {
  return updated(chat, (m) => (inFlight(m) && proven(m.outbox) ? deliver(m) : null));
}

/** When the oldest message in flight on this socket went out (rule 3's clock), or null. */
export function oldestInFlight(chat: ChatView): number | null {
  let oldest: number | null = null;
  for (const m of chat.messages) {
    if (isCustomer(m) && inFlight(m) && (oldest === null || m.outbox.sentAt < oldest)) oldest = m.outbox.sentAt;
  }
  return oldest;
}

/** Error 1 answering a newMessage: the oldest in flight on this socket was refused. Retry offered. */
export function refused(chat: ChatView): ChatView {
  let done = false;
  return updated(chat, (m) => {
    if (done || !inFlight(m)) return null;
    done = true;
    return failed(m, 'refused');
  });
}

/** The server refused a frame as too large (close 1009): the largest in flight fails, for good. */
export function refusedTooLarge(chat: ChatView): ChatView {
  let largest: CustomerMessage | null = null;
  for (const m of chat.messages) {
    if (isCustomer(m) && inFlight(m) && (largest === null || m.text.length > largest.text.length)) largest = m;
  }
  return largest === null ? chat : updated(chat, (m) => (m === largest ? failed(m, 'tooLong') : null));
}

/** The socket is gone: messages in flight wait to go again. */
export function socketLost(chat: ChatView): ChatView {
  return updated(chat, (m) => (inFlight(m) ? { ...m, outbox: withRecord(m, { seq: null }) } : null));
}

/** The chat is over: whatever the server does not have has failed. */
export function endAll(chat: ChatView): ChatView {
  return updated(chat, (m) => (isOpen(m) ? failed(m, 'chatEnded') : null));
}

export type Verdict =
  /** A customer message this widget already shows and the server already had: nothing to do. */
  | 'known'
  /** A message of the outbox the server has: delivered, never sent again. */
  | 'delivered'
  /** A customer message this widget never showed (sent from another tab or device): show it. */
  | 'new';

/** Rule 4: the server shows a customer message (`text` at `timestamp`). */
export function fromServer(chat: ChatView, text: string, timestamp: number): { chat: ChatView; verdict: Verdict } {
  const customers = chat.messages.filter(isCustomer);
  if (customers.some((m) => m.outbox.shownAt === timestamp && m.text === text)) return { chat, verdict: 'known' };
  // Delivered by rules 1 to 3 before the server showed it: now it has.
  const early = customers.find((m) => m.delivery === 'delivered' && m.outbox.shownAt === null && m.text === text);
  if (early !== undefined) {
    return { chat: updated(chat, (m) => (m === early ? deliver(m, timestamp) : null)), verdict: 'known' };
  }
  // Only a message that went out at least once can be on the server.
  const sent = customers.find((m) => m.delivery === 'sending' && m.text === text);
  if (sent === undefined) return { chat, verdict: 'new' };
  return { chat: updated(chat, (m) => (m === sent ? deliver(m, timestamp) : null)), verdict: 'delivered' };
}
