/** Public API of the analytics core. */
export {
  type Analytics,
  type AnalyticsOptions,
  type AnalyticsSinkEvent,
  analyticsSink,
  CHAT_EVENT_NAME,
  type ChatInteraction,
  type ChineseTracker,
  type ChineseTrackingEvent,
  createAnalytics,
  type DataLayer,
  isAnalyticsEnabled,
  isChineseLocale,
} from './analytics.js';
export { isReeuRegion, REEU_COUNTRIES } from './reeu.js';
