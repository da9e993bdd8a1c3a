/**
 * Section 2: "The China region check is: country or UI country CN, or a host ending in .cn."
 * The host is passed in (from the injected location), never read from a global.
 */
export interface ChinaRegionInput {
  country?: string;
  uiCountry?: string;
  host?: string;
}

export function isChinaRegion({ country, uiCountry, host }: ChinaRegionInput): boolean {
  if (country?.toUpperCase() === 'CN' || uiCountry?.toUpperCase() === 'CN') return true;
  // A host may carry a port ("www.example.cn:443"); the suffix test is on the name.
  const hostname = (host ?? '').toLowerCase().replace(/:\d+$/, '');
  return hostname.endsWith('.cn');
}
