import type { CustomerDetails } from '../customer-details.js';
import { countryRules } from './country-rules.js';
import type { FormValues } from './field-definition.js';
import { textValue } from './payload-values.js';

/**
 * Section 3, customer details from a submitted pre-chat form. Aliases are filled both ways
 * (zip and postalCode) because requestChat, the lead and the stored session read either.
 * The marketing-updates flag follows getUpdates.
 */
export function customerDetailsFromForm(values: FormValues, country: string): CustomerDetails {
  const details: CustomerDetails = {};
  const firstName = textValue(values, 'firstName');
  const lastName = textValue(values, 'lastName');
  const email = textValue(values, 'email');
  const phoneText = textValue(values, 'phoneNumber', 'phone');
  const postalCode = textValue(values, 'postalCode', 'zip');
  const province = textValue(values, 'province');
  const city = textValue(values, 'city');
  const getUpdates = textValue(values, 'getUpdates');
  const subject = textValue(values, 'subject');
  if (firstName !== undefined) details.firstName = firstName;
  if (lastName !== undefined) details.lastName = lastName;
  if (email !== undefined) details.email = email;
  if (phoneText !== undefined) {
    const parsed = countryRules(country)?.parsePhone(phoneText);
    details.phoneNumber = parsed?.e164 ?? phoneText;
    if (parsed !== undefined) details.phone = parsed.phone;
  }
  if (postalCode !== undefined) {
    details.postalCode = postalCode;
    details.zip = postalCode;
  }
  if (province !== undefined) details.province = province;
  if (city !== undefined) details.city = city;
  if (getUpdates === 'Yes' || getUpdates === 'No') {
    details.getUpdates = getUpdates;
    details.getBrandUpdates = getUpdates === 'Yes';
  }
  if (subject !== undefined) details.subject = subject;
  const displayName = [firstName, lastName].filter((part) => part !== undefined).join(' ');
  if (displayName !== '') details.displayName = displayName;
  return details;
}
