/** The public face of the core that the React views use: state, selectors and commands. */
import type { components } from '../../generated/widget-http.js';
import type { ViewId, WidgetState } from './chat/state.js';
import type { PageConfig } from './config/page-config.js';
import type { WidgetSettings } from './config/settings.js';
import type { CustomerDetails } from './customer-details.js';
import type { ReadableStore } from './store/store.js';

export type CallbackRequest = components['schemas']['CallbackRequest'];

export interface WidgetCore extends ReadableStore<WidgetState> {
  /** The effective constants (defaults < chatWidgetParams < page options); final after availability. */
  readonly settings: WidgetSettings;
  readonly page: PageConfig;
  /** Resume a stored session, or check availability now and every 15 s (section 4 rules 1-2). */
  start(): void;
  openDialog(): void;
  /** During a chat this asks 'End Chat?'; after an ended chat it resets; else it closes after 500 ms. */
  closeDialog(): void;
  /** Answer to 'End Chat?': yes sends closeConversation, clears the session, resets after 500 ms. */
  confirmEndChat(yes: boolean): void;
  minimize(): void;
  /** A valid pre-chat form: loading, socket, requestChat. */
  startChat(details: CustomerDetails): void;
  /** Sanitised; empty text is not sent; kept pending while the socket is down. */
  sendMessage(text: string): void;
  /** Sends a failed ('Not delivered') message again. */
  retryMessage(id: string): void;
  /** Call on every keystroke; the signal goes out at most once per timeBetweenMsgs. */
  customerTyping(): void;
  navigate(view: ViewId): void;
  back(): void;
  /** Back to the first view (main topics in triage mode). */
  resetViews(): void;
  dismissStatusCard(): void;
  /** Chat-lite: posts the callback payload built by forms/, then shows the status card. */
  submitCallback(request: CallbackRequest): Promise<void>;
  /** Stops every timer, listener and socket. */
  dispose(): void;
}
