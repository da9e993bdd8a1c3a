/**
 * The texts of what the start chunk draws before the chat is loaded: the floating button's
 * accessible name and the skeleton dialog, in every UI language (core/locale/ui-language.ts).
 * They live with the catalogues because both say them: the start chunk (widget/embed) draws
 * them, and each catalogue takes its language's file, so the real dialog names itself as the
 * skeleton did.
 * English is the product's own wording ('Open chat', 'Question Center', 'Request a Callback')
 * and is in the start chunk; each other language is a chunk of a few hundred bytes
 * (launcher-texts/<language>.ts), fetched while availability is being asked, so a page pays
 * for its own language only (all eleven together would be 1.4 KiB gzip of the 10 KiB a page
 * pays before intent). The views' catalogues load with the chat.
 */
import { type UiLanguage, uiLanguage } from '../../core/locale/ui-language.js';
import english from './launcher-texts/en.js';

export interface LauncherTexts {
  /** The button's name. */
  openChat: string;
  /** The button's name in chat-lite (a callback is offered). */
  openCallback: string;
  /** Appended to the name with one unread message; {0} is the count. */
  unreadOne: string;
  /** Appended to the name with more; {0} is the count. */
  unreadMany: string;
  /** The dialog's name (spec section 2: the default title). */
  questionCenter: string;
  /** The chat-lite dialog's name (spec section 2, view 8). */
  requestCallback: string;
  /** Shown in the skeleton dialog until the chat is in. */
  loading: string;
  /** Shown instead when the chat's files could not be loaded. */
  loadFailed: string;
  /** The skeleton's close button. */
  close: string;
}

type TextsModule = Promise<{ default: LauncherTexts }>;

/** One loader per language but English (a literal import each, so each is a chunk of its own). */
export const LAUNCHER_TEXT_LOADERS: Readonly<Record<Exclude<UiLanguage, 'en'>, () => TextsModule>> = {
  de: () => import('./launcher-texts/de.js'),
  fr: () => import('./launcher-texts/fr.js'),
  es: () => import('./launcher-texts/es.js'),
  it: () => import('./launcher-texts/it.js'),
  nl: () => import('./launcher-texts/nl.js'),
  ja: () => import('./launcher-texts/ja.js'),
  ko: () => import('./launcher-texts/ko.js'),
  'zh-CN': () => import('./launcher-texts/zh-CN.js'),
  'zh-TW': () => import('./launcher-texts/zh-TW.js'),
  ar: () => import('./launcher-texts/ar.js'),
};

/** The texts of the page locale's UI language; English when that language's file cannot be had. */
export async function loadLauncherTexts(language: UiLanguage): Promise<LauncherTexts> {
  if (language === 'en') return english;
  try {
    return (await LAUNCHER_TEXT_LOADERS[language]()).default;
  } catch (error) {
    console.warn(`chat widget: the ${language} launcher texts could not be loaded; English instead`, error);
    return english;
  }
}

export function launcherTexts(locale: string): Promise<LauncherTexts> {
  return loadLauncherTexts(uiLanguage(locale));
}

/** The button's name with its unread count: 'Open chat, 3 unread messages'. */
export function unreadSuffix(texts: LauncherTexts, unread: number): string {
  if (unread <= 0) return '';
  return (unread === 1 ? texts.unreadOne : texts.unreadMany).replace('{0}', String(unread));
}
