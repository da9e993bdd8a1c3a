/**
 * Which UI language a page locale is shown in, and its writing direction. One list for every
 * part that shows text: the launcher drawn before intent, the UI's message catalogues and the
 * core's texts, and `intrinsics.textDirection` of requestChat.
 *
 * Chosen: the language of the page locale picks the catalogue; Chinese splits by script
 * (Traditional for TW, HK and MO, Simplified otherwise); a language without a catalogue falls
 * back to English.
 */
import { parseLocale } from './locale-parts.js';

export const UI_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'ja', 'ko', 'zh-CN', 'zh-TW', 'ar'] as const;

export type UiLanguage = (typeof UI_LANGUAGES)[number];

const RIGHT_TO_LEFT: ReadonlySet<UiLanguage> = new Set(['ar']);
const TRADITIONAL_CHINESE_COUNTRIES = new Set(['TW', 'HK', 'MO']);

export function uiLanguage(locale: string): UiLanguage {
  const { language, country } = parseLocale(locale);
  if (language === 'zh') return TRADITIONAL_CHINESE_COUNTRIES.has(country) ? 'zh-TW' : 'zh-CN';
  return (UI_LANGUAGES as readonly string[]).includes(language) ? (language as UiLanguage) : 'en';
}

export type TextDirection = 'LTR' | 'RTL';

/** requestChat's `intrinsics.textDirection` and the dialog's `dir`. */
export function textDirection(locale: string): TextDirection {
  return RIGHT_TO_LEFT.has(uiLanguage(locale)) ? 'RTL' : 'LTR';
}
