import { isChinaRegion } from '../core/locale/china-region.js';
import { parseLocale } from '../core/locale/locale-parts.js';

/** The visitor's country and China-region flag, from the page locale and the host's name. */
export function visitorRegion(locale: string, doc: Document): { country: string; chinaRegion: boolean } {
  const country = parseLocale(locale).country || 'US';
  return { country, chinaRegion: isChinaRegion({ country, host: doc.location?.hostname ?? '' }) };
}
