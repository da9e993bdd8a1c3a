import { type Country, checkVAT, croatia, greece, countries as jsvatCountries, portugal, spain } from 'jsvat-next';

/**
 * Section 5: "VAT formats per country exist for business and private types."
 *
 * business: jsvat-next (format and check digits) for every country it covers: AD, AT, AU, BE,
 * BG, BR, CH, CY, CZ, DE, DK, EE, ES, EU, FI, FR, GB, GR, HR, HU, IE, IT, LT, LU, LV, MT, NL,
 * NO, PL, PT, RO, RS, RU, SE, SI, SK. Written here (format only) for markets it lacks:
 * IS, LI, IL, AE, TR.
 *
 * private: personal tax identifiers. jsvat-next covers those that are also VAT numbers:
 * ES (DNI/NIE forms of the NIF), PT (NIF starting 1, 2 or 3), GR (AFM), HR (OIB). Written
 * here (format only, no check digits): IT, PL, DE, FR, BE, NL, RO, SE, DK, NO, FI, CH.
 *
 * Any other country or type is "unsupported": there is no format to hold the visitor to.
 */
export type VatType = 'business' | 'private';

export type VatResult = { status: 'valid' | 'invalid'; source: 'jsvat-next' | 'table' } | { status: 'unsupported' };

const BUSINESS_FORMATS: Readonly<Record<string, RegExp>> = {
  /** Icelandic VSK number. */
  IS: /^\d{5,6}$/,
  /** Liechtenstein VAT number. */
  LI: /^\d{5}$/,
  /** Israeli company / dealer number. */
  IL: /^\d{9}$/,
  /** UAE Tax Registration Number. */
  AE: /^100\d{12}$/,
  /** Turkish tax number (vergi kimlik numarası). */
  TR: /^\d{10}$/,
};

const PRIVATE_FORMATS: Readonly<Record<string, RegExp>> = {
  /** Codice fiscale (omocodia letters allowed in digit places). */
  IT: /^[A-Z]{6}[0-9LMNP-V]{2}[A-EHLMPR-T][0-9LMNP-V]{2}[A-Z][0-9LMNP-V]{3}[A-Z]$/,
  /** PESEL. */
  PL: /^\d{11}$/,
  /** Steuerliche Identifikationsnummer. */
  DE: /^[1-9]\d{10}$/,
  /** Numéro fiscal de référence. */
  FR: /^[0-3]\d{12}$/,
  /** Numéro de registre national. */
  BE: /^\d{11}$/,
  /** Burgerservicenummer. */
  NL: /^\d{9}$/,
  /** Cod numeric personal. */
  RO: /^[1-8]\d{12}$/,
  /** Personnummer, 10 or 12 digits (the +/- separator is removed before matching). */
  SE: /^(\d{10}|\d{12})$/,
  /** CPR-nummer. */
  DK: /^\d{10}$/,
  /** Fødselsnummer. */
  NO: /^\d{11}$/,
  /** Henkilötunnus (its century sign kept). */
  FI: /^\d{6}[-+A-FU-Y]\d{3}[0-9A-FHJ-NPR-Y]$/,
  /** AHV number (756 then 10 digits). */
  CH: /^756\d{10}$/,
};

/** Personal identifiers jsvat-next validates, with the forms that belong to people rather than companies. */
const JSVAT_PRIVATE: Readonly<Record<string, { country: Country; personal: RegExp }>> = {
  ES: { country: spain, personal: /^[0-9KLMXYZ]/ },
  PT: { country: portugal, personal: /^[123]/ },
  GR: { country: greece, personal: /^\d/ },
  HR: { country: croatia, personal: /^\d/ },
};

/** jsvat-next wants the VAT prefix of the country; visitors often leave it out. */
const JSVAT_PREFIX: Readonly<Record<string, string>> = { GR: 'EL', CH: 'CHE', NO: '', AU: '', BR: '' };

function clean(value: string): string {
  return value.toUpperCase().replace(/[\s.\-/]+/g, '');
}

/** Separators go, except the Finnish century sign, which is part of the identifier. */
function cleanPersonal(country: string, value: string): string {
  const spaced = value.toUpperCase().replace(/[\s./]+/g, '');
  return country === 'FI' ? spaced : spaced.replace(/[-+]/g, '');
}

function jsvatCountry(country: string): Country | undefined {
  return jsvatCountries.find((candidate) => candidate.codes[0] === country);
}

function withPrefix(country: string, vat: string): string {
  const prefix = JSVAT_PREFIX[country] ?? country;
  const prefixed = prefix !== '' && !vat.startsWith(prefix) ? `${prefix}${vat}` : vat;
  // Norwegian VAT numbers end in MVA.
  return country === 'NO' && !prefixed.endsWith('MVA') ? `${prefixed}MVA` : prefixed;
}

function jsvatValid(country: string, jsvat: Country, vat: string): boolean {
  return checkVAT(withPrefix(country, vat), [jsvat]).isValid;
}

function unprefixed(country: string, vat: string): string {
  const prefix = JSVAT_PREFIX[country] ?? country;
  return prefix !== '' && vat.startsWith(prefix) ? vat.slice(prefix.length) : vat;
}

export function checkVat(value: string, country: string, type: VatType): VatResult {
  const code = country.toUpperCase();
  const vat = clean(value);
  if (type === 'business') {
    const jsvat = jsvatCountry(code);
    if (jsvat !== undefined)
      return { status: jsvatValid(code, jsvat, vat) ? 'valid' : 'invalid', source: 'jsvat-next' };
    const format = BUSINESS_FORMATS[code];
    if (format === undefined) return { status: 'unsupported' };
    return { status: format.test(unprefixed(code, vat)) ? 'valid' : 'invalid', source: 'table' };
  }
  const viaJsvat = JSVAT_PRIVATE[code];
  if (viaJsvat !== undefined) {
    const valid = viaJsvat.personal.test(unprefixed(code, vat)) && jsvatValid(code, viaJsvat.country, vat);
    return { status: valid ? 'valid' : 'invalid', source: 'jsvat-next' };
  }
  const format = PRIVATE_FORMATS[code];
  if (format === undefined) return { status: 'unsupported' };
  return { status: format.test(cleanPersonal(code, value)) ? 'valid' : 'invalid', source: 'table' };
}

/** Countries with a known format per type (for documentation and tests). */
export function vatFormatCountries(type: VatType): readonly string[] {
  if (type === 'business')
    return [...jsvatCountries.map((country) => country.codes[0] as string), ...Object.keys(BUSINESS_FORMATS)];
  return [...Object.keys(JSVAT_PRIVATE), ...Object.keys(PRIVATE_FORMATS)];
}
