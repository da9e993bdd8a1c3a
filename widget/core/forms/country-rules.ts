import type { ParsedPhone } from './phone-rule.js';

/**
 * The section 5 rules that depend on the visitor's country, phone and postal code, loaded when a
 * form first needs them, not with the chat: their code (libphonenumber-js, postcode-validator)
 * and the country's numbering plan (one calling code's metadata, generated at build time from
 * libphonenumber-js's own: scripts/phone-plans.ts) are about 13 KiB gzip a visitor who opens the
 * chat and types no phone or postal code never needs. A form asks for them on the first edit of
 * such a field, or at once when one is prefilled (form-controller.ts), and judges those fields
 * once they are in; a submit waits for them.
 *
 * Loaded rules are kept for the page's life in this module: they are the libraries' immutable
 * data, the same for every form and core on the page, and their chunks are modules the browser
 * keeps anyway.
 */
export interface CountryRules {
  /** At least `minLength` characters and a valid number of the country (any phone-like text for a country without numbering metadata). */
  isValidPhone(value: string, minLength: number): boolean;
  /** The phone as the callback and lead payloads carry it; undefined when it is not a valid number of the country. */
  parsePhone(value: string): ParsedPhone | undefined;
  isValidPostalCode(value: string): boolean;
}

const ready = new Map<string, CountryRules>();
const loading = new Map<string, Promise<CountryRules>>();

/** The country's rules once loaded (`loadCountryRules`); undefined before. */
export function countryRules(country: string): CountryRules | undefined {
  return ready.get(country.toUpperCase());
}

/**
 * Loads the country's rules: their code once, and the plan of the country's calling code
 * (shared by the countries of that code). Rejects when a chunk cannot be fetched; a later call
 * tries again.
 */
export function loadCountryRules(country: string): Promise<CountryRules> {
  const key = country.toUpperCase();
  const done = ready.get(key);
  if (done !== undefined) return Promise.resolve(done);
  let pending = loading.get(key);
  if (pending === undefined) {
    pending = import('./country-rules-code.js')
      .then((code) => code.rulesOf(key))
      .then(
        (rules) => {
          ready.set(key, rules);
          loading.delete(key);
          return rules;
        },
        (error: unknown) => {
          loading.delete(key);
          throw error;
        },
      );
    loading.set(key, pending);
  }
  return pending;
}
