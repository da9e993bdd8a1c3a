/**
 * Section 4, on-hold: comfort messages play sorted by sequence, cycling, one every `delay`
 * seconds; the URL message repeats every `holdTime` seconds. Stopped when an agent joins and
 * restarted when only the customer remains (the controller decides when).
 */
import type { WebOnHoldComfortGroup, WebOnHoldUrlGroup } from '../../../generated/chat-socket.js';
import { safeUrl } from '../chat/safe-url.js';
import { clamp, ON_HOLD_SECONDS_LIMITS } from '../config/defaults.js';
import type { TimerHandle, WidgetEnvironment } from '../env.js';

export interface OnHoldPlayerOptions {
  env: WidgetEnvironment;
  onComfortMessage(text: string): void;
  onUrlMessage(description: string, urls: readonly string[]): void;
}

export interface OnHoldPlayer {
  /** Element 0 of the notification's arrays; a replacement group keeps nothing of the old one. */
  configure(comfort: WebOnHoldComfortGroup | undefined, urls: WebOnHoldUrlGroup | undefined): void;
  start(): void;
  stop(): void;
  isPlaying(): boolean;
  dispose(): void;
}

export function sortedComfortMessages(group: WebOnHoldComfortGroup): string[] {
  return [...group.messages].sort((a, b) => a.sequence - b.sequence).map((m) => m.message);
}

/** Server-supplied seconds → ms within ON_HOLD_SECONDS_LIMITS; 0 or less (or not a number) means off. */
function seconds(value: number): number {
  if (!(value > 0)) return 0;
  return clamp(value, ON_HOLD_SECONDS_LIMITS) * 1000;
}

export function createOnHoldPlayer(options: OnHoldPlayerOptions): OnHoldPlayer {
  const { env } = options;
  let comfort: { messages: string[]; delayMs: number } | null = null;
  let urls: { description: string; urls: string[]; holdMs: number } | null = null;
  /** The current position survives a stop: a restarted wait continues the cycle. */
  let position = 0;
  let comfortTimer: TimerHandle | null = null;
  let urlTimer: TimerHandle | null = null;

  function stop(): void {
    if (comfortTimer !== null) env.timers.clearInterval(comfortTimer);
    if (urlTimer !== null) env.timers.clearInterval(urlTimer);
    comfortTimer = null;
    urlTimer = null;
  }

  function playNextComfort(): void {
    if (comfort === null || comfort.messages.length === 0) return;
    const text = comfort.messages[position % comfort.messages.length] as string;
    position = (position + 1) % comfort.messages.length;
    options.onComfortMessage(text);
  }

  function start(): void {
    if (comfortTimer !== null || urlTimer !== null) return;
    if (comfort !== null && comfort.messages.length > 0 && comfort.delayMs > 0) {
      comfortTimer = env.timers.setInterval(playNextComfort, comfort.delayMs);
    }
    const group = urls;
    if (group !== null && group.urls.length > 0 && group.holdMs > 0) {
      urlTimer = env.timers.setInterval(() => options.onUrlMessage(group.description, group.urls), group.holdMs);
    }
  }

  return {
    configure(comfortGroup, urlGroup) {
      const wasPlaying = comfortTimer !== null || urlTimer !== null;
      stop();
      if (comfortGroup !== undefined) {
        comfort = { messages: sortedComfortMessages(comfortGroup), delayMs: seconds(comfortGroup.delay) };
        position = 0;
      }
      if (urlGroup !== undefined) {
        urls = {
          description: urlGroup.description ?? '',
          urls: urlGroup.urls.flatMap((u) => safeUrl(u.url) ?? []),
          holdMs: seconds(urlGroup.holdTime),
        };
      }
      if (wasPlaying) start();
    },
    start,
    stop,
    isPlaying: () => comfortTimer !== null || urlTimer !== null,
    dispose: stop,
  };
}
