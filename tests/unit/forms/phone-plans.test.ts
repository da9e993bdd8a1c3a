/**
 * Issue 24: the phone rule reads one numbering plan (one calling code's metadata, generated at
 * build time by scripts/phone-plans.ts) instead of libphonenumber-js's whole metadata. Its
 * answers must not change for any country: every country's example number, in every way a
 * visitor may type it, its invalid variants, and the numbers of every other plan go through the
 * rule twice, with the whole "min" metadata (what the widget used before) and with the plan the
 * widget loads for that country (country-rules.ts, through the generated modules), and the
 * answers are compared.
 */

import { CALLING_CODES, loadPlan } from 'virtual:phone-plans';
import { getCountries, getExampleNumber, type MetadataJson, type PhoneNumber } from 'libphonenumber-js/core';
import examples from 'libphonenumber-js/examples.mobile.json';
import wholeMetadata from 'libphonenumber-js/metadata.min.json';
import { describe, expect, it } from 'vitest';
import { callingCodes, libraryMetadata, planMetadata } from '../../../scripts/phone-plans.js';
import { DEFAULTS } from '../../../widget/core/config/defaults.js';
import { isValidPhone, loadCountryRules, parsePhone } from '../../../widget/core/forms/index.js';

const whole = wholeMetadata as unknown as MetadataJson;
const countries = getCountries(whole);
const min = DEFAULTS.phoneMinLength;

const exampleOf = (country: (typeof countries)[number]): PhoneNumber => {
  const example = getExampleNumber(country, examples, whole);
  if (example === undefined) throw new Error(`libphonenumber-js has no example for ${country}`);
  return example;
};

/** The ways a visitor may type its own country's number, and near misses. */
function ownInputs(example: PhoneNumber, country: (typeof countries)[number]): string[] {
  const national = example.nationalNumber;
  const digits = example.formatNational().replace(/\D/g, '');
  const idd = example.format('IDD', { fromCountry: country });
  return [
    example.number,
    example.formatInternational(),
    example.formatNational(),
    digits,
    national,
    example.format('RFC3966'),
    ...(idd === undefined ? [] : [idd]),
    `${example.countryCallingCode}${national}`,
    // Near misses: a digit short, a digit long, another leading digit, a doubled trunk prefix, noise.
    example.number.slice(0, -1),
    `${example.number}5`,
    digits.slice(0, -1),
    `${digits}0`,
    ...Array.from({ length: 10 }, (_, digit) => `${digit}${national.slice(1)}`),
    `0${digits}`,
    `${example.formatNational()} x12`,
    `${national}abc`,
    '+',
    '',
  ];
}

describe('phone plans: the rule answers as with the whole metadata', () => {
  it('the generated index and plans are the library metadata, split by calling code', async () => {
    const metadata = libraryMetadata();
    expect(Object.keys(CALLING_CODES).sort()).toEqual(Object.keys(metadata.countries).sort());
    for (const country of countries) expect(CALLING_CODES[country]).toBe(metadata.countries[country]?.[0]);
    const codes = callingCodes(metadata);
    expect(new Set(Object.values(CALLING_CODES))).toEqual(new Set(codes));
    for (const code of codes) {
      const plan = await loadPlan(code);
      // Each entry as the library has it, the code's countries in the library's order.
      expect(plan).toEqual(planMetadata(metadata, code));
      expect(plan.country_calling_codes).toEqual({ [code]: metadata.country_calling_codes[code] });
      for (const [country, entry] of Object.entries(plan.countries)) expect(entry).toEqual(metadata.countries[country]);
    }
    expect(() => planMetadata(metadata, '800')).toThrow('no country has the calling code +800');
  });

  it('every country: its own numbers, typed every way, and their near misses', { timeout: 60_000 }, async () => {
    let compared = 0;
    let valid = 0;
    for (const country of countries) {
      const rules = await loadCountryRules(country);
      for (const input of ownInputs(exampleOf(country), country)) {
        const expected = isValidPhone(input, country, min, whole);
        expect(rules.isValidPhone(input, min), `${country} ${input}`).toBe(expected);
        expect(rules.parsePhone(input), `${country} ${input}`).toEqual(parsePhone(input, country, whole));
        compared += 1;
        if (expected) valid += 1;
      }
      // Its own example in E.164 is valid: the comparison is not between two rules that reject everything.
      expect(rules.isValidPhone(exampleOf(country).number, min), country).toBe(true);
    }
    expect(countries.length).toBe(245);
    expect(valid).toBeGreaterThan(countries.length * 5);
    expect(valid).toBeLessThan(compared);
  });

  it('every country: the numbers of every other plan, international and with its own exit code, are judged the same', {
    timeout: 60_000,
  }, async () => {
    // One example per calling code, as +E.164 and dialled from the visitor's country (its IDD prefix).
    const byCode = new Map<string, PhoneNumber>();
    for (const country of countries) {
      const example = exampleOf(country);
      if (!byCode.has(example.countryCallingCode)) byCode.set(example.countryCallingCode, example);
    }
    let compared = 0;
    const differing: string[] = [];
    for (const country of countries) {
      const rules = await loadCountryRules(country);
      for (const example of byCode.values()) {
        const idd = example.format('IDD', { fromCountry: country });
        for (const input of idd === undefined ? [example.number] : [example.number, idd]) {
          const expected = isValidPhone(input, country, min, whole);
          if (rules.isValidPhone(input, min) !== expected) differing.push(`${country} ${input}: ${expected}`);
          compared += 1;
        }
      }
    }
    expect(differing).toEqual([]);
    expect(byCode.size).toBe(callingCodes(libraryMetadata()).length);
    expect(compared).toBeGreaterThan(countries.length * byCode.size);
  });

  it('a country without numbering metadata is judged by the fallback, with no plan', async () => {
    const rules = await loadCountryRules('EU');
    for (const input of ['+32 470 12 34 56', '12 34', 'call me', '+']) {
      expect(rules.isValidPhone(input, min)).toBe(isValidPhone(input, 'EU', min, whole));
      expect(rules.isValidPhone(input, min)).toBe(isValidPhone(input, 'EU', min, null));
    }
    expect(rules.parsePhone('+32 470 12 34 56')).toBeUndefined();
    expect(CALLING_CODES.EU).toBeUndefined();
    // The table has no prototype: a name Object.prototype has is no country.
    expect(CALLING_CODES.constructor).toBeUndefined();
  });
});
