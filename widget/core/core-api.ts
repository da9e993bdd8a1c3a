/** The public face of the core that the React views use: state, selectors and commands. */
import type { components } from '../../generated/widget-http.js';
import type { AvailabilityPoller } from './availability/poller.js';
import type { ViewId, WidgetState } from './chat/state.js';
import type { PageConfig } from './config/page-config.js';
import type { WidgetSettings } from './config/settings.js';
import type { CustomerDetails } from './customer-details.js';
import type { FormTexts } from './forms/form-texts.js';
import type { VisitorForms } from './forms/visitor-forms.js';
import type { ReadableStore } from './store/store.js';
import type { CoreTexts } from './texts.js';

export type CallbackRequest = components['schemas']['CallbackRequest'];

/** The part of a page's message catalogue the core reads: its own texts and the forms', in that language. */
export interface CoreCatalogue {
  core: CoreTexts;
  forms: FormTexts;
}

export interface CoreOptions {
  /**
   * The availability poller the start chunk already runs (settled or not). The core takes over
   * its outcome instead of asking again; without it the core makes its own on start().
   */
  availability?: AvailabilityPoller;
  /**
   * The page's message catalogue (widget/ui/i18n: loadCatalogue(locale)), or its loading. Until
   * it is in, the core writes English; a stored chat resumed at start-up waits for it.
   */
  catalogue?: CoreCatalogue | Promise<CoreCatalogue>;
}

export interface WidgetCore extends ReadableStore<WidgetState> {
  /** The effective constants (defaults < chatWidgetParams < page options); final after availability. */
  readonly settings: WidgetSettings;
  readonly page: PageConfig;
  /**
   * The pre-chat and callback forms for this visitor, on the core's timers, fetch and logger: a
   * valid pre-chat form starts the chat, a valid callback form is posted. Any view layer renders
   * a form's snapshot and calls its commands (widget/core/forms/README.md).
   */
  readonly forms: VisitorForms;
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
  /**
   * Chat-lite: the visitor asks for a callback instead of the chat (from the queue, a failed or
   * ended chat, or the pre-chat form). A chat still going is ended as with End Chat; the dialog
   * stays open on the callback form, with what was typed carried over. Ignored without chat-lite.
   */
  requestCallbackInstead(): void;
  /** The composer's unsent text of the current chat (kept across minimize). */
  composerDraft(): string;
  saveComposerDraft(text: string): void;
  /** Sanitised; empty text is not sent; kept pending while the socket is down. */
  sendMessage(text: string): void;
  /** Sends a failed ('Not delivered') message again. */
  retryMessage(id: string): void;
  /** Call on every keystroke; the signal goes out at most once per timeBetweenMsgs. */
  customerTyping(): void;
  /** The page came back from the back/forward cache (pageshow, persisted): the chat reconnects now. */
  pageShown(): void;
  navigate(view: ViewId): void;
  back(): void;
  /** Back to the first view (main topics in triage mode). */
  resetViews(): void;
  dismissStatusCard(): void;
  /** Chat-lite: posts a callback payload (core.forms.callback() builds it), then shows the status card. */
  submitCallback(request: CallbackRequest): Promise<void>;
  /** Stops every timer, listener and socket. */
  dispose(): void;
}
