/**
 * A locale as the widget reads it: language and country. Accepts the spellings that reach
 * the widget (en-us, en_US, zh-CN) so callers need not normalise first.
 */
export interface LocaleParts {
  /** Lower case, e.g. "en". */
  language: string;
  /** Upper case ISO 3166-1 alpha-2, e.g. "US"; "" when the locale names no country. */
  country: string;
}

export function parseLocale(locale: string): LocaleParts {
  const [language = '', country = ''] = locale.trim().split(/[-_]/);
  return { language: language.toLowerCase(), country: country.toUpperCase() };
}

/** "zh-cn" -> "zh_CN": the spelling of the country-data call and of locale path segments. */
export function underscoreLocale(locale: string): string {
  const { language, country } = parseLocale(locale);
  return country === '' ? language : `${language}_${country}`;
}

/** "en_us" -> "en-US": the spelling of formLocale and the lead's locale. */
export function hyphenLocale(locale: string): string {
  const { language, country } = parseLocale(locale);
  return country === '' ? language : `${language}-${country}`;
}
