import { formatText } from '../texts.js';
import { FORM_TEXTS } from './form-texts.js';

/**
 * Section 8, form message templates, and section 5: "Messages are lower-cased when shown."
 * English; other languages pass their own through the validation context.
 */
export const FORM_MESSAGE_TEMPLATES = FORM_TEXTS.messages;

/** The message as the visitor sees it. */
export function shownMessage(template: string, ...args: readonly (string | number)[]): string {
  return formatText(template, ...args).toLowerCase();
}
