/** Public API of the widget core for the views and the embed (see README.md). */
export type { WidgetEvent } from './chat/events.js';
export { initialState } from './chat/initial-state.js';
export { reduce } from './chat/reducer.js';
export {
  agentsPresent,
  canGoBack,
  canMinimize,
  isChatActive,
  isHiddenOnViewport,
  isInputEnabled,
  type LauncherView,
  selectLauncher,
  selectMode,
  selectOffer,
} from './chat/selectors.js';
export type * from './chat/state.js';
export { DEFAULTS } from './config/defaults.js';
export { normalizeLocale, type PageConfig, readPageConfig } from './config/page-config.js';
export { resolveSettings, type WidgetSettings } from './config/settings.js';
export type { CallbackRequest, WidgetCore } from './core-api.js';
export type { CustomerDetails, PhoneValue } from './customer-details.js';
export type * from './env.js';
export { formatText, TEXTS } from './texts.js';
export { createWidgetCore } from './widget-core.js';
