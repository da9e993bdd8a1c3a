import type { CheckboxItem, InputItem, SelectItem } from './field-definition.js';
import { FORM_TEXTS, type FormTexts } from './form-texts.js';

/**
 * The field names the product spec knows (section 3). Aliases share one kind, so one rule
 * covers both spellings: phone/phoneNumber and postalCode/zip.
 */
export type FieldKind =
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'postalCode'
  | 'province'
  | 'city'
  | 'getUpdates'
  | 'productInterested'
  | 'subject'
  | 'other';

const KIND_BY_NAME: Readonly<Record<string, FieldKind>> = {
  email: 'email',
  firstName: 'firstName',
  lastName: 'lastName',
  phone: 'phone',
  phoneNumber: 'phone',
  postalCode: 'postalCode',
  zip: 'postalCode',
  province: 'province',
  city: 'city',
  getUpdates: 'getUpdates',
  productInterested: 'productInterested',
  subject: 'subject',
};

export function fieldKind(name: string): FieldKind {
  return KIND_BY_NAME[name] ?? 'other';
}

/** Section 3, callback form: the productInterested checkbox set. */
export const PRODUCT_INTERESTED_OPTIONS: readonly string[] = [
  'Model S',
  'Model 3',
  'Model X',
  'Model Y',
  'Solar Panels',
  'Solar Roof',
];

/**
 * English labels of the known fields. The spec does not quote them ("exact wording not shown");
 * these are the widget's choice, other languages come from the page's catalogue, and
 * configuration may replace any of them.
 */
export const KNOWN_FIELD_LABELS = FORM_TEXTS.labels;

export function textInput(name: string, label: string, required: boolean, type = 'text'): InputItem {
  return { type: 'InputItem', attributes: { name, type, required }, label };
}

/**
 * getUpdates: a Yes/No select preselected Yes (section 3); section 6 inverts the preselection
 * (No) for the newsletter opt-out countries. The caller passes `optOut` so this module stays
 * free of country tables.
 */
export function getUpdatesSelect(required: boolean, optOut: boolean, texts: FormTexts = FORM_TEXTS): SelectItem {
  return {
    type: 'SelectItem',
    attributes: { name: 'getUpdates', required },
    label: texts.labels.getUpdates,
    options: [
      optOut ? { value: 'Yes', label: 'Yes' } : { value: 'Yes', label: 'Yes', selected: true },
      optOut ? { value: 'No', label: 'No', selected: true } : { value: 'No', label: 'No' },
    ],
  };
}

export function productInterestedGroup(required: boolean, texts: FormTexts = FORM_TEXTS): CheckboxItem {
  return {
    type: 'CheckboxItem',
    attributes: { name: 'productInterested', required },
    label: texts.labels.productInterested,
    options: [...PRODUCT_INTERESTED_OPTIONS],
  };
}

/** Section 5, China: province and city are dependent selects whose options come from the country-data call. */
export function provinceSelect(texts: FormTexts = FORM_TEXTS): SelectItem {
  return {
    type: 'SelectItem',
    attributes: { name: 'province', required: true, placeholder: texts.choose },
    label: texts.labels.province,
    options: [],
  };
}

export function citySelect(texts: FormTexts = FORM_TEXTS): SelectItem {
  return {
    type: 'SelectItem',
    attributes: { name: 'city', required: true, placeholder: texts.choose },
    label: texts.labels.city,
    options: [],
  };
}
