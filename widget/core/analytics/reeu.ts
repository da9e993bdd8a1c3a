/**
 * The REEU region group of section 6 ("Analytics is off for the REEU region group"). The spec
 * names the group but not its members; this widget defines it as the European markets where
 * analytics needs prior consent: the European Economic Area (EU members plus IS, LI, NO),
 * Switzerland, the United Kingdom and the pseudo-country EU. A deployment may also declare
 * the region directly (config region "REEU").
 */
export const REEU_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'IS',
  'LI',
  'NO',
  'CH',
  'GB',
  'EU',
]);

export function isReeuRegion({ country, region }: { country?: string; region?: string }): boolean {
  if (region?.toUpperCase() === 'REEU') return true;
  return country !== undefined && REEU_COUNTRIES.has(country.toUpperCase());
}
