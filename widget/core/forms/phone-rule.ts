import type { CountryCode } from 'libphonenumber-js/min';
import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { PhoneValue } from '../customer-details.js';

/**
 * Section 5, phone or phoneNumber: at least `minLength` characters and matching the national
 * number pattern of the visitor's country, national trunk prefix stripped first.
 *
 * libphonenumber-js does the stripping and the matching. Its "min" metadata is used: it holds
 * every country's national prefix and general national-number pattern (what this rule needs)
 * at about 34 kB gzipped, where "max" adds per-type patterns the rule never reads.
 * A number counts as the visitor's country's when it carries that country's calling code,
 * because countries sharing a code (US/CA, GB/GG/JE) share one numbering plan.
 */
export interface ParsedPhone {
  /** E.164, e.g. "+447911123456". */
  e164: string;
  phone: PhoneValue;
}

function supportedCountry(country: string): CountryCode | undefined {
  const upper = country.toUpperCase();
  return isSupportedCountry(upper) ? upper : undefined;
}

/** The phone as the callback and lead payloads carry it, or undefined when it is not a valid number of the country. */
export function parsePhone(value: string, country: string): ParsedPhone | undefined {
  const code = supportedCountry(country);
  if (code === undefined) return undefined;
  const parsed = parsePhoneNumberFromString(value.trim(), code);
  if (parsed === undefined || !parsed.isValid()) return undefined;
  if (parsed.countryCallingCode !== getCountryCallingCode(code)) return undefined;
  return {
    e164: parsed.number,
    phone: { country: code, code: parsed.countryCallingCode, number: parsed.nationalNumber },
  };
}

export function isValidPhone(value: string, country: string, minLength: number): boolean {
  const trimmed = value.trim();
  if (trimmed.length < minLength) return false;
  // A country without numbering metadata (e.g. the pseudo-country EU) cannot be matched:
  // accept any phone-like text of the minimum length rather than block the visitor.
  if (supportedCountry(country) === undefined) return /^\+?[0-9 ()./-]+$/.test(trimmed);
  return parsePhone(trimmed, country) !== undefined;
}
