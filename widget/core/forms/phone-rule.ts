import type { CountryCode, MetadataJson } from 'libphonenumber-js/core';
import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import type { PhoneValue } from '../customer-details.js';

/**
 * Section 5, phone or phoneNumber: at least `minLength` characters and matching the national
 * number pattern of the visitor's country, national trunk prefix stripped first.
 *
 * libphonenumber-js does the stripping and the matching, from its "min" metadata (every
 * country's national prefix and national-number patterns). The widget hands it one plan, the
 * metadata of the visitor's calling code (country-rules.ts); the library's whole metadata gives
 * the same answers, because a number counts as the visitor's country's only when it carries
 * that country's calling code: countries sharing a code (US/CA, GB/GG/JE) share one plan.
 * tests/unit/forms/phone-plans.test.ts runs every country's numbers through both.
 */
export interface ParsedPhone {
  /** E.164, e.g. "+447911123456". */
  e164: string;
  phone: PhoneValue;
}

/** The phone as the callback and lead payloads carry it, or undefined when it is not a valid number of the country. */
export function parsePhone(value: string, country: string, metadata: MetadataJson): ParsedPhone | undefined {
  const code = country.toUpperCase() as CountryCode;
  if (!isSupportedCountry(code, metadata)) return undefined;
  const parsed = parsePhoneNumberFromString(value.trim(), code, metadata);
  if (parsed === undefined || !parsed.isValid()) return undefined;
  if (parsed.countryCallingCode !== getCountryCallingCode(code, metadata)) return undefined;
  return {
    e164: parsed.number,
    phone: { country: code, code: parsed.countryCallingCode, number: parsed.nationalNumber },
  };
}

/** `metadata`: the country's plan (or the library's whole metadata); null for a country libphonenumber-js has none for. */
export function isValidPhone(
  value: string,
  country: string,
  minLength: number,
  metadata: MetadataJson | null,
): boolean {
  const trimmed = value.trim();
  if (trimmed.length < minLength) return false;
  // A country without numbering metadata (e.g. the pseudo-country EU) cannot be matched:
  // accept any phone-like text of the minimum length rather than block the visitor.
  if (metadata === null || !isSupportedCountry(country.toUpperCase() as CountryCode, metadata))
    return /^\+?[0-9 ()./-]+$/.test(trimmed);
  return parsePhone(trimmed, country, metadata) !== undefined;
}
