/** Notification bodies as a contact centre sends them. */
import type {
  NewMessageNotificationBody,
  NewParticipantNotificationBody,
  Participant,
  ParticipantLeaveNotificationBody,
  RequestChatNotificationBody,
} from '../../../../generated/chat-socket.js';

export const agent: Participant = { id: 'agent-1', name: 'Alex', type: 'active_participant' };
export const bot: Participant = { id: 'AvayaAutomatedResource', name: 'Bot', type: 'active_participant' };
export const observer: Participant = { id: 'sup-1', name: 'Sam', type: 'supervisor_observe' };
export const barger: Participant = { id: 'sup-2', name: 'Bea', type: 'supervisor_barge' };

export function confirmed(extra: Partial<RequestChatNotificationBody> = {}): RequestChatNotificationBody {
  return { method: 'requestChat', guid: 42, authenticationKey: 'key-42', workRequestId: 'WR-1', ...extra };
}

export function joined(who: Participant, others: Participant[] = []): NewParticipantNotificationBody {
  return {
    method: 'newParticipant',
    agentId: who.id,
    displayName: who.name,
    role: who.type,
    participants: [...others, who],
  };
}

export function left(
  who: Participant,
  remaining: Participant[] = [],
  extra: Partial<ParticipantLeaveNotificationBody> = {},
): ParticipantLeaveNotificationBody {
  return { method: 'participantLeave', agentId: who.id, participants: remaining, ...extra };
}

export function said(
  senderType: NewMessageNotificationBody['senderType'],
  message: string,
  timestamp: number,
  displayName = 'Alex',
): NewMessageNotificationBody {
  return { method: 'newMessage', senderType, message, timestamp, type: 'text', displayName };
}
