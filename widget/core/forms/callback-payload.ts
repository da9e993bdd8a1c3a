import type { components } from '../../../generated/widget-http.js';
import { DEFAULTS } from '../config/defaults.js';
import { hyphenLocale } from '../locale/locale-parts.js';
import type { FormField } from './build-form.js';
import { countryRules } from './country-rules.js';
import type { FormValues } from './field-definition.js';

export type CallbackRequest = components['schemas']['CallbackRequest'];
type CallbackField = components['schemas']['CallbackField'];

export interface CallbackPayloadInput {
  fields: readonly FormField[];
  values: FormValues;
  country: string;
  /** Page locale in any spelling; sent as formLocale "en-US". Default: section 9 chat locale. */
  locale?: string;
}

/**
 * Section 3 and 7, the callback submission: formId '179', formType 'legacy', and the form as
 * a list of name/value pairs. productInterested is one entry whose value is the list of
 * chosen options; the phone becomes { country, code, number } under the name "phone" (the
 * contract's example). Empty values (engagement placeholder data) are left out.
 */
export function buildCallbackPayload({ fields, values, country, locale }: CallbackPayloadInput): CallbackRequest {
  const entries = fields.flatMap((field): CallbackField[] => {
    const value = values[field.name];
    if (value === undefined) return [];
    if (typeof value !== 'string') return value.length === 0 ? [] : [{ name: field.name, value: [...value] }];
    const text = value.trim();
    if (text === '') return [];
    if (field.kind === 'phone') {
      // The form's submit waited for the country's rules, so they are in.
      const parsed = countryRules(country)?.parsePhone(text);
      // A number that cannot be parsed never passes validation; sending the text keeps the visitor's input.
      return [parsed === undefined ? { name: field.name, value: text } : { name: 'phone', value: parsed.phone }];
    }
    return [{ name: field.name, value: text }];
  });
  return {
    formId: DEFAULTS.callbackFormId,
    formType: 'legacy',
    formLocale: locale === undefined ? DEFAULTS.chatLocale : hyphenLocale(locale),
    formData: { fields: entries },
  };
}
