/**
 * createWidgetCore: the store the views subscribe to and the commands they call. It owns the
 * availability poller (its own, or the one the start chunk was already running, handed over),
 * the texts and the UI timers (modal close delay, status card, reset after ending), and
 * disposes them all. The chat itself is its chat machine's (chat-session/, chat/chat-machine.ts).
 */
import { variantFor as lookFor, resolveOutcome } from './availability/offer.js';
import { type AvailabilityOutcome, createAvailabilityPoller } from './availability/poller.js';
import { createDrafts } from './chat/drafts.js';
import type { WidgetEvent } from './chat/events.js';
import { initialState } from './chat/initial-state.js';
import { isChatActive, reduce } from './chat/reducer.js';
import type { WidgetState } from './chat/state.js';
import { createChatSession } from './chat-session/chat-session.js';
import { createChats } from './chat-session/chats.js';
import type { PageConfig } from './config/page-config.js';
import { resolveSettings } from './config/settings.js';
import { flagsFor, socketUrl } from './config/widget-flags.js';
import type { CallbackRequest, CoreOptions, WidgetCore } from './core-api.js';
import type { CustomerDetails } from './customer-details.js';
import type { TimerHandle, WidgetEnvironment } from './env.js';
import { callbackCard, submitCallback } from './forms/callback-submitter.js';
import { FORM_TEXTS, type FormTexts } from './forms/form-texts.js';
import { buildLeadPayload, createLeadSubmitter } from './forms/lead.js';
import { createVisitorForms } from './forms/visitor-forms.js';
import { textDirection } from './locale/ui-language.js';
import { safeStorage } from './session/safe-storage.js';
import { createSessionStore, type StoredSession } from './session/session-store.js';
import { migrateLegacySession, storedInitializers } from './session/storage-keys.js';
import { createStore } from './store/store.js';
import { type CoreTexts, TEXTS } from './texts.js';

/** A plain JSON copy: what is stored is what was shown, whatever the caller does with its objects later. */
function structuredCloneJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null));
}

