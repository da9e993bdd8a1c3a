/**
 * Country groups the product spec names (sections 2, 5, 6 and 9).
 */

/** Section 6: getUpdates preselection is inverted (defaults to No) for these countries. */
export const NEWSLETTER_OPT_OUT_COUNTRIES: ReadonlySet<string> = new Set([
  'BE',
  'CZ',
  'DK',
  'DE',
  'GR',
  'ES',
  'FR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LU',
  'NL',
  'NO',
  'AT',
  'PL',
  'PT',
  'RO',
  'SI',
  'CH',
  'SE',
  'FI',
  'GB',
  'EU',
  'IL',
  'AE',
  'JO',
]);

/** Section 9: "demo drive" wording instead of "test drive". */
export const DEMO_DRIVE_REGIONS: ReadonlySet<string> = new Set(['CA', 'US', 'MX', 'PR']);

/** Section 9: the upcoming-delivery triage exists only here. */
export const DELIVERY_TRIAGE_REGIONS: ReadonlySet<string> = new Set(['US']);

/** Section 5: optional labels use full-width brackets here. */
export const FULL_WIDTH_BRACKET_COUNTRIES: ReadonlySet<string> = new Set(['TW', 'HK', 'MO', 'CN']);

export function isNewsletterOptOutCountry(country: string): boolean {
  return NEWSLETTER_OPT_OUT_COUNTRIES.has(country.toUpperCase());
}

export function usesDemoDriveWording(country: string): boolean {
  return DEMO_DRIVE_REGIONS.has(country.toUpperCase());
}

export function showsDeliveryTriage(country: string): boolean {
  return DELIVERY_TRIAGE_REGIONS.has(country.toUpperCase());
}

export function usesFullWidthBrackets(country: string): boolean {
  return FULL_WIDTH_BRACKET_COUNTRIES.has(country.toUpperCase());
}
