/**
 * createWidgetCore: the store the views subscribe to and the commands they call. It owns the
 * availability poller (its own, or the one the start chunk was already running, handed over),
 * the current chat session and the UI timers (modal close delay, status card, reset after
 * ending), and disposes them all.
 */
import { variantFor as lookFor, offerOf } from './availability/offer.js';
import { type AvailabilityOutcome, type AvailabilityPoller, createAvailabilityPoller } from './availability/poller.js';
import type { WidgetEvent } from './chat/events.js';
import { initialState } from './chat/initial-state.js';
import { isChatActive, reduce } from './chat/reducer.js';
import type { StatusCard, WidgetState } from './chat/state.js';
import { type ChatSession, createChatSession } from './chat-session/chat-session.js';
import type { PageConfig } from './config/page-config.js';
import { resolveSettings } from './config/settings.js';
import { flagsFor, socketUrl } from './config/widget-flags.js';
import type { CallbackRequest, WidgetCore } from './core-api.js';
import type { CustomerDetails } from './customer-details.js';
import type { TimerHandle, WidgetEnvironment } from './env.js';
import { submitCallback } from './forms/callback-submitter.js';
import { buildLeadPayload, createLeadSubmitter } from './forms/lead.js';
import { safeStorage } from './session/safe-storage.js';
import { createSessionStore, type StoredSession } from './session/session-store.js';
import { migrateLegacySession, storedInitializers } from './session/storage-keys.js';
import { createStore } from './store/store.js';
import { TEXTS } from './texts.js';

export { socketUrl };

export interface WidgetCoreOptions {
  /**
   * The availability poller the start chunk already runs (settled or not). The core takes over
   * its outcome instead of asking again; without it the core makes its own on start().
   */
  availability?: AvailabilityPoller;
}

