/**
 * Customer messages in order until the server has them. `send()` accepting a frame proves
 * nothing (a dying socket accepts frames that never arrive), so an entry stays here, in
 * flight, until the server acknowledges it or shows it in a replayed transcript; a lost
 * socket puts the entries in flight back to waiting, to be reconciled before any re-send.
 */
export interface OutboxEntry {
  id: string;
  text: string;
}

export interface Outbox {
  enqueue(entry: OutboxEntry): void;
  /** Sends the waiting entries from the oldest while `send` accepts; returns the ids sent, in order. */
  flush(send: (text: string) => boolean): string[];
  /** The server acknowledged one newMessage on this socket: the oldest entry in flight is delivered. */
  acknowledge(): OutboxEntry | null;
  /** The server shows a customer message it has and we had not counted: the oldest entry, if its text. */
  confirmOldest(text: string): OutboxEntry | null;
  /** The socket went away: entries in flight may or may not have arrived; they wait again. */
  socketLost(): void;
  /** Every entry the server does not have yet, oldest first. */
  pending(): readonly OutboxEntry[];
  clear(): void;
}

interface Slot {
  entry: OutboxEntry;
  inFlight: boolean;
}

export function createOutbox(): Outbox {
  // Entries in flight are always a prefix: flush sends from the oldest waiting one, in order.
  const slots: Slot[] = [];
  return {
    enqueue(entry) {
      slots.push({ entry, inFlight: false });
    },
    flush(send) {
      const sent: string[] = [];
      for (const slot of slots) {
        if (slot.inFlight) continue;
        if (!send(slot.entry.text)) break;
        slot.inFlight = true;
        sent.push(slot.entry.id);
      }
      return sent;
    },
    acknowledge() {
      const head = slots[0];
      if (head === undefined || !head.inFlight) return null;
      slots.shift();
      return head.entry;
    },
    confirmOldest(text) {
      const head = slots[0];
      if (head === undefined || head.entry.text !== text) return null;
      slots.shift();
      return head.entry;
    },
    socketLost() {
      for (const slot of slots) slot.inFlight = false;
    },
    pending: () => slots.map((slot) => slot.entry),
    clear() {
      slots.length = 0;
    },
  };
}
