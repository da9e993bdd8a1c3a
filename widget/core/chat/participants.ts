/** Section 4, agent joined / agent left, with the section 6 visibility rules. */
import type {
  NewMessageNotificationBody,
  NewParticipantNotificationBody,
  ParticipantLeaveNotificationBody,
} from '../../../generated/chat-socket.js';
import type { CoreTexts } from '../texts.js';
import { appendSystem } from './messages.js';
import type { ChatParticipant, ChatStatus, ChatView } from './state.js';
import { isVisible, toChatParticipant, type VisibilityRules } from './visibility.js';

/** Someone from the agent side is in the room (section 4): input on, on-hold messages off. */
export function agentsPresent(chat: Pick<ChatView, 'participants'>): boolean {
  return chat.participants.length > 0;
}

/** A confirmed chat that goes on: active with agents present, else waiting. */
export function liveStatus(chat: Pick<ChatView, 'participants'>): Extract<ChatStatus, { kind: 'active' | 'waiting' }> {
  return agentsPresent(chat) ? { kind: 'active' } : { kind: 'waiting' };
}

/** While the chat is live, its status follows who is present; an ended, idle or unconfirmed chat stays as it is. */
function presenceStatus(status: ChatStatus, participants: readonly ChatParticipant[]): ChatStatus {
  if (status.kind !== 'waiting' && status.kind !== 'active') return status;
  return liveStatus({ participants });
}

const isSupervisor = (p: ChatParticipant) => p.type === 'supervisor_barge' || p.type === 'supervisor_observe';

/**
 * Who the header names (section 2: the agent's name in chat mode): the agent present whom the
 * visitor may see, the latest to join; an agent over a supervisor who barged in; nobody once
 * the last has left or the chat went back to the queue.
 */
export function headerName(participants: readonly ChatParticipant[], rules: VisibilityRules): string | null {
  const shown = participants.filter((p) => p.name !== '' && isVisible(p, rules));
  return (shown.filter((p) => !isSupervisor(p)).at(-1) ?? shown.at(-1))?.name ?? null;
}

/**
 * The room as the service lists it, in the order people came in: those already here keep their
 * places, newcomers go last (the service's own list order says nothing about who came when).
 */
function inRoomOrder(before: readonly ChatParticipant[], listed: readonly ChatParticipant[]): ChatParticipant[] {
  // A newcomer's index is -1, unsigned: after everyone already here; the sort keeps listed order otherwise.
  const place = (p: ChatParticipant) => before.findIndex((b) => b.id === p.id) >>> 0;
  return [...listed].sort((a, b) => place(a) - place(b));
}

export function participantJoined(
  chat: ChatView,
  body: NewParticipantNotificationBody,
  rules: VisibilityRules,
  at: number,
  texts: CoreTexts,
): ChatView {
  const listed = body.participants.map(toChatParticipant);
  const joined =
    listed.find((p) => p.id === body.agentId) ??
    toChatParticipant({ id: body.agentId, name: body.displayName, type: body.role });
  // The one who joined is the latest to come in, wherever the service lists them.
  const others = inRoomOrder(
    chat.participants.filter((p) => p.id !== joined.id),
    listed.filter((p) => p.id !== joined.id),
  );
  const participants = [...others, joined];
  const next: ChatView = { ...chat, participants, status: presenceStatus(chat.status, participants) };
  return isVisible(joined, rules) ? appendSystem(next, texts.agentJoined, at) : next;
}

function leaveText(reason: string | undefined, texts: CoreTexts): string {
  const key = (reason ?? '').toLowerCase();
  const byReason: Record<string, string> = texts.leaveReason;
  return Object.hasOwn(byReason, key) ? (byReason[key] as string) : texts.agentLeft;
}

export function participantLeft(
  chat: ChatView,
  body: ParticipantLeaveNotificationBody,
  rules: VisibilityRules,
  at: number,
  texts: CoreTexts,
): ChatView {
  const leaver = chat.participants.find((p) => p.id === body.agentId);
  const participants = inRoomOrder(chat.participants, body.participants.map(toChatParticipant));
  let next: ChatView = {
    ...chat,
    participants,
    status: presenceStatus(chat.status, participants),
    agentTyping: chat.agentTyping?.agentId === body.agentId ? null : chat.agentTyping,
  };
  // A leaver the widget never saw join is shown as left too: better a notice than silence.
  if (leaver === undefined || isVisible(leaver, rules))
    next = appendSystem(next, leaveText(body.leaveReason, texts), at);
  if (body.endChatFlag === true && next.status.kind !== 'ended') {
    next = { ...next, status: { kind: 'ended', reason: 'agentClosed' }, agentTyping: null };
  }
  return next;
}

/**
 * After a refresh or tab move the service replays messages but not who is in the room. A
 * message from the agent side while nobody is known means that sender is present: without
 * this the resumed chat would stay 'waiting' with the input disabled until someone joins.
 * The next newParticipant or participantLeave replaces the inferred list with the real one.
 */
export function inferPresence(chat: ChatView, body: NewMessageNotificationBody, rules: VisibilityRules): ChatView {
  if (body.senderType === 'customer' || agentsPresent(chat) || chat.status.kind !== 'waiting') return chat;
  const name = body.displayName ?? '';
  const id = body.senderType === 'bot' ? rules.botAgentId : `${body.senderType}:${name}`;
  const participants = [toChatParticipant({ id, name, type: 'active_participant' })];
  return { ...chat, participants, status: liveStatus({ participants }) };
}
