/**
 * The page-level configuration of product spec section 3, read from one global object with
 * fallbacks to the older global flags. Pure: the embed passes the page's global object in.
 *
 * Global names (documented in widget/core/README.md):
 *   window.chatWidgetConfig = { locale, chat_lite, triage, mobile, energy, options, attributes,
 *                               isChatLite, isMobile }
 *   older flags, read when the object lacks the field: window.chatLocale, window.chat_lite,
 *   window.isChatLite, window.triage, window.isMobile, window.isEnergyPage,
 *   window.chatOptions, window.chatAttributes
 */
import { DEFAULTS } from './defaults.js';

export interface PageConfig {
  /** Normalised: lower case, hyphen separated (en-us). */
  locale: string;
  chatLite: boolean;
  triage: boolean;
  /** Hide the widget on narrow viewports (mobileWidthCutoff). */
  hideOnMobile: boolean;
  /** The page is an energy page. */
  energy: boolean;
  /** Page options: apiEndpointsDomain and any section 9 override; they win over chatWidgetParams. */
  options: Record<string, unknown>;
  /** Extra values merged into the availability request. */
  attributes: Record<string, string>;
}

export const PAGE_CONFIG_GLOBAL = 'chatWidgetConfig';

/** en_US, EN-us, ' en-US ' → en-us; empty or missing → the default locale. */
export function normalizeLocale(locale: unknown): string {
  if (typeof locale !== 'string' || locale.trim() === '') return DEFAULTS.locale;
  return locale.trim().toLowerCase().replaceAll('_', '-');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** true, 'true', 1 and '1' are on; anything else (including 'false') is off. */
export function toFlag(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

function firstDefined(...values: unknown[]): unknown {
  return values.find((value) => value !== undefined && value !== null);
}

function toStringRecord(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined && item !== null) out[key] = String(item);
  }
  return out;
}

export function readPageConfig(globals: Record<string, unknown>): PageConfig {
  const raw = globals[PAGE_CONFIG_GLOBAL];
  const page = isRecord(raw) ? raw : {};
  // isChatLite and isMobile are overrides: they win over chat_lite and mobile.
  const chatLite = firstDefined(page.isChatLite, globals.isChatLite, page.chat_lite, globals.chat_lite);
  const hideOnMobile = firstDefined(page.isMobile, globals.isMobile, page.mobile);
  const options = firstDefined(page.options, globals.chatOptions);
  return {
    locale: normalizeLocale(firstDefined(page.locale, globals.chatLocale)),
    chatLite: toFlag(chatLite),
    triage: toFlag(firstDefined(page.triage, globals.triage)),
    hideOnMobile: toFlag(hideOnMobile),
    energy: toFlag(firstDefined(page.energy, globals.isEnergyPage)),
    options: isRecord(options) ? { ...options } : {},
    attributes: toStringRecord(firstDefined(page.attributes, globals.chatAttributes)),
  };
}
