import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

/**
 * Section 5, postalCode or zip: valid for the country (postcode-validator's per-country
 * patterns), else the default: letters, digits, hyphen and space.
 */
const DEFAULT_POSTAL_CODE = /^[A-Za-z0-9 -]+$/;

export function isValidPostalCode(value: string, country: string): boolean {
  const code = value.trim();
  const upper = country.toUpperCase();
  if (postcodeValidatorExistsForCountry(upper)) return postcodeValidator(code, upper);
  return DEFAULT_POSTAL_CODE.test(code);
}
