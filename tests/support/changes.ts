/**
 * Waiting on something that announces its changes (log lines, a child process's output, a
 * proxy's connections): whoever changes it calls `changed()`, which re-checks every wait at
 * once, instead of a loop that sleeps between looks. Every wait has a deadline (WAIT_MS: a hang
 * detector, tests/support/patience.ts).
 */
import { WAIT_MS } from './patience.js';

export class Changes {
  readonly #waiters = new Set<() => void>();

  /** Something changed: every wait looks again. */
  changed(): void {
    for (const wake of [...this.#waiters]) wake();
  }

  /**
   * Resolves with `check()`'s value once it is neither undefined, null nor false (looked at now
   * and after each change); rejects after `timeoutMs` with `describe()` in the message.
   */
  until<T>(check: () => T | undefined | null | false, describe: () => string, timeoutMs = WAIT_MS): Promise<T> {
    return new Promise((resolve, reject) => {
      const done = () => {
        this.#waiters.delete(look);
        clearTimeout(timer);
      };
      const look = () => {
        let value: T | undefined | null | false;
        try {
          value = check();
        } catch (error) {
          done();
          reject(error);
          return;
        }
        if (value === undefined || value === null || value === false) return;
        done();
        resolve(value);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`not within ${timeoutMs} ms: ${describe()}`));
      }, timeoutMs);
      this.#waiters.add(look);
      look();
    });
  }
}

/** Log lines (the mock's `log` option takes `log`) and a wait for one matching. */
export function logLines(): {
  lines: string[];
  log: (line: string) => void;
  seen(pattern: RegExp, timeoutMs?: number): Promise<string>;
} {
  const lines: string[] = [];
  const changes = new Changes();
  return {
    lines,
    log: (line) => {
      lines.push(line);
      changes.changed();
    },
    seen: (pattern, timeoutMs = WAIT_MS) =>
      changes.until(
        () => lines.find((line) => pattern.test(line)),
        () => `no log line matching ${pattern}:\n${lines.join('\n')}`,
        timeoutMs,
      ),
  };
}

/** Everything a child process prints on stdout and stderr, and a wait for a pattern in it. */
export function childOutput(child: {
  stdout: NodeJS.ReadableStream | null;
  stderr: NodeJS.ReadableStream | null;
  once(event: 'exit', listener: () => void): unknown;
}): { text(): string; shows(pattern: RegExp, timeoutMs?: number): Promise<string> } {
  let text = '';
  const changes = new Changes();
  const add = (chunk: Buffer | string) => {
    text += String(chunk);
    changes.changed();
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  child.once('exit', () => changes.changed());
  return {
    text: () => text,
    shows: (pattern, timeoutMs = WAIT_MS) =>
      changes.until(
        () => pattern.exec(text)?.[0],
        () => `no output matching ${pattern}:\n${text}`,
        timeoutMs,
      ),
  };
}
