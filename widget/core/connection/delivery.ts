/**
 * The one delivery authority: which customer messages the server has, which to (re-)send, and
 * which can never be delivered. Pure bookkeeping over ids and texts; no timers or sockets.
 *
 * A message sent is not a message delivered (a dying socket accepts frames that never arrive).
 * An entry in flight on a socket becomes delivered by the first of:
 * 1. its acknowledgement: the server acknowledges newMessage requests in order, so the nth
 *    newMessage acknowledgement on a socket is the nth newMessage sent on it;
 * 2. the answer to a ping sent after it on the same socket: the server reads one ordered
 *    stream, so by the time it answers the ping it has read the message (no acknowledgements
 *    needed, which many deployments never send);
 * 3. for a server that has never answered a ping: the socket that carried it staying open for
 *    the liveness window after it was sent;
 * 4. the server showing it back: a customer newMessage with the same text, matched to the
 *    oldest message that has no server copy yet (the transcript replayed after a renew, or a
 *    server echoing customer messages).
 * When the socket goes, entries in flight wait again; after the renew the replayed transcript
 * says which arrived (rule 4), and only the rest is sent again, in order. An entry lost with its
 * socket `maxSends` times, or refused as too large (close 1009), fails and is never re-sent.
 */

export interface OutboxEntry {
  id: string;
  text: string;
}

export type FailureReason =
  /** Refused by the server as too large (close 1009): the same text can never go through. */
  | 'tooLong'
  /** Lost with its socket too often: maybe the message itself breaks the connection. Retry offered. */
  | 'undeliverable'
  /** The chat ended before the server had it. */
  | 'chatEnded';

export type Verdict =
  /** A customer message this widget already shows and the server already had: nothing to do. */
  | { kind: 'known' }
  /** An outbox entry the server has: mark it delivered, never send it again. */
  | { kind: 'delivered'; id: string }
  /** A customer message this widget never showed (sent from another tab or device): show it. */
  | { kind: 'new' };

export interface Failure {
  id: string;
  reason: FailureReason;
}

export interface Delivery {
  queue(entry: OutboxEntry): void;
  /**
   * A new socket logged in. `replaying`: a renew asked for the full transcript; nothing goes out
   * until `replayComplete()`, as the replay may show that messages in flight arrived.
   */
  loggedIn(replaying: boolean): void;
  /** The replay is over (the answer to a ping sent after the renew came back, or a timeout). */
  replayComplete(): void;
  /** The socket is gone: entries in flight wait again. */
  socketLost(): void;
  /** Sends what may go out now, in order; returns the ids sent and those that failed instead. */
  flush(send: (text: string) => boolean, now: number): { sent: string[]; failed: Failure[] };
  /** One newMessage acknowledgement on the current socket: the id delivered, if any. */
  acknowledged(): string | null;
  /** A marker for a ping about to be sent on the current socket. */
  pingMarker(): number;
  /** The answer to the ping with that marker: every entry sent before it is delivered. */
  pingAnswered(marker: number): string[];
  /** Rule 3: entries in flight since `sentBefore` on a socket still open, for servers that never answer pings. */
  settled(sentBefore: number): string[];
  /** When the oldest entry in flight on the current socket went out (rule 3's clock), or null. */
  oldestInFlight(): number | null;
  /** A customer newMessage from the server (rule 4). */
  customerMessageFromServer(text: string, timestamp: number): Verdict;
  /** The server refused a frame as too large (close 1009): the largest entry in flight fails. */
  refusedTooLarge(): Failure | null;
  /** Retry of a failed 'undeliverable' entry: it goes to the end of the outbox. */
  retry(entry: OutboxEntry): void;
  /** The chat is over: whatever the server does not have has failed. */
  endAll(): Failure[];
  /** The server has acknowledged a newMessage in this chat: unacknowledged ones are not in its transcript. */
  acknowledging(): boolean;
}

interface Slot {
  entry: OutboxEntry;
  /** Position among the newMessages sent on the current socket, or null while waiting. */
  seq: number | null;
  sentAt: number;
  sends: number;
}

/** Delivered messages the server has not shown back yet are kept for rule 4, at most this many. */
const UNSHOWN_LIMIT = 500;
/** Server copies already matched, for the "already shown" check; oldest forgotten beyond this. */
const SHOWN_LIMIT = 5_000;

