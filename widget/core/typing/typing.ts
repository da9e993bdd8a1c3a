/**
 * Section 4, typing: the customer's signal goes out at most once per timeBetweenMsgs; an
 * agent's indicator clears after agentTypingTimeout (clients act on isTyping true only).
 */
import type { TimerHandle, WidgetEnvironment } from '../env.js';

export interface CustomerTypingSignal {
  /** Call on every keystroke; returns whether a signal was sent. */
  typed(): boolean;
  reset(): void;
}

export function createCustomerTypingSignal(
  env: WidgetEnvironment,
  timeBetweenMsgs: number,
  send: () => boolean,
): CustomerTypingSignal {
  let lastSent: number | null = null;
  return {
    typed() {
      const now = env.now();
      if (lastSent !== null && now - lastSent < timeBetweenMsgs) return false;
      if (!send()) return false;
      lastSent = now;
      return true;
    },
    reset() {
      lastSent = null;
    },
  };
}

export interface AgentTypingTimer {
  /** An isTyping true arrived: (re)start the clear timer. */
  typing(): void;
  cancel(): void;
  dispose(): void;
}

export function createAgentTypingTimer(env: WidgetEnvironment, timeout: number, onClear: () => void): AgentTypingTimer {
  let timer: TimerHandle | null = null;
  function cancel(): void {
    if (timer !== null) env.timers.clearTimeout(timer);
    timer = null;
  }
  return {
    typing() {
      cancel();
      timer = env.timers.setTimeout(() => {
        timer = null;
        onClear();
      }, timeout);
    },
    cancel,
    dispose: cancel,
  };
}
