/**
 * Customer messages in order until an open, logged-in socket takes them: typed during a drop,
 * they wait (shown pending) and go out after the renew, in order, each exactly once.
 */
export interface OutboxEntry {
  id: string;
  text: string;
}

export interface Outbox {
  enqueue(entry: OutboxEntry): void;
  /** Sends from the head while `send` accepts; returns the ids sent, in order. */
  flush(send: (text: string) => boolean): string[];
  pending(): readonly OutboxEntry[];
  clear(): void;
}

export function createOutbox(): Outbox {
  const queue: OutboxEntry[] = [];
  return {
    enqueue(entry) {
      queue.push(entry);
    },
    flush(send) {
      const sent: string[] = [];
      while (queue.length > 0) {
        const head = queue[0] as OutboxEntry;
        if (!send(head.text)) break;
        queue.shift();
        sent.push(head.id);
      }
      return sent;
    },
    pending: () => [...queue],
    clear() {
      queue.length = 0;
    },
  };
}
