/** The contract between createWidgetCore and one chat session. */
import type { WidgetEvent } from '../chat/events.js';
import type { WidgetState } from '../chat/state.js';
import type { WidgetSettings } from '../config/settings.js';
import type { CustomerDetails } from '../customer-details.js';
import type { WidgetEnvironment } from '../env.js';
import type { SessionStore, StoredSession } from '../session/session-store.js';

export interface ChatSessionOptions {
  env: WidgetEnvironment;
  settings: WidgetSettings;
  dispatch(event: WidgetEvent): void;
  getState(): WidgetState;
  session: SessionStore;
  url: string;
  details: CustomerDetails;
  /** A valid stored session to renew with the full transcript (page refresh), or null for a new chat. */
  resume: StoredSession | null;
  /** The chat was confirmed for the first time with a workRequestId and no earlier timestamp (the lead). */
  onFirstConfirmation(workRequestId: string, details: CustomerDetails): void;
  /** The chat is over (any reason); the owner drops this session. */
  onFinished(): void;
}

export interface ChatSession {
  sendMessage(text: string): void;
  customerTyping(): void;
  /** 'End Chat?' answered yes: closeConversation, stored session cleared, socket closed. */
  endChat(): void;
  dispose(): void;
}
