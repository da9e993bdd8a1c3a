import { formatText } from '../texts.js';

/**
 * Section 8, form message templates, and section 5: "Messages are lower-cased when shown."
 */
export const FORM_MESSAGE_TEMPLATES = {
  required: '{0} is a required property',
  invalid: '{0} is invalid',
  maxLength: 'Maximum length of {0} is {1} characters',
  email: 'Please provide a valid email address',
} as const;

/** Replaces {0}, {1}... with the arguments; a placeholder with no argument is left as written. */
export const formatTemplate = formatText;

/** The message as the visitor sees it. */
export function shownMessage(template: string, ...args: readonly (string | number)[]): string {
  return formatTemplate(template, ...args).toLowerCase();
}
