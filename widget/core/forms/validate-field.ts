import { DEFAULTS } from '../config/defaults.js';
import { formatText } from '../texts.js';
import type { FormField } from './build-form.js';
import { countryRules } from './country-rules.js';
import { isValidEmail } from './email-rule.js';
import type { FieldValue } from './field-definition.js';
import type { FormTexts } from './form-texts.js';
import { FORM_MESSAGE_TEMPLATES, shownMessage } from './messages.js';

/** What the section 5 rules need besides the value; every number has its section 9 default. */
export interface ValidationContext {
  country: string;
  /** Section 5: "With engagement placeholder data on, empty required fields are ignored." */
  useEngagementPlaceholderData?: boolean;
  namesMaxCharCount?: number;
  phoneMinLength?: number;
  /** The page's language for the messages (default English, lower-cased as section 5 says). */
  texts?: Pick<FormTexts, 'messages' | 'lowerCaseMessages'>;
}

export function isEmpty(value: FieldValue): boolean {
  return typeof value === 'string' ? value.trim() === '' : value.length === 0;
}

/**
 * The section 5 rules for one field. Returns the message as shown (lower-cased), or
 * undefined when the value is acceptable, and for a phone or postal code also while the
 * country's rules are not loaded (`loadCountryRules`; the form controller waits for them, then
 * validates again). Hidden fields are never validated.
 */
export function validateField(field: FormField, value: FieldValue, context: ValidationContext): string | undefined {
  if (field.hidden) return undefined;
  const templates = context.texts?.messages ?? FORM_MESSAGE_TEMPLATES;
  const lowerCase = context.texts?.lowerCaseMessages ?? true;
  const message = (template: string, ...args: readonly (string | number)[]) =>
    lowerCase ? shownMessage(template, ...args) : formatText(template, ...args);
  if (isEmpty(value)) {
    // Required text needs non-blank content; required groups at least one checked option.
    if (!field.required || context.useEngagementPlaceholderData === true) return undefined;
    return message(templates.required, field.messageLabel);
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  switch (field.kind) {
    case 'email':
      return isValidEmail(text) ? undefined : message(templates.email);
    case 'phone': {
      const rules = countryRules(context.country);
      if (rules === undefined) return undefined;
      return rules.isValidPhone(text, context.phoneMinLength ?? DEFAULTS.phoneMinLength)
        ? undefined
        : message(templates.invalid, field.messageLabel);
    }
    case 'postalCode': {
      const rules = countryRules(context.country);
      if (rules === undefined) return undefined;
      return rules.isValidPostalCode(text) ? undefined : message(templates.invalid, field.messageLabel);
    }
    case 'firstName':
    case 'lastName': {
      const max = context.namesMaxCharCount ?? DEFAULTS.namesMaxCharCount;
      // Counted in code points so a name in a non-Latin script is not cut short by surrogate pairs.
      return [...text].length <= max ? undefined : message(templates.maxLength, field.messageLabel, max);
    }
    default:
      return undefined;
  }
}
