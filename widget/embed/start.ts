/**
 * The start chunk: everything the page runs before the visitor does anything, in a few KiB.
 * It makes the Shadow DOM host, resolves the few settings it needs (page options over the
 * stored chatWidgetParams), clears a stored chat that can no longer be resumed, and then either
 * - finds a resumable stored chat (section 4 rule 1): loads the chat at once, showing the
 *   skeleton dialog until the real one is drawn; or
 * - checks availability (rules 2-7, the one poller the core later takes over) and draws the
 *   floating button, without React, when chat or a callback is offered.
 * The heavy part (loadChat: core, socket, validators, React, views) is fetched on
 * intent: pointer over, focus or touch on the button, or a click; with `options.prefetch:
 * 'idle'` also at the first idle moment once the button shows. A click before it is in opens
 * the skeleton dialog at once; the real dialog replaces it, so the open is never lost.
 */
import { resolveOutcome, variantFor } from '../core/availability/offer.js';
import { type AvailabilityPoller, createAvailabilityPoller } from '../core/availability/poller.js';
import { initialState } from '../core/chat/initial-state.js';
import { selectMode } from '../core/chat/mode.js';
import type { WidgetState } from '../core/chat/state.js';
import type { PageConfig } from '../core/config/page-config.js';
import { resolveSettings, type WidgetSettings } from '../core/config/settings.js';
import { flagsFor } from '../core/config/widget-flags.js';
import type { WidgetCore } from '../core/core-api.js';
import { safeStorage } from '../core/session/safe-storage.js';
import {
  clearUnresumableChat,
  migrateLegacySession,
  STORAGE_KEYS,
  storedInitializers,
} from '../core/session/storage-keys.js';
import { type LauncherTexts, launcherTexts } from '../ui/i18n/launcher-texts.js';
import looksCss from '../ui/styles/looks.css?inline';
import { createHost } from './host.js';
import launcherCss from './launcher.css?inline';
import { bindLauncher, createLauncher, type Launcher } from './launcher.js';
import { type ChatParts, loadChat } from './load-chat.js';
import { createSkeleton } from './skeleton.js';
import { createWidgetRoot } from './widget-root.js';

