/**
 * The effective constants of one widget: section 9 defaults, overridden by the deployment's
 * chatWidgetParams, overridden in turn by the page options (page options win, section 3).
 */
import { clamp, DEFAULTS, type Defaults, DURATION_LIMITS, NUMBER_LIMITS } from './defaults.js';

type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends readonly string[]
        ? readonly string[]
        : T extends readonly number[]
          ? readonly number[]
          : T;

export type WidgetSettings = { -readonly [K in keyof Defaults]: Widen<Defaults[K]> } & {
  /** Chat socket address (ws:// or wss://). */
  webChatUrl: string | null;
  /** Prefix of every REST path; '' means the page's own origin. */
  apiEndpointsDomain: string;
  /** Configured pre-chat fields, unread (forms/parseFieldDefinitions reads them); null = the spec's defaults. */
  preEngagementConfig: unknown;
  /** Configured callback fields, unread; null = the spec's defaults. */
  callBackFormConfig: unknown;
  /**
   * Known visitor details the page (or the deployment) fills in, by field name (e.g. a
   * signed-in owner's firstName and email). Strings only; anything else is dropped.
   */
  prefill: Readonly<Record<string, string>>;
};

function stringsOnly(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' && item.trim() !== '') out[key] = item;
  }
  return out;
}

function sameShape(fallback: unknown, value: unknown): boolean {
  if (Array.isArray(fallback)) return Array.isArray(value) && value.every((v) => typeof v === typeof fallback[0]);
  return typeof value === typeof fallback && !(typeof value === 'number' && Number.isNaN(value));
}

function pick(key: string, fallback: unknown, ...sources: Record<string, unknown>[]): unknown {
  for (const source of sources) {
    const value = source[key];
    if (value !== undefined && sameShape(fallback, value)) return value;
  }
  return fallback;
}

/** Resolve every constant. `pageOptions` first: it wins over `chatWidgetParams`. */
export function resolveSettings(
  chatWidgetParams: Record<string, unknown> = {},
  pageOptions: Record<string, unknown> = {},
): WidgetSettings {
  const out: Record<string, unknown> = {};
  for (const [key, fallback] of Object.entries(DEFAULTS)) {
    out[key] = pick(key, fallback, pageOptions, chatWidgetParams);
  }
  out.webChatUrl = pick('webChatUrl', '', pageOptions, chatWidgetParams) || null;
  out.apiEndpointsDomain = pick('apiEndpointsDomain', '', pageOptions, chatWidgetParams);
  // Durations and counts from any source are clamped to a documented range (defaults.ts).
  for (const [key, range] of Object.entries({ ...DURATION_LIMITS, ...NUMBER_LIMITS })) {
    out[key] = clamp(out[key] as number, range);
  }
  for (const key of ['preEngagementConfig', 'callBackFormConfig'] as const) {
    out[key] = pageOptions[key] ?? chatWidgetParams[key] ?? null;
  }
  // Page prefill wins field by field over the deployment's.
  out.prefill = { ...stringsOnly(chatWidgetParams.prefill), ...stringsOnly(pageOptions.prefill) };
  return out as WidgetSettings;
}
