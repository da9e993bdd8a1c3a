/**
 * The core chunk the embed loads first: builds the framework-free core on the browser
 * environment and starts it (resume a stored session, or check availability now and every
 * 15 s). Kept out of embed.js so the script tag stays tiny; React is not in this chunk.
 */

import {
  type Analytics,
  analyticsSink,
  type ChineseTracker,
  createAnalytics,
  type DataLayer,
} from '../core/analytics/index.js';
import { browserEnvironment } from '../core/browser-environment.js';
import { selectLauncher } from '../core/chat/selectors.js';
import type { WidgetState } from '../core/chat/state.js';
import type { PageConfig } from '../core/config/page-config.js';
import type { CoreCatalogue, WidgetCore } from '../core/core-api.js';
import { createWidgetCore } from '../core/index.js';

export interface StartedCore {
  core: WidgetCore;
  analytics: Analytics;
}

function hasMethod(value: unknown, name: string): boolean {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[name] === 'function';
}

/**
 * Section 6 analytics, wired to what the host page already has: its data layer
 * (`window.dataLayer`, only when the page made one: the widget adds no global) and, on
 * zh-CN pages, a China-site tracker given as `chatWidgetConfig.tracker = { track(event) }`.
 */
function pageAnalytics(win: Window, page: PageConfig): Analytics {
  const globals = win as unknown as Record<string, unknown>;
  const dataLayer = globals.dataLayer;
  const config = globals.chatWidgetConfig;
  const tracker =
    typeof config === 'object' && config !== null ? (config as Record<string, unknown>).tracker : undefined;
  return createAnalytics({
    locale: page.locale,
    chatLite: page.chatLite,
    triage: page.triage,
    ...(hasMethod(dataLayer, 'push') ? { dataLayer: dataLayer as DataLayer } : {}),
    ...(hasMethod(tracker, 'track') ? { tracker: tracker as ChineseTracker } : {}),
  });
}

/** `catalogue`: the page's language (loadCatalogue), for the texts the core writes. */
export function startCore(win: Window, page: PageConfig, catalogue?: Promise<CoreCatalogue>): StartedCore {
  const analytics = pageAnalytics(win, page);
  const env = browserEnvironment({ analytics: analyticsSink(analytics) });
  const core = createWidgetCore(env, page, catalogue === undefined ? {} : { catalogue });
  core.start();
  return { core, analytics };
}

/** Settled: true once chat or callback is offered (load the UI), false when nothing will be. */
function decided(state: WidgetState): boolean | null {
  if (selectLauncher(state).visible) return true;
  if (state.availability.status === 'unavailable') return false;
  return null;
}

export function whenOffered(core: WidgetCore): Promise<boolean> {
  return new Promise((resolve) => {
    const now = decided(core.getSnapshot());
    if (now !== null) {
      resolve(now);
      return;
    }
    const unsubscribe = core.subscribe(() => {
      const answer = decided(core.getSnapshot());
      if (answer === null) return;
      unsubscribe();
      resolve(answer);
    });
  });
}