export function createDelivery(options: { maxSends: number }): Delivery {
  /** In order; entries in flight are always a prefix (flush sends from the oldest waiting one). */
  let slots: Slot[] = [];
  /** Delivered by rules 1 to 3, not yet shown back by the server, oldest first. */
  const unshown: OutboxEntry[] = [];
  /** (timestamp, text) of customer messages the server showed and this widget has. */
  const shown = new Set<string>();
  let sentOnSocket = 0;
  let acksOnSocket = 0;
  let holding = false;
  let acksSeen = false;

  const keyOf = (text: string, timestamp: number) => `${timestamp}\u0000${text}`;

  function remember(key: string): void {
    shown.add(key);
    if (shown.size > SHOWN_LIMIT) shown.delete(shown.values().next().value as string);
  }

  function deliver(predicate: (slot: Slot) => boolean): string[] {
    const done = slots.filter(predicate);
    if (done.length === 0) return [];
    slots = slots.filter((slot) => !predicate(slot));
    for (const slot of done) unshown.push(slot.entry);
    if (unshown.length > UNSHOWN_LIMIT) unshown.splice(0, unshown.length - UNSHOWN_LIMIT);
    return done.map((slot) => slot.entry.id);
  }

  function fail(slot: Slot, reason: FailureReason): Failure {
    slots = slots.filter((s) => s !== slot);
    return { id: slot.entry.id, reason };
  }

  return {
    queue(entry) {
      slots.push({ entry, seq: null, sentAt: 0, sends: 0 });
    },
    loggedIn(replaying) {
      sentOnSocket = 0;
      acksOnSocket = 0;
      holding = replaying;
    },
    replayComplete() {
      holding = false;
    },
    socketLost() {
      for (const slot of slots) slot.seq = null;
      // Until the next login nothing may go out.
      holding = true;
    },
    flush(send, now) {
      const sent: string[] = [];
      const failed: Failure[] = [];
      if (holding) return { sent, failed };
      for (const slot of [...slots]) {
        if (slot.seq !== null) continue;
        if (slot.sends >= options.maxSends) {
          failed.push(fail(slot, 'undeliverable'));
          continue;
        }
        if (!send(slot.entry.text)) break;
        sentOnSocket += 1;
        slot.seq = sentOnSocket;
        slot.sentAt = now;
        slot.sends += 1;
        sent.push(slot.entry.id);
      }
      return { sent, failed };
    },
    acknowledged() {
      acksSeen = true;
      acksOnSocket += 1;
      const n = acksOnSocket;
      return deliver((slot) => slot.seq === n)[0] ?? null;
    },
    pingMarker: () => sentOnSocket,
    pingAnswered(marker) {
      return deliver((slot) => slot.seq !== null && slot.seq <= marker);
    },
    settled(sentBefore) {
      return deliver((slot) => slot.seq !== null && slot.sentAt <= sentBefore);
    },
    oldestInFlight() {
      let oldest: number | null = null;
      for (const slot of slots)
        if (slot.seq !== null && (oldest === null || slot.sentAt < oldest)) oldest = slot.sentAt;
      return oldest;
    },
    customerMessageFromServer(text, timestamp) {
      const key = keyOf(text, timestamp);
      if (shown.has(key)) return { kind: 'known' };
      remember(key);
      const early = unshown.findIndex((entry) => entry.text === text);
      if (early !== -1) {
        unshown.splice(early, 1);
        return { kind: 'known' };
      }
      // Only an entry that went out at least once can be on the server.
      const slot = slots.find((s) => s.sends > 0 && s.entry.text === text);
      if (slot === undefined) return { kind: 'new' };
      slots = slots.filter((s) => s !== slot);
      return { kind: 'delivered', id: slot.entry.id };
    },
    refusedTooLarge() {
      const inFlight = slots.filter((slot) => slot.seq !== null);
      if (inFlight.length === 0) return null;
      const largest = inFlight.reduce((a, b) => (b.entry.text.length > a.entry.text.length ? b : a));
      return fail(largest, 'tooLong');
    },
    retry(entry) {
      slots.push({ entry, seq: null, sentAt: 0, sends: 0 });
    },
    endAll() {
      const failed = slots.map((slot) => ({ id: slot.entry.id, reason: 'chatEnded' as const }));
      slots = [];
      return failed;
    },
    acknowledging: () => acksSeen,
  };
}
