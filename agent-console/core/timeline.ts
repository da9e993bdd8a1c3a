/**
 * A session's transcript as both sides see it, from its journal: the visitor's and the agents'
 * messages, and what happened around them (joins, leaves, files, pages, errors, the chat's
 * end, a renew). Frames nobody reads (acknowledgements, pings, typing) are left out; typing is
 * `visitorTyping`. Pure: frames and time in, lines out.
 */
import type { JournalEntry } from '../../mock-server/session/session-control.js';

export type TimelineLine =
  | { kind: 'message'; seq: number; time: string; from: 'visitor' | 'agent' | 'bot'; name: string; text: string }
  | { kind: 'event'; seq: number; time: string; text: string; href?: string };

/** How long a visitor's isTyping shows (the widget sends one at most every timeBetweenMsgs, 10 s). */
export const VISITOR_TYPING_MS = 10_000;

type Body = Record<string, unknown> & { method?: unknown };

const bodyOf = (frame: unknown): Body => {
  const body = (frame as { body?: unknown } | null)?.body;
  return typeof body === 'object' && body !== null ? (body as Body) : {};
};
const typeOf = (frame: unknown) => (frame as { type?: unknown } | null)?.type;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** participant types and leave reasons in words. */
const ROLES: Record<string, string> = {
  active_participant: 'agent',
  passive_participant: 'passive participant',
  supervisor_observe: 'supervisor, observing',
  supervisor_barge: 'supervisor, barging in',
};

function messageText(body: Body): string {
  const data = body.data as { text?: unknown; message?: unknown } | undefined;
  return text(body.message) || text(data?.text) || text(data?.message);
}

function visitorLine(entry: JournalEntry, body: Body, visitor: string): TimelineLine | undefined {
  const at = { seq: entry.seq, time: entry.time };
  switch (body.method) {
    case 'newMessage':
      return { kind: 'message', ...at, from: 'visitor', name: visitor, text: messageText(body) };
    case 'requestChat':
      return { kind: 'event', ...at, text: `${visitor} asked for a chat` };
    case 'renewChat':
      return { kind: 'event', ...at, text: `${visitor} reconnected (renewChat)` };
    case 'closeConversation':
      return { kind: 'event', ...at, text: `${visitor} ended the chat` };
    default:
      return undefined;
  }
}

function serverLine(entry: JournalEntry, body: Body, names: Map<string, string>): TimelineLine | undefined {
  const at = { seq: entry.seq, time: entry.time };
  if (entry.note?.startsWith('not sent')) return { kind: 'event', ...at, text: `Not sent: ${entry.note}` };
  if (typeOf(entry.frame) === 'error') {
    return { kind: 'event', ...at, text: `Error ${String(body.code)}: ${text(body.errorMessage)}` };
  }
  if (typeOf(entry.frame) !== 'notification') return undefined;
  switch (body.method) {
    case 'newMessage': {
      if (body.senderType === 'customer' || entry.note === 'replay') return undefined;
      const from = body.senderType === 'bot' ? 'bot' : 'agent';
      return { kind: 'message', ...at, from, name: text(body.displayName) || 'Agent', text: messageText(body) };
    }
    case 'requestChat':
      return { kind: 'event', ...at, text: 'The chat was confirmed' };
    case 'newParticipant':
      names.set(text(body.agentId), text(body.displayName));
      return {
        kind: 'event',
        ...at,
        text: `${text(body.displayName)} joined as ${ROLES[text(body.role)] ?? text(body.role)}`,
      };
    case 'participantLeave': {
      const reason = text(body.leaveReason);
      const ended = body.endChatFlag === true ? ', ending the chat' : '';
      const who = names.get(text(body.agentId)) ?? text(body.agentId);
      return { kind: 'event', ...at, text: `${who} left${reason ? ` (${reason})` : ''}${ended}` };
    }
    case 'newAgentFileTransfer':
      return {
        kind: 'event',
        ...at,
        text: `${text(body.agentName)} shared ${text(body.name)}`,
        ...(text(body.address) ? { href: text(body.address) } : {}),
      };
    case 'newPushPageMessage':
      return { kind: 'event', ...at, text: `${text(body.displayName)} pushed a page: ${text(body.pagePushURL)}` };
    case 'closeConversation':
      return { kind: 'event', ...at, text: 'The chat was closed (closeConversation)' };
    case 'routeCancel':
      return { kind: 'event', ...at, text: 'Route cancelled: no suitable agent' };
    default:
      return undefined;
  }
}

/** The lines of the transcript, in the order the server recorded their frames. */
export function timeline(frames: readonly JournalEntry[], visitor: string): TimelineLine[] {
  const lines: TimelineLine[] = [];
  const names = new Map<string, string>();
  for (const entry of frames) {
    const body = bodyOf(entry.frame);
    const line = entry.direction === 'client' ? visitorLine(entry, body, visitor) : serverLine(entry, body, names);
    if (line) lines.push(line);
  }
  return lines;
}

/** Whether the visitor is typing at `now`: an isTyping true within VISITOR_TYPING_MS, no message or false since. */
export function visitorTyping(frames: readonly JournalEntry[], now: number): boolean {
  for (let i = frames.length - 1; i >= 0; i--) {
    const entry = frames[i] as JournalEntry;
    if (entry.direction !== 'client') continue;
    const body = bodyOf(entry.frame);
    if (body.method === 'newMessage' || body.method === 'closeConversation') return false;
    if (body.method === 'isTyping') return body.isTyping === true && now - Date.parse(entry.time) < VISITOR_TYPING_MS;
  }
  return false;
}