export function createWidgetCore(env: WidgetEnvironment, page: PageConfig, options: CoreOptions = {}): WidgetCore {
  const storage = safeStorage(env.storage, env.logger);
  migrateLegacySession(storage);
  const session = createSessionStore(storage);
  let params: Record<string, unknown> = {};
  let settings = resolveSettings(params, page.options);
  /**
   * The texts the core writes (notices, cards) in the page's language. English until the
   * page's catalogue is in; a chat resumed at start-up waits for it, so its first notice is
   * already in the page's language.
   */
  let texts: CoreTexts = TEXTS;
  let formTexts: FormTexts = FORM_TEXTS;
  let textsReady = true;
  let afterTexts: (() => void)[] = [];
  let disposed = false;
  const catalogue = options.catalogue;
  if (catalogue !== undefined && 'then' in catalogue) {
    textsReady = false;
    const settle = () => {
      textsReady = true;
      const queued = afterTexts;
      afterTexts = [];
      if (!disposed) for (const run of queued) run();
    };
    catalogue.then(
      (loaded) => {
        texts = loaded.core;
        formTexts = loaded.forms;
        settle();
      },
      (error: unknown) => {
        env.logger.warn('[chat-widget] the page language could not be loaded; English is used', error);
        settle();
      },
    );
  } else if (catalogue !== undefined) {
    texts = catalogue.core;
    formTexts = catalogue.forms;
  }
  /** Runs now when the page's texts are in, else as soon as they are (or failed to load). */
  function whenTextsReady(run: () => void): void {
    if (textsReady) run();
    else afterTexts.push(run);
  }
  const drafts = createDrafts();
  const store = createStore<WidgetState, WidgetEvent>(
    initialState(flagsFor(page, settings, env.location.pathname)),
    reduce,
  );
  const dispatch = (event: WidgetEvent) => {
    store.dispatch(event);
  };
  // The stored chat was over on the service's side: offer a new one as on a fresh page.
  const chats = createChats(() => {
    dispatch({ type: 'availabilityResolved', availability: { status: 'checking' } });
    checkAvailability();
  });
  let closeTimer: TimerHandle | null = null;
  let resetTimer: TimerHandle | null = null;
  let cardTimer: TimerHandle | null = null;
  let callbackTimer: TimerHandle | null = null;
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

  const unsubscribe = store.subscribe((state, previous) => {
    // The status card auto-hides after statusCardShowTime (section 4, callback form submit).
    if (state.statusCard !== previous.statusCard) {
      if (cardTimer !== null) env.timers.clearTimeout(cardTimer);
      cardTimer = null;
      if (state.statusCard !== null) {
        cardTimer = env.timers.setTimeout(() => {
          cardTimer = null;
          dispatch({ type: 'statusCardDismissed' });
        }, settings.statusCardShowTime);
      }
    }
  });

  const unregisterUnload = env.onBeforeUnload(() =>
    isChatActive(store.getSnapshot().chat) ? texts.beforeUnload : null,
  );

  /** The look: the page's options.useLatestTDS wins over the server's, as page options win (section 3). */
  const variantFor = (serverSaysLatest: boolean) => lookFor(page.options, serverSaysLatest);

  /** Rules 3-7, decided by availability/offer.ts (the start chunk reads the same outcome the same way). */
  function onAvailability(outcome: AvailabilityOutcome): void {
    const offer = resolveOutcome(outcome, page, texts);
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
    const url = socketUrl(resume?.webChatUrl ?? settings.webChatUrl, env.location);
    if (resume === null) {
      session.saveRequestContext({
        webChatUrl: url,
        customerDetails: details,
        useLatestTDS: store.getSnapshot().flags.variant === 'newer',
      });
      session.writeJson('initializers', params);
      saveChatContext(details);
    }
    chats.open((holder) =>
      createChatSession({
        env,
        settings,
        dispatch,
        session,
        url,
        details,
        resume,
        texts: () => texts,
        textDirection: textDirection(page.locale),
        visibility: store.getSnapshot().flags.visibility,
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
        onFinished: holder.finished,
        onReleased: holder.released,
      }),
    );
  }

  /** The field definitions each form was shown with (the views report them): what the storage keys describe. */
  const shownForms: { preChat: unknown[] | null; callback: unknown[] | null } = { preChat: null, callback: null };

  /**
   * Section 3 storage keys that describe the chat being requested: the triage choice behind
   * it, the two forms' field definitions as shown to this visitor, and the routing and page
   * attributes it was requested with (widget/core/README.md, Storage).
   */
  function saveChatContext(details: CustomerDetails): void {
    const state = store.getSnapshot();
    session.writeJson('triageConfig', {
      enabled: state.flags.triage,
      energyPage: state.flags.energy,
      topic: details.topic ?? '',
      views: [...state.views],
    });
    if (shownForms.preChat !== null) session.writeJson('preEngagementConfig', shownForms.preChat);
    if (shownForms.callback !== null) session.writeJson('callBackFormConfig', shownForms.callback);
    session.writeJson('chatAttributes', { routing: [...settings.attributes], page: { ...page.attributes } });
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
    // A callback asked for instead of this chat starts from the details it was requested with.
    drafts.seedForm(details);
    whenTextsReady(() => openChat(details, stored));
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

  /**
   * Resolves the call's outcome, or false when it takes longer than `ms` (the late answer is
   * ignored: the visitor has been told it failed and may retry).
   */
  function withTimeout(call: Promise<boolean>, ms: number, onTimeout: () => void): Promise<boolean> {
    return new Promise((resolve) => {
      let settled = false;
      const settle = (ok: boolean) => {
        if (settled) return;
        settled = true;
        if (callbackTimer !== null) env.timers.clearTimeout(callbackTimer);
        callbackTimer = null;
        resolve(ok);
      };
      callbackTimer = env.timers.setTimeout(() => {
        callbackTimer = null;
        onTimeout();
        settle(false);
      }, ms);
      void call.then(settle, () => settle(false));
    });
  }

  let started = false;
  const core: WidgetCore = {
    get settings() {
      return settings;
    },
    page,
    forms: createVisitorForms({
      env,
      settings: () => settings,
      state: store.getSnapshot,
      texts: () => formTexts,
      draft: () => drafts.form(),
      saveDraft: (values) => drafts.saveForm(values),
      formShown(form, definitions) {
        shownForms[form] = definitions.map((definition) => structuredCloneJson(definition));
      },
      startChat: (details) => core.startChat(details),
      submitCallback: (request) => core.submitCallback(request),
    }),
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
      if (wasEnded === 'ended' || wasEnded === 'transferred') chats.dropCurrent();
      scheduleClose();
    },
    confirmEndChat(yes) {
      dispatch({ type: 'endChatDeclined' });
      if (!yes) return;
      // The chat clears what it stored; with none, whatever is stored goes.
      if (!chats.endCurrent()) session.clear();
      if (resetTimer !== null) env.timers.clearTimeout(resetTimer);
      resetTimer = env.timers.setTimeout(() => {
        resetTimer = null;
        dispatch({ type: 'chatReset' });
      }, settings.modalCloseDelay);
    },
    minimize: () => dispatch({ type: 'minimized' }),
    startChat(details) {
      if (chats.current() !== null && isChatActive(store.getSnapshot().chat)) return;
      drafts.clearComposer();
      openChat(details, null);
    },
    requestCallbackInstead() {
      if (!page.chatLite) return;
      if (chats.current() !== null && isChatActive(store.getSnapshot().chat)) {
        // The queued chat is given up: the service is told, as with End Chat.
        chats.endCurrent();
      } else {
        chats.dropCurrent();
        session.clear();
      }
      if (resetTimer !== null) env.timers.clearTimeout(resetTimer);
      resetTimer = null;
      drafts.clearComposer();
      dispatch({ type: 'callbackInsteadRequested' });
    },
    composerDraft: () => drafts.composer(),
    saveComposerDraft: (text) => drafts.saveComposer(text),
    sendMessage: (text) => chats.current()?.sendMessage(text),
    retryMessage: (id) => chats.current()?.retryMessage(id),
    customerTyping: () => chats.current()?.customerTyping(),
    pageShown: () => chats.current()?.pageShown(),
    navigate: (view) => dispatch({ type: 'viewPushed', view }),
    back: () => dispatch({ type: 'viewPopped' }),
    resetViews: () => dispatch({ type: 'viewsReset' }),
    dismissStatusCard: () => dispatch({ type: 'statusCardDismissed' }),
    async submitCallback(request: CallbackRequest) {
      if (store.getSnapshot().callback.status === 'submitting') return;
      dispatch({ type: 'callbackSubmitting' });
      if (shownForms.callback !== null) session.writeJson('callBackFormConfig', shownForms.callback);
      session.writeJson('chatAttributes', { routing: [...settings.attributes], page: { ...page.attributes } });
      const ok = await withTimeout(
        submitCallback(request, {
          http: { fetch: (r) => env.fetch(r), baseUrl: settings.apiEndpointsDomain },
          logger: env.logger,
          callbackPath: settings.callbackPath,
        }).then((result) => result.ok),
        settings.callbackTimeout,
        () => env.logger.error(`callback: no answer within ${settings.callbackTimeout} ms; the visitor may retry`),
      );
      if (disposed) return;
      dispatch({ type: 'callbackSubmitted', ok, card: callbackCard(ok, texts) });
      env.analytics({ name: 'callback_submitted', detail: { ok } });
    },
    dispose() {
      disposed = true;
      afterTexts = [];
      poller.dispose();
      chats.dispose();
      for (const timer of [closeTimer, resetTimer, cardTimer, callbackTimer])
        if (timer !== null) env.timers.clearTimeout(timer);
      unsubscribe();
      unregisterUnload();
    },
  };
  return core;
}
