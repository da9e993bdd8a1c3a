import { parseLocale } from '../locale/locale-parts.js';
import { isReeuRegion } from './reeu.js';

/** The host page's data layer (e.g. a tag manager's array); injected, never read from window. */
export interface DataLayer {
  push(event: Record<string, unknown>): unknown;
}

/** The Chinese-locale tracking calls of section 6. */
export type ChineseTrackingEvent = 'web_chat_click' | 'web_chat_start_click';

/** The Chinese-locale tracker (the China site's own analytics); injected. */
export interface ChineseTracker {
  track(event: ChineseTrackingEvent): void;
}

/**
 * Interaction names the widget reports. chat-started is fired by the chat reducer the first
 * time an agent joins (section 4); the others are this widget's choice.
 */
export type ChatInteraction =
  | 'chat_button_click'
  | 'start_chat_click'
  | 'chat_started'
  | 'chat_ended'
  | 'callback_submitted'
  | 'triage_topic';

/** The data-layer event name of every chat event (chosen: the spec says "a chat event"). */
export const CHAT_EVENT_NAME = 'chat';

export interface AnalyticsOptions {
  dataLayer?: DataLayer;
  tracker?: ChineseTracker;
  /** Page locale in any spelling. */
  locale: string;
  /** Visitor's country when it differs from the locale's (UI country); defaults to the locale's. */
  country?: string;
  /** A deployment-declared region group, e.g. "REEU". */
  region?: string;
  chatLite: boolean;
  triage: boolean;
}

export interface Analytics {
  readonly enabled: boolean;
  /** Pushes { event: 'chat', interaction, ...details } to the data layer when analytics is on. */
  chatEvent(interaction: ChatInteraction | (string & {}), details?: Record<string, unknown>): void;
  /** The floating chat button was clicked: web_chat_click on Chinese locales. */
  chatButtonClicked(): void;
  /** The visitor started a chat (form submit): web_chat_start_click on Chinese locales. */
  startChatClicked(): void;
}

/** Section 6: off for the REEU region group, and in chat-lite without triage. */
export function isAnalyticsEnabled(
  options: Pick<AnalyticsOptions, 'locale' | 'country' | 'region' | 'chatLite' | 'triage'>,
): boolean {
  const country = options.country ?? parseLocale(options.locale).country;
  if (isReeuRegion({ country, ...(options.region === undefined ? {} : { region: options.region }) })) return false;
  return !(options.chatLite && !options.triage);
}

/** A Chinese locale is Chinese language in mainland China (zh-CN), where the China site's tracker runs. */
export function isChineseLocale(locale: string): boolean {
  const { language, country } = parseLocale(locale);
  return language === 'zh' && country === 'CN';
}

export function createAnalytics(options: AnalyticsOptions): Analytics {
  const enabled = isAnalyticsEnabled(options);
  const chinese = isChineseLocale(options.locale);
  // Analytics must never break the widget: a throwing host data layer or tracker is ignored.
  const safely = (send: () => void): void => {
    try {
      send();
    } catch {
      // The host page's analytics failed; the chat goes on without it.
    }
  };
  const track = (event: ChineseTrackingEvent): void => {
    if (!enabled || !chinese || options.tracker === undefined) return;
    const tracker = options.tracker;
    safely(() => tracker.track(event));
  };
  return {
    enabled,
    chatEvent(interaction, details = {}) {
      if (!enabled || options.dataLayer === undefined) return;
      const dataLayer = options.dataLayer;
      safely(() => dataLayer.push({ ...details, event: CHAT_EVENT_NAME, interaction }));
    },
    chatButtonClicked: () => track('web_chat_click'),
    startChatClicked: () => track('web_chat_start_click'),
  };
}

/** The shape of the core's analytics sink events (widget/core/env.ts AnalyticsEvent). */
export interface AnalyticsSinkEvent {
  name: string;
  detail?: Record<string, unknown>;
}

/**
 * Adapts an Analytics to the core environment's analytics sink, so the chat session's
 * 'chat_started' (first agent joined) becomes a data-layer chat event, gated like every other.
 */
export function analyticsSink(analytics: Analytics): (event: AnalyticsSinkEvent) => void {
  return (event) => analytics.chatEvent(event.name, event.detail);
}
