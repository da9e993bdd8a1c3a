/** Section 4, agent joined / agent left, with the section 6 visibility rules. */
import type {
  NewMessageNotificationBody,
  NewParticipantNotificationBody,
  ParticipantLeaveNotificationBody,
} from '../../../generated/chat-socket.js';
import type { CoreTexts } from '../texts.js';
import { appendSystem } from './messages.js';
import type { ChatParticipant, ChatState, ChatStatus } from './state.js';
import { toChatParticipant, type VisibilityRules } from './visibility.js';

/** Someone from the agent side is in the room (section 4): input on, on-hold messages off. */
export function agentsPresent(chat: Pick<ChatState, 'participants'>): boolean {
  return chat.participants.length > 0;
}

/** A confirmed chat that goes on: active with agents present, else waiting. */
export function liveStatus(chat: Pick<ChatState, 'participants'>): Extract<ChatStatus, { kind: 'active' | 'waiting' }> {
  return agentsPresent(chat) ? { kind: 'active' } : { kind: 'waiting' };
}

/** While the chat is live, its status follows who is present; an ended or idle chat stays as it is. */
function presenceStatus(status: ChatStatus, participants: readonly ChatParticipant[]): ChatStatus {
  if (status.kind === 'ended' || status.kind === 'transferred' || status.kind === 'idle') return status;
  return liveStatus({ participants });
}

function latestVisibleName(participants: readonly ChatParticipant[]): string | null {
  const visible = participants.filter((p) => p.visible);
  return visible.at(-1)?.name ?? null;
}

export function participantJoined(
  chat: ChatState,
  body: NewParticipantNotificationBody,
  rules: VisibilityRules,
  at: number,
  texts: CoreTexts,
): ChatState {
  const participants = body.participants.map((p) => toChatParticipant(p, rules));
  if (!participants.some((p) => p.id === body.agentId)) {
    participants.push(toChatParticipant({ id: body.agentId, name: body.displayName, type: body.role }, rules));
  }
  const joined = participants.find((p) => p.id === body.agentId);
  const next: ChatState = {
    ...chat,
    participants,
    status: presenceStatus(chat.status, participants),
    agentEverJoined: true,
    agentName: joined?.visible ? body.displayName : (latestVisibleName(participants) ?? chat.agentName),
  };
  return joined?.visible ? appendSystem(next, texts.agentJoined, at) : next;
}

function leaveText(reason: string | undefined, texts: CoreTexts): string {
  const key = (reason ?? '').toLowerCase();
  const byReason: Record<string, string> = texts.leaveReason;
  return Object.hasOwn(byReason, key) ? (byReason[key] as string) : texts.agentLeft;
}

export function participantLeft(
  chat: ChatState,
  body: ParticipantLeaveNotificationBody,
  rules: VisibilityRules,
  at: number,
  texts: CoreTexts,
): ChatState {
  const leaver = chat.participants.find((p) => p.id === body.agentId);
  const participants = body.participants.map((p) => toChatParticipant(p, rules));
  let next: ChatState = {
    ...chat,
    participants,
    status: presenceStatus(chat.status, participants),
    agentName: latestVisibleName(participants) ?? chat.agentName,
    agentTyping: chat.agentTyping?.agentId === body.agentId ? null : chat.agentTyping,
  };
  // A leaver the widget never saw join is shown as left too: better a notice than silence.
  if (leaver === undefined || leaver.visible) next = appendSystem(next, leaveText(body.leaveReason, texts), at);
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
export function inferPresence(chat: ChatState, body: NewMessageNotificationBody, rules: VisibilityRules): ChatState {
  if (body.senderType === 'customer' || agentsPresent(chat) || chat.status.kind !== 'waiting') return chat;
  const name = body.displayName ?? '';
  const id = body.senderType === 'bot' ? rules.botAgentId : `${body.senderType}:${name}`;
  const participant = toChatParticipant({ id, name, type: 'active_participant' }, rules);
  const participants = [participant];
  return {
    ...chat,
    participants,
    status: liveStatus({ participants }),
    agentEverJoined: true,
    agentName: participant.visible && name !== '' ? name : chat.agentName,
  };
}
