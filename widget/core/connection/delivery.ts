/**
 * Nothing lost, nothing doubled: which server transcript entries this widget already shows,
 * and when the outbox may (re-)send. Pure bookkeeping, no timers or sockets.
 *
 * The rule rests on one property of a socket: the server answers frames in order, on one
 * ordered stream. Every transcript entry the server adds shows up on the stream of the
 * socket holding the session, at its place: an agent's newMessage as that notification, a
 * customer's newMessage as its acknowledgement. After a renewChat with the full transcript
 * the new stream starts again at entry 0. So the position of a newMessage or acknowledgement
 * in the current stream is its index in the server's transcript, and what this widget shows
 * is always a prefix of that transcript (`known` entries): a replayed entry below `known` is
 * already shown; one at or above it is new, and if it is a customer message it is the oldest
 * outbox entry reaching the server (sent into a dying socket, or acknowledged with the
 * acknowledgement lost), delivered and never re-sent.
 */
import type { NewMessageNotificationBody } from '../../../generated/chat-socket.js';
import { createOutbox, type Outbox, type OutboxEntry } from './outbox.js';

export type Verdict =
  /** Already shown (a replay of what this widget has): ignore it. */
  | { kind: 'known' }
  /** An outbox entry the server has: mark it delivered. */
  | { kind: 'delivered'; id: string }
  /** A transcript entry this widget has not shown yet: show it. */
  | { kind: 'new' };

export interface Delivery {
  /** A customer message to send, in order. */
  queue(entry: OutboxEntry): void;
  /**
   * A logged-in socket: its stream starts at transcript entry 0. `replaying`: a renewChat with
   * the full transcript went out; nothing is (re-)sent until `replayComplete()`.
   */
  loggedIn(replaying: boolean): void;
  /** The socket is gone: entries in flight wait for the next replay to say whether they arrived. */
  socketLost(): void;
  /** The replay is over (the answer to a ping sent after the renew came back): what is left goes out. */
  replayComplete(): void;
  /** Whether the outbox waits for a replay to end. */
  holding(): boolean;
  /** Sends what may go out now, in order; returns the ids sent. */
  flush(send: (text: string) => boolean): string[];
  /** An acknowledgement of a newMessage: the id delivered, or null when none was in flight. */
  acknowledged(): string | null;
  /** A newMessage notification on the current stream. */
  serverMessage(body: Pick<NewMessageNotificationBody, 'senderType'>, text: string): Verdict;
  /** Messages the server does not have yet, oldest first. */
  pending(): readonly OutboxEntry[];
  clear(): void;
}

export function createDelivery(outbox: Outbox = createOutbox()): Delivery {
  /** Transcript entries this widget shows (a prefix of the server's transcript). */
  let known = 0;
  /** Position in the server's transcript of the next entry on the current stream. */
  let position = 0;
  let holding = false;

  function advance(): boolean {
    const index = position;
    position += 1;
    if (index < known) return false;
    known = index + 1;
    return true;
  }

  return {
    queue: (entry) => outbox.enqueue(entry),
    loggedIn(replaying) {
      position = 0;
      holding = replaying;
    },
    socketLost() {
      outbox.socketLost();
      // Until the next login nothing may go out: the old stream's positions mean nothing there.
      holding = true;
    },
    replayComplete() {
      holding = false;
      // A replay shorter than what we show (a server that forgot) cannot make us show less.
      position = Math.max(position, known);
    },
    holding: () => holding,
    flush(send) {
      return holding ? [] : outbox.flush(send);
    },
    acknowledged() {
      const entry = outbox.acknowledge();
      if (entry === null) return null;
      advance();
      return entry.id;
    },
    serverMessage(body, text) {
      if (!advance()) return { kind: 'known' };
      if (body.senderType === 'customer') {
        const entry = outbox.confirmOldest(text);
        if (entry !== null) return { kind: 'delivered', id: entry.id };
      }
      return { kind: 'new' };
    },
    pending: () => outbox.pending(),
    clear() {
      outbox.clear();
    },
  };
}
