/**
 * The code behind country-rules.ts, a chunk of its own that the widget imports only
 * dynamically (so its namespace is the browser's, not one the bundler builds with a `for…in`):
 * the phone and postal code rules with their libraries, and the index of the phone plans.
 */
import { CALLING_CODES, loadPlan } from 'virtual:phone-plans';
import type { CountryRules } from './country-rules.js';
import { isValidPhone, parsePhone } from './phone-rule.js';
import { isValidPostalCode } from './postal-code-rule.js';

/** The rules of one country (upper case), once the plan of its calling code is fetched; none is for a country without numbering metadata. */
export async function rulesOf(country: string): Promise<CountryRules> {
  const code: unknown = CALLING_CODES[country];
  const plan = typeof code === 'string' ? await loadPlan(code) : null;
  return {
    isValidPhone: (value, minLength) => isValidPhone(value, country, minLength, plan),
    parsePhone: (value) => (plan === null ? undefined : parsePhone(value, country, plan)),
    isValidPostalCode: (value) => isValidPostalCode(value, country),
  };
}
