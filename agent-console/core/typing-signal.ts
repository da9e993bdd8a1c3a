/**
 * The agent's isTyping, following the keyboard with the protocol's semantics: `true` when the
 * person starts typing, again every REFRESH_MS while they go on (the widget clears an agent's
 * indicator itself after agentTypingTimeout, 5 s), and `false` once they stop for IDLE_MS,
 * send the message, or leave the field. Time and timers are injected.
 */

/** Typing pauses longer than this clear the indicator (as the widget's forms judge "idle", 2 s). */
export const IDLE_MS = 2000;
/** While typing goes on, true again this often: under the widget's 5 s agentTypingTimeout. */
export const REFRESH_MS = 4000;

export interface TypingTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface TypingSignal {
  /** A key went down in the message field. */
  keystroke(): void;
  /** The person sent, left the field, or switched session or agent: false now if true was sent. */
  stop(): void;
  /** Clears the idle timer without sending anything (the page is going away). */
  dispose(): void;
}

export function createTypingSignal(send: (isTyping: boolean) => void, timers: TypingTimers): TypingSignal {
  let typing = false;
  let lastTrue = 0;
  let idle: unknown;

  const clearIdle = () => {
    if (idle !== undefined) timers.clearTimeout(idle);
    idle = undefined;
  };
  const stop = () => {
    clearIdle();
    if (!typing) return;
    typing = false;
    send(false);
  };

  return {
    keystroke() {
      const now = timers.now();
      if (!typing || now - lastTrue >= REFRESH_MS) {
        typing = true;
        lastTrue = now;
        send(true);
      }
      clearIdle();
      idle = timers.setTimeout(stop, IDLE_MS);
    },
    stop,
    dispose: clearIdle,
  };
}
