import { isNewsletterOptOutCountry } from '../locale/regions.js';
import type { FieldDefinition } from './field-definition.js';
import { FORM_TEXTS, type FormTexts } from './form-texts.js';
import {
  citySelect,
  fieldKind,
  getUpdatesSelect,
  productInterestedGroup,
  provinceSelect,
  textInput,
} from './known-fields.js';

/**
 * The two forms of the product spec (section 3) and the China rules that reshape them
 * (section 5).
 */
export type FormKind = 'preChat' | 'callback';

/** Section 3, pre-chat defaults: firstName, email, phoneNumber, postalCode, getUpdates required; lastName optional. */
export function preChatDefaults(country: string, texts: FormTexts = FORM_TEXTS): FieldDefinition[] {
  const labels = texts.labels;
  return [
    textInput('firstName', labels.firstName, true),
    textInput('lastName', labels.lastName, false),
    textInput('email', labels.email, true, 'email'),
    textInput('phoneNumber', labels.phoneNumber, true, 'tel'),
    textInput('postalCode', labels.postalCode, true),
    getUpdatesSelect(true, isNewsletterOptOutCountry(country), texts),
  ];
}

/** Section 3, callback form: every field required, productInterested a checkbox set. */
export function callbackFormDefaults(texts: FormTexts = FORM_TEXTS): FieldDefinition[] {
  const labels = texts.labels;
  return [
    textInput('firstName', labels.firstName, true),
    textInput('lastName', labels.lastName, true),
    textInput('email', labels.email, true, 'email'),
    textInput('phoneNumber', labels.phoneNumber, true, 'tel'),
    textInput('postalCode', labels.postalCode, true),
    productInterestedGroup(true, texts),
  ];
}

/**
 * Section 6: for the newsletter opt-out countries the preselection of getUpdates is inverted.
 * Applied to configured getUpdates selects too, so a deployment's form cannot opt a visitor
 * of those countries in by default.
 */
export function invertGetUpdatesPreselection(definition: FieldDefinition, country: string): FieldDefinition {
  if (definition.type !== 'SelectItem' || fieldKind(definition.attributes.name) !== 'getUpdates') return definition;
  if (!isNewsletterOptOutCountry(country)) return definition;
  const selected = definition.options.find((option) => option.selected)?.value ?? definition.options[0]?.value;
  const inverted = definition.options.find((option) => option.value !== selected)?.value;
  return {
    ...definition,
    options: definition.options.map(({ value, label }) =>
      value === inverted ? { value, label, selected: true } : { value, label },
    ),
  };
}

/**
 * Section 5, China region: province and city (dependent selects, filled from the country-data
 * call) are added after the postal code when the configuration does not already have them.
 */
export function withChinaAddressFields(
  definitions: readonly FieldDefinition[],
  texts: FormTexts = FORM_TEXTS,
): FieldDefinition[] {
  const names = new Set(definitions.map((definition) => fieldKind(definition.attributes.name)));
  const added: FieldDefinition[] = [];
  if (!names.has('province')) added.push(provinceSelect(texts));
  if (!names.has('city')) added.push(citySelect(texts));
  if (added.length === 0) return [...definitions];
  const postal = definitions.findIndex((definition) => fieldKind(definition.attributes.name) === 'postalCode');
  const at = postal === -1 ? definitions.length : postal + 1;
  return [...definitions.slice(0, at), ...added, ...definitions.slice(at)];
}

/**
 * Section 5, China region: the email field is hidden in the pre-chat form (a prefilled email
 * does not bring it back); zip is hidden in chat-lite (the callback form).
 */
export function isHiddenInChina(name: string, form: FormKind): boolean {
  const kind = fieldKind(name);
  return (form === 'preChat' && kind === 'email') || (form === 'callback' && kind === 'postalCode');
}
