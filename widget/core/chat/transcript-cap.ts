/**
 * What one chat keeps in memory: the latest TRANSCRIPT_CAP messages. A chat past it drops its
 * oldest messages, TRANSCRIPT_DROP at a time (so a long chat pays for the drop once per 500
 * messages, not on every message, and the views' blocks of 50 stay aligned), and says so in
 * the transcript (the views show the count). The replay after a renew brings the dropped
 * messages again, oldest first: while it lasts, the newest server time among them
 * (`droppedThrough`) keeps them out. Outside a replay nothing is judged by its time (a server's
 * clocks may disagree), only by the already-shown check.
 */
import { withoutOldest } from './messages.js';
import type { ChatMessage, ChatView } from './state.js';

/** The most messages one chat keeps (spec constants, widget/core/README.md). */
export const TRANSCRIPT_CAP = 5000;
/** How many of the oldest go at once when the transcript grows past the cap. */
export const TRANSCRIPT_DROP = 500;

/** The server's time of a message, or 0 for a line the widget wrote itself. */
function serverTime(message: ChatMessage): number {
  switch (message.kind) {
    case 'live_agent':
    case 'bot':
    case 'other':
    case 'page':
      return message.timestamp;
    case 'customer':
      return message.outbox.shownAt ?? 0;
    default:
      return 0;
  }
}

/** The chat with at most TRANSCRIPT_CAP messages (itself when it has no more). */
export function capTranscript(view: ChatView): ChatView {
  const over = view.messages.length - TRANSCRIPT_CAP;
  if (over <= 0) return view;
  const most = Math.min(view.messages.length, Math.max(over, TRANSCRIPT_DROP));
  let through = view.droppedThrough;
  let count = 0;
  // A customer message still on its way is the outbox's: it is never dropped (nor what follows).
  for (; count < most; count++) {
    const message = view.messages[count] as ChatMessage;
    if (message.kind === 'customer' && (message.delivery === 'queued' || message.delivery === 'sending')) break;
    through = Math.max(through, serverTime(message));
  }
  if (count === 0) return view;
  return {
    ...view,
    messages: withoutOldest(view.messages, count),
    dropped: view.dropped + count,
    droppedThrough: through,
  };
}

/** A message the server replays (after a renew) that was shown and then dropped past the cap. */
export function wasDropped(view: ChatView, serverTimestamp: number): boolean {
  return view.dropped > 0 && serverTimestamp <= view.droppedThrough;
}
