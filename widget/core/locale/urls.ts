import { parseLocale, underscoreLocale } from './locale-parts.js';

/**
 * Section 2, URL building: "locale segments are added to paths, except for the US and China
 * locales. A locale ending in CN uses a China domain suffix instead of .com for the base URL."
 * The segment is spelled language_COUNTRY ("/de_DE/drive"), the site's own spelling.
 */
const LOCALES_WITHOUT_SEGMENT: ReadonlySet<string> = new Set(['US', 'CN']);

/** "de_DE" for a German page; "" for US and China locales and for a locale with no country. */
export function localePathSegment(locale: string): string {
  const { country } = parseLocale(locale);
  if (country === '' || LOCALES_WITHOUT_SEGMENT.has(country)) return '';
  return underscoreLocale(locale);
}

/** "/drive" -> "/de_DE/drive" (or "/drive" for en-US and zh-CN). Query strings are kept. */
export function localizedPath(path: string, locale: string): string {
  const absolute = path.startsWith('/') ? path : `/${path}`;
  const segment = localePathSegment(locale);
  return segment === '' ? absolute : `/${segment}${absolute}`;
}

/** True for "zh-CN", "zh_cn", "en-CN": the base URL ends in .cn. */
export function usesChinaDomain(locale: string): boolean {
  return locale.trim().toUpperCase().endsWith('CN');
}

/**
 * The site's base URL for a locale: `https://{siteName}.com`, or `.cn` for a locale ending in CN.
 * siteName ("www.example") is deployment configuration: the brand's host is not in the spec.
 */
export function siteBaseUrl(locale: string, siteName: string): string {
  return `https://${siteName}.${usesChinaDomain(locale) ? 'cn' : 'com'}`;
}

/** Absolute URL of a site path for a locale, e.g. https://www.example.com/de_DE/drive. */
export function siteUrl(path: string, locale: string, siteName: string): string {
  return `${siteBaseUrl(locale, siteName)}${localizedPath(path, locale)}`;
}