export function createWidgetCore(
  env: WidgetEnvironment,
  page: PageConfig,
  options: WidgetCoreOptions = {},
): WidgetCore {
  const storage = safeStorage(env.storage, env.logger);
  migrateLegacySession(storage);
  const session = createSessionStore(storage);
  let params: Record<string, unknown> = {};
  let settings = resolveSettings(params, page.options);
  const store = createStore<WidgetState, WidgetEvent>(
    initialState(flagsFor(page, settings, env.location.pathname)),
    reduce,
  );
  const dispatch = (event: WidgetEvent) => {
    store.dispatch(event);
  };
  let chat: ChatSession | null = null;
  /** Chats ended by the visitor while reconnecting: still delivering closeConversation. */
  const ending = new Set<ChatSession>();
  let closeTimer: TimerHandle | null = null;
  let resetTimer: TimerHandle | null = null;
  let cardTimer: TimerHandle | null = null;
  let shownCard: StatusCard | null = null;
  const newLeadSubmitter = () =>
    createLeadSubmitter({
      http: { fetch: (request) => env.fetch(request), baseUrl: settings.apiEndpointsDomain },
      logger: env.logger,
      leadPath: settings.leadPath,
    });
  let leadSubmitter = newLeadSubmitter();

  /** chatWidgetParams arrived (availability answer or stored initializers): settings and flags follow. */
  function applyParams(next: Record<string, unknown> | undefined): void {
    params = { ...(next ?? {}) };
    settings = resolveSettings(params, page.options);
    leadSubmitter = newLeadSubmitter();
    dispatchFlags();
  }

  /** Settings changed (chatWidgetParams arrived): page- and settings-derived flags follow. */
  function dispatchFlags(): void {
    const {
      variant: _variant,
      useEngagementPlaceholderData: _placeholder,
      ...flags
    } = flagsFor(page, settings, env.location.pathname);
    dispatch({ type: 'flagsUpdated', flags });
  }

  // The status card auto-hides after statusCardShowTime (section 4, callback form submit).
  let endedReported = false;
  const unsubscribeCard = store.subscribe(() => {
    const status = store.getSnapshot().chat.status;
    // One chat_ended per chat, whatever ended it (agent, connection, error, retries).
    if (status.kind === 'ended' && !endedReported) {
      endedReported = true;
      env.analytics({ name: 'chat_ended', detail: { reason: status.reason } });
    } else if (status.kind === 'connecting') {
      endedReported = false;
    }
    const card = store.getSnapshot().statusCard;
    if (card === shownCard) return;
    shownCard = card;
    if (cardTimer !== null) env.timers.clearTimeout(cardTimer);
    cardTimer = null;
    if (card !== null) {
      cardTimer = env.timers.setTimeout(() => {
        cardTimer = null;
        dispatch({ type: 'statusCardDismissed' });
      }, settings.statusCardShowTime);
    }
  });

  const unregisterUnload = env.onBeforeUnload(() =>
    isChatActive(store.getSnapshot().chat) ? TEXTS.beforeUnload : null,
  );

  /** The look: the page's options.useLatestTDS wins over the server's, as page options win (section 3). */
  const variantFor = (serverSaysLatest: boolean) => lookFor(page.options, serverSaysLatest);

  /** Rules 3-7, decided by availability/offer.ts (the start chunk reads the same outcome the same way). */
  function onAvailability(outcome: AvailabilityOutcome): void {
    const offer = offerOf(outcome, page.options, TEXTS);
    if (outcome.kind === 'failed') {
      env.logger.warn('[chat-widget] availability check failed; polling stopped', outcome.error);
      dispatch({ type: 'availabilityResolved', availability: offer.availability });
      return;
    }
    applyParams(offer.params ?? {});
    dispatch({
      type: 'availabilityResolved',
      availability: offer.availability,
      ...(offer.variant ? { variant: offer.variant } : {}),
      useEngagementPlaceholderData: offer.useEngagementPlaceholderData === true,
    });
    if (offer.availability.status === 'available' && settings.bypassBubble) dispatch({ type: 'dialogOpened' });
  }

  const poller =
    options.availability ??
    createAvailabilityPoller({
      env,
      page,
      apiEndpointsDomain: settings.apiEndpointsDomain,
      pollInterval: settings.availabilityPollInterval,
    });
  let listening = false;
  /** Polls (or, with a handed-over poller, waits for or reads its outcome); never asks twice. */
  function checkAvailability(): void {
    if (!listening) {
      listening = true;
      poller.onOutcome(onAvailability);
    }
    poller.start();
  }

  function openChat(details: CustomerDetails, resume: StoredSession | null): void {
    chat?.dispose();
    const url = socketUrl(resume?.webChatUrl ?? settings.webChatUrl, env.location);
    if (resume === null) {
      session.saveRequestContext({
        webChatUrl: url,
        customerDetails: details,
        useLatestTDS: store.getSnapshot().flags.variant === 'newer',
      });
      session.writeJson('initializers', params);
    }
    // A chat can end inside createChatSession (a WebSocket constructor that throws): onFinished
    // may run before `created` exists, so it looks the session up through this holder.
    const holder: { session: ChatSession | null; finished: boolean } = { session: null, finished: false };
    const created = createChatSession({
      env,
      settings,
      dispatch,
      getState: store.getSnapshot,
      session,
      url,
      details,
      resume,
      onFirstConfirmation(workRequestId, confirmedDetails) {
        void leadSubmitter.submit(
          buildLeadPayload({
            customerDetails: confirmedDetails,
            contextID: workRequestId,
            locale: page.locale,
            useEngagementPlaceholderData: store.getSnapshot().flags.useEngagementPlaceholderData,
            pageType: settings.pageType,
            attributes: settings.attributes,
          }),
        );
      },
      onFinished(outcome) {
        holder.finished = true;
        if (holder.session !== null && chat === holder.session) chat = null;
        // An ended chat that has delivered its closeConversation (or given up) is let go.
        if (holder.session !== null) ending.delete(holder.session);
        // The stored chat was over on the service's side: offer a new one as on a fresh page.
        if (outcome === 'resumeRefused') {
          dispatch({ type: 'availabilityResolved', availability: { status: 'checking' } });
          checkAvailability();
        }
      },
    });
    holder.session = created;
    chat = holder.finished ? null : created;
  }

  function resumeStoredSession(): boolean {
    // The chat's own stored chatWidgetParams count for its expiry, under the page options.
    const refreshTimeoutSeconds = resolveSettings(storedInitializers(storage), page.options).refreshTimeoutSeconds;
    const stored = session.load(env.now(), refreshTimeoutSeconds);
    if (stored === null) return false;
    const initializers = session.readJson('initializers');
    if (typeof initializers === 'object' && initializers !== null) applyParams(initializers as Record<string, unknown>);
    // Section 4 rule 1: the newer widget, unless the stored useLatestTDS is the string "false".
    const variant = variantFor(stored.useLatestTDS !== 'false');
    dispatch({ type: 'availabilityResolved', availability: { status: 'resuming' }, variant });
    dispatch({ type: 'dialogOpened' });
    const details = { ...(stored.customerDetails ?? {}), isContinuingAfterRefresh: true };
    openChat(details, stored);
    return true;
  }

  function scheduleClose(): void {
    if (store.getSnapshot().dialog.status !== 'closing') return;
    if (closeTimer !== null) env.timers.clearTimeout(closeTimer);
    closeTimer = env.timers.setTimeout(() => {
      closeTimer = null;
      dispatch({ type: 'dialogClosed' });
    }, settings.modalCloseDelay);
  }

  let started = false;
  return {
    get settings() {
      return settings;
    },
    page,
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    start() {
      if (started) return;
      started = true;
      env.logger.info(`[chat-widget] version ${settings.widgetVersion}`);
      if (!resumeStoredSession()) checkAvailability();
    },
    openDialog: () => dispatch({ type: 'dialogOpened' }),
    closeDialog() {
      const wasEnded = store.getSnapshot().chat.status.kind;
      dispatch({ type: 'dialogCloseRequested' });
      if (wasEnded === 'ended' || wasEnded === 'transferred') {
        chat?.dispose();
        chat = null;
      }
      scheduleClose();
    },
    confirmEndChat(yes) {
      dispatch({ type: 'endChatDeclined' });
      if (!yes) return;
      const current = chat;
      chat = null;
      if (current !== null && !endedReported) {
        endedReported = true;
        env.analytics({ name: 'chat_ended', detail: { reason: 'customer' } });
      }
      if (current !== null) {
        ending.add(current);
        current.endChat();
      } else session.clear();
      if (resetTimer !== null) env.timers.clearTimeout(resetTimer);
      resetTimer = env.timers.setTimeout(() => {
        resetTimer = null;
        dispatch({ type: 'chatReset' });
      }, settings.modalCloseDelay);
    },
    minimize: () => dispatch({ type: 'minimized' }),
    startChat(details) {
      if (chat !== null && isChatActive(store.getSnapshot().chat)) return;
      openChat(details, null);
    },
    sendMessage: (text) => chat?.sendMessage(text),
    retryMessage: (id) => chat?.retryMessage(id),
    customerTyping: () => chat?.customerTyping(),
    navigate: (view) => dispatch({ type: 'viewPushed', view }),
    back: () => dispatch({ type: 'viewPopped' }),
    resetViews: () => dispatch({ type: 'viewsReset' }),
    dismissStatusCard: () => dispatch({ type: 'statusCardDismissed' }),
    async submitCallback(request: CallbackRequest) {
      dispatch({ type: 'callbackSubmitting' });
      const result = await submitCallback(request, {
        http: { fetch: (r) => env.fetch(r), baseUrl: settings.apiEndpointsDomain },
        logger: env.logger,
        callbackPath: settings.callbackPath,
      });
      const card: StatusCard = { tone: result.card.kind, title: result.card.title, body: result.card.text };
      dispatch({ type: 'callbackSubmitted', ok: result.ok, card });
      env.analytics({ name: 'callback_submitted', detail: { ok: result.ok } });
    },
    dispose() {
      poller.dispose();
      chat?.dispose();
      chat = null;
      for (const session of ending) session.dispose();
      ending.clear();
      for (const timer of [closeTimer, resetTimer, cardTimer]) if (timer !== null) env.timers.clearTimeout(timer);
      unsubscribeCard();
      unregisterUnload();
    },
  };
}