type Timers = { setTimeout: (cb: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void };

export interface Started {
  /** Resolves once the start has drawn what it draws: the button's first state, or the skeleton of a resumed chat. */
  ready: Promise<void>;
}

function storageOf(win: Window): Storage | null {
  try {
    return win.localStorage;
  } catch {
    // Blocked storage (sandboxed iframe, privacy settings): memory then.
    return null;
  }
}

/** The page's connection asks to save data (Save-Data / Lite mode): no prefetch then. */
function savesData(win: Window): boolean {
  const connection = (win.navigator as Navigator & { connection?: { saveData?: unknown } }).connection;
  return connection?.saveData === true;
}

function whenIdle(win: Window, task: () => void): void {
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(task, { timeout: 5000 });
  else win.setTimeout(task, 1000);
}

/**
 * Mounts the widget in `win`'s document: the host, the button and availability (or a resume).
 * Called once (embed.ts keys it on the widget's own API), when the page has loaded or the page
 * calls chatWidget.init().
 */
export function start(
  win: Window,
  page: PageConfig,
  load: () => Promise<ChatParts> = () => loadChat(page.locale),
): Started {
  const doc = win.document;
  const host = createHost(doc, { hideOnMobile: page.hideOnMobile });
  host.adoptStyles(`${launcherCss}\n${looksCss}`);
  const root = createWidgetRoot(doc, page.locale);
  host.root.append(root);
  const timers: Timers = {
    setTimeout: (cb, ms) => win.setTimeout(cb, ms),
    clearTimeout: (handle) => win.clearTimeout(handle as number),
  };

  const storage = safeStorage(storageOf(win), console);
  migrateLegacySession(storage);
  // The settings the core has before any availability answer: page options over the defaults.
  const base: WidgetSettings = resolveSettings({}, page.options);
  const pathname = win.location.pathname;
  const poller: AvailabilityPoller = createAvailabilityPoller({
    env: { timers, fetch: (input, init) => win.fetch(input, init) },
    page,
    apiEndpointsDomain: base.apiEndpointsDomain,
    pollInterval: base.availabilityPollInterval,
  });
  // The stored chatWidgetParams of the chat count for its own expiry (as in the core). A chat
  // that cannot be resumed is cleared now, not when the visitor next shows intent: its
  // personal details must not outlive it on the device (section 4, page refresh).
  const refreshTimeoutSeconds = resolveSettings(storedInitializers(storage), page.options).refreshTimeoutSeconds;
  const resumable = clearUnresumableChat(storage, Date.now(), refreshTimeoutSeconds) !== null;
  // Rule 2: at once; the texts of a language other than English arrive meanwhile.
  if (!resumable) poller.start();

  function draw(texts: LauncherTexts): void {
    let state: WidgetState = initialState(flagsFor(page, base, pathname));
    /** 'click': the visitor opened (report it, open the dialog); 'auto': a resume or bypassBubble opened it. */
    let openRequest: 'click' | 'auto' | null = null;
    let chat: { core: WidgetCore; open(): void } | null = null;
    let preparing: Promise<void> | null = null;

    const skeleton = createSkeleton(root, texts, () => {
      openRequest = null;
      skeleton.remove();
      // Closed in the moment between the hand-over and React's first drawing: the core has the
      // dialog open already, so it closes there (and the launcher, bound to the core, follows).
      if (chat !== null) {
        chat.core.closeDialog();
        return;
      }
      launcher.render(state);
      launcher.focus();
    });

    const launcher: Launcher = createLauncher(root, {
      texts,
      onIntent: () => void prepareChat(),
      onOpen() {
        if (chat !== null) {
          chat.open();
          return;
        }
        openRequest = 'click';
        showSkeleton();
        void prepareChat();
      },
    });

    function showSkeleton(): void {
      const callback = selectMode(state) === 'logon' && state.views.at(-1) === 'callback';
      skeleton.show(callback ? texts.requestCallback : texts.questionCenter);
      launcher.render(state, true);
    }

    /** The heavy part takes over: the core from the poller, the button from the core, React the dialog. */
    function handOver(parts: ChatParts): void {
      const { core, analytics } = parts.startChat(win, page, poller, parts.catalogue);
      const bound = bindLauncher(launcher, core, analytics);
      chat = { core, open: bound.open };
      // Opened before the chat was in: open the real dialog now, so React's first drawing has
      // it and takes the skeleton's place in the same commit. A resume has opened it already.
      if (openRequest === 'click') bound.open();
      openRequest = null;
      parts.mountWidget(host, core, analytics, {
        catalogue: parts.catalogue,
        container: root,
        focusLauncher: () => launcher.focus(),
        onFirstCommit: () => skeleton.remove(),
      });
    }

    function prepareChat(): Promise<void> {
      preparing ??= load().then(handOver, (error: unknown) => {
        // The files could not be had (offline, CDN down): say so if the visitor is waiting;
        // the next intent tries again.
        console.error('chat widget: could not load the chat', error);
        preparing = null;
        if (skeleton.shown) skeleton.failed();
      });
      return preparing;
    }

    /** With options.prefetch 'idle', the chat is fetched at the first idle moment once the button shows. */
    let prefetch = base.prefetch;
    let prefetchScheduled = false;
    function redraw(next: WidgetState): void {
      state = next;
      launcher.render(state, skeleton.shown);
      if (prefetch !== 'idle' || prefetchScheduled || !launcher.button.isConnected || savesData(win)) return;
      prefetchScheduled = true;
      whenIdle(win, () => void prepareChat());
    }

    if (resumable) {
      // Rule 1: the chat resumes at once (the core opens the dialog); the skeleton stands in.
      const variant = variantFor(page.options, storage.getItem(STORAGE_KEYS.useLatestTDS) !== 'false');
      state = { ...state, availability: { status: 'resuming' }, flags: { ...state.flags, variant } };
      openRequest = 'auto';
      showSkeleton();
      void prepareChat();
      return;
    }
    redraw(state);
    poller.onOutcome((outcome) => {
      if (chat !== null) return;
      const offer = resolveOutcome(outcome, page);
      prefetch = offer.settings.prefetch;
      const fresh = initialState(flagsFor(page, offer.settings, pathname));
      redraw({
        ...fresh,
        availability: offer.availability,
        flags: {
          ...fresh.flags,
          variant: offer.variant ?? fresh.flags.variant,
          useEngagementPlaceholderData: offer.useEngagementPlaceholderData === true,
        },
      });
      // bypassBubble: the dialog opens directly (the core does the same once it has taken over).
      if (offer.availability.status === 'available' && offer.settings.bypassBubble) {
        openRequest = 'auto';
        showSkeleton();
        void prepareChat();
      }
    });
  }

  const ready = launcherTexts(page.locale)
    .then(draw)
    .catch((error: unknown) => {
      // A broken widget must never break the host page: report and stay silent.
      console.error('chat widget: could not draw the button', error);
    });
  return { ready };
}
