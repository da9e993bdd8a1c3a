/** The contract between the widget core and one chat session. */
import type { WidgetEvent } from '../chat/events.js';
import type { VisibilityRules } from '../chat/visibility.js';
import type { WidgetSettings } from '../config/settings.js';
import type { CustomerDetails } from '../customer-details.js';
import type { WidgetEnvironment } from '../env.js';
import type { TextDirection } from '../locale/ui-language.js';
import type { SessionStore, StoredSession } from '../session/session-store.js';
import type { CoreTexts } from '../texts.js';

export interface ChatSessionOptions {
  env: WidgetEnvironment;
  settings: WidgetSettings;
  /** Where the chat's view goes (the store); the session never reads it back. */
  dispatch(event: WidgetEvent): void;
  session: SessionStore;
  url: string;
  details: CustomerDetails;
  /** A valid stored session to renew with the full transcript (page refresh), or null for a new chat. */
  resume: StoredSession | null;
  /** The texts of the page's language, read when a notice is written (they may arrive after the chat starts). */
  texts(): CoreTexts;
  /** requestChat intrinsics.textDirection: the page's writing direction. */
  textDirection: TextDirection;
  /** Section 6: which participants the visitor sees. */
  visibility: VisibilityRules;
  /** The chat was confirmed for the first time with a workRequestId and no earlier timestamp (the lead). */
  onFirstConfirmation(workRequestId: string, details: CustomerDetails): void;
  /**
   * The chat is over for the visitor (its commands go nowhere now); 'resumeRefused': the stored
   * chat of an earlier page was refused by the service (the owner offers a new chat).
   */
  onFinished(outcome: 'ended' | 'resumeRefused'): void;
  /** Nothing is left to deliver: the session let go of its socket and timers. */
  onReleased(): void;
}

export interface ChatSession {
  sendMessage(text: string): void;
  /** Sends a failed message again (lost too often, or refused). */
  retryMessage(id: string): void;
  customerTyping(): void;
  /** The page came back from the back/forward cache: reconnect now if the socket went. */
  pageShown(): void;
  /**
   * 'End Chat?' answered yes: stored session cleared, closeConversation sent and the socket
   * closed; while reconnecting, closeConversation goes out on the next socket (the session then
   * releases itself).
   */
  endChat(): void;
  dispose(): void;
}
