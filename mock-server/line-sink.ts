/**
 * Where log lines go: off the hot path, in order, in bounded memory. A line per frame written
 * at once costs a write call (on a pipe, a system call) per frame, and a reader that stops
 * reading (`mock-chat serve | less`, left alone) makes a stream buffer every line for ever.
 *
 * So lines are gathered and written together once per turn of the event loop (or as soon as
 * BATCH_BYTES wait), and only while the stream takes them: when it says it is full, lines wait
 * here, up to `maxPendingBytes`; beyond that they are dropped and counted, and a notice saying
 * how many takes their place once there is room again. Important lines (warnings, violations:
 * what a reader must not miss, and rare next to the frames) may use twice that before they are
 * dropped too. A stream that fails or closes (EPIPE:
 * `| head -1` has exited) is simply no longer written to; that is never a reason to stop the
 * server. `flush()` writes what waits and resolves once the stream has taken it (bounded).
 *
 * A `write`-only object (no events, so no backpressure to observe) gets each line as it is made.
 */

/** Lines waiting beyond this many bytes are dropped (counted, and said). */
export const MAX_PENDING_BYTES = 1024 * 1024;
/** Lines are written as soon as this many bytes wait, else once per turn of the event loop. */
const BATCH_BYTES = 64 * 1024;

export type LineOut = { write(text: string): unknown } & Partial<Pick<NodeJS.WritableStream, 'on' | 'once' | 'off'>> & {
    writableLength?: number;
  };

export interface LineSink {
  /** `important`: a warning or a violation, kept while twice the usual bytes wait. */
  write(line: string, important?: boolean): void;
  /** Writes what waits and resolves once the stream has taken it, or after `timeoutMs`. */
  flush(timeoutMs?: number): Promise<void>;
  /** Lines dropped so far because the reader did not keep up. */
  readonly dropped: number;
}

export function createLineSink(
  out: LineOut,
  notice: (dropped: number) => string,
  maxPendingBytes = MAX_PENDING_BYTES,
): LineSink {
  if (typeof out.once !== 'function' || typeof out.on !== 'function') return directSink(out);
  const stream = out as LineOut & Pick<NodeJS.WritableStream, 'on' | 'once' | 'off'>;
  let pending: string[] = [];
  let pendingBytes = 0;
  let scheduled = false;
  let full = false;
  let closed = false;
  let droppedRun = 0;
  let dropped = 0;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const resolve of [...waiters]) resolve();
  };

  const stop = () => {
    closed = true;
    pending = [];
    pendingBytes = 0;
    wake();
  };
  // A closed pipe or a failing file: nothing more is said there (and nothing is thrown).
  stream.on('error', stop);
  stream.on('close', stop);
  stream.on('drain', () => {
    full = false;
    writeOut();
    wake();
  });

  const add = (line: string) => {
    pending.push(line);
    pendingBytes += line.length + 1;
  };
  /** The notice of dropped lines goes where they would have been. */
  const sayDropped = () => {
    if (droppedRun === 0) return;
    add(notice(droppedRun));
    droppedRun = 0;
  };

  function writeOut(): void {
    if (closed || full) return;
    sayDropped();
    if (pending.length === 0) return;
    const chunk = `${pending.join('\n')}\n`;
    pending = [];
    pendingBytes = 0;
    try {
      full = stream.write(chunk) === false;
    } catch {
      stop();
    }
  }

  return {
    write(line, important = false) {
      if (closed) return;
      if (full && pendingBytes + line.length + 1 > (important ? 2 : 1) * maxPendingBytes) {
        droppedRun += 1;
        dropped += 1;
        return;
      }
      sayDropped();
      add(line);
      if (pendingBytes >= BATCH_BYTES) writeOut();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          writeOut();
        });
      }
    },
    async flush(timeoutMs = 2000) {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      let late = false;
      void timedOut.then(() => {
        late = true;
        wake();
      });
      const event = () =>
        new Promise<void>((resolve) => {
          const done = () => {
            waiters.delete(done);
            resolve();
          };
          waiters.add(done);
        });
      writeOut();
      // Lines wait while the stream is full: each drain writes more of them.
      while (!closed && !late && (full || pending.length > 0)) await event();
      // Then until the stream has handed the last of them on (a write's callback comes in order).
      if (!closed && !late) {
        await Promise.race([
          new Promise<void>((resolve) => {
            try {
              (stream.write as (text: string, done: () => void) => boolean)('', () => resolve());
            } catch {
              resolve();
            }
          }),
          timedOut,
          event(),
        ]);
      }
      clearTimeout(timer);
    },
    get dropped() {
      return dropped;
    },
  };
}

/** One write per line, for a sink with no events to say when it is full or gone. */
function directSink(out: LineOut): LineSink {
  let closed = false;
  return {
    write(line) {
      if (closed) return;
      try {
        out.write(`${line}\n`);
      } catch {
        closed = true;
      }
    },
    flush: async () => {},
    dropped: 0,
  };
}
