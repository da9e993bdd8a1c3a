/**
 * The chat's core, first step of the heavy part (loadChat): the framework-free core on the
 * browser environment, with the socket, the session and the generated validators, and the
 * page's analytics. Loaded on intent, never before; it takes over the availability poller the
 * start chunk has been running, so availability is asked once per page.
 */

import {
  type Analytics,
  analyticsSink,
  type ChineseTracker,
  createAnalytics,
  type DataLayer,
} from '../core/analytics/index.js';
import type { AvailabilityPoller } from '../core/availability/poller.js';
import { browserEnvironment } from '../core/browser-environment.js';
import type { PageConfig } from '../core/config/page-config.js';
import type { CoreCatalogue, WidgetCore } from '../core/core-api.js';
import { createWidgetCore } from '../core/widget-core.js';

export interface StartedChat {
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

/**
 * Builds the core, hands it the running poller and starts it (resume, or the poll's outcome).
 * `catalogue`: the page's language (loadCatalogue), for the texts the core writes.
 */
export function startChat(
  win: Window,
  page: PageConfig,
  availability: AvailabilityPoller,
  catalogue: CoreCatalogue | Promise<CoreCatalogue>,
): StartedChat {
  const analytics = pageAnalytics(win, page);
  const env = browserEnvironment({ analytics: analyticsSink(analytics) });
  const core = createWidgetCore(env, page, { availability, catalogue });
  core.start();
  return { core, analytics };
}
