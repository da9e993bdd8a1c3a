/**
 * loadCatalogue(locale): the message catalogue of the page's UI language, downloaded on its own
 * (one chunk per language, named i18n-<language>), so a page fetches only its language. The
 * language comes from the one list in core/locale/ui-language.ts; a language without a
 * catalogue is shown in English. A catalogue that fails to load falls back to English.
 */
import { type UiLanguage, uiLanguage } from '../../core/locale/ui-language.js';
import type { Catalogue } from './catalogue.js';

type Loader = () => Promise<{ default: Catalogue }>;

const LOADERS: Record<UiLanguage, Loader> = {
  en: () => import('./catalogues/i18n-en.js'),
  de: () => import('./catalogues/i18n-de.js'),
  fr: () => import('./catalogues/i18n-fr.js'),
  es: () => import('./catalogues/i18n-es.js'),
  it: () => import('./catalogues/i18n-it.js'),
  nl: () => import('./catalogues/i18n-nl.js'),
  ja: () => import('./catalogues/i18n-ja.js'),
  ko: () => import('./catalogues/i18n-ko.js'),
  'zh-CN': () => import('./catalogues/i18n-zh-CN.js'),
  'zh-TW': () => import('./catalogues/i18n-zh-TW.js'),
  ar: () => import('./catalogues/i18n-ar.js'),
};

export function loadCatalogue(locale: string): Promise<Catalogue> {
  const language = uiLanguage(locale);
  const load = LOADERS[language];
  return load()
    .then((module) => module.default)
    .catch((error: unknown) => {
      if (language === 'en') throw error;
      console.warn(`chat widget: the ${language} texts could not be loaded; English is shown`, error);
      return LOADERS.en().then((module) => module.default);
    });
}
