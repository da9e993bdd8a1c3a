/** Section 6: which agent-side participants the customer sees. */
import { assertNever } from '../../../contract/assert-never.js';
import type { Participant } from '../../../generated/chat-socket.js';
import type { ChatParticipant } from './state.js';

export interface VisibilityRules {
  suppressChatbotPresence: boolean;
  notifyObserve: boolean;
  notifyBarge: boolean;
  botAgentId: string;
}

/**
 * The bot shows unless chatbot presence is suppressed; observing supervisors only with the
 * observe notification on; barging supervisors only with barge on and observe off; active
 * participants always. Passive participants are not covered by the spec: shown, as agents.
 */
export function isVisible(participant: Pick<Participant, 'id' | 'type'>, rules: VisibilityRules): boolean {
  if (participant.id === rules.botAgentId) return !rules.suppressChatbotPresence;
  switch (participant.type) {
    case 'supervisor_observe':
      return rules.notifyObserve;
    case 'supervisor_barge':
      return rules.notifyBarge && !rules.notifyObserve;
    case 'active_participant':
    case 'passive_participant':
      return true;
    default:
      return assertNever(participant.type, 'participant type');
  }
}

export function toChatParticipant(participant: Participant): ChatParticipant {
  return { id: participant.id, name: participant.name, type: participant.type };
}

/**
 * The name a message's sender is shown with. A newMessage names its sender only by display
 * name: one that is the name of a participant section 6 hides (and of no participant it shows)
 * is shown without a name, and so is the bot's while chatbot presence is suppressed. The words
 * stay: hiding a participant hides who they are, not what the visitor was told.
 */
export function shownName(
  displayName: string,
  senderType: string,
  participants: readonly ChatParticipant[],
  rules: VisibilityRules,
): string {
  if (senderType === 'bot' && rules.suppressChatbotPresence) return '';
  const named = participants.filter((p) => p.name === displayName);
  if (named.length > 0 && named.every((p) => !isVisible(p, rules))) return '';
  return displayName;
}
