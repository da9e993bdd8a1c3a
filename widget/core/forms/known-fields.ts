import type { CheckboxItem, InputItem, SelectItem } from './field-definition.js';

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
 * Labels of the known fields. The spec does not quote them ("exact wording not shown"); these
 * are the widget's choice and configuration may replace any of them.
 */
export const KNOWN_FIELD_LABELS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email Address',
  phoneNumber: 'Phone Number',
  postalCode: 'Postal Code',
  province: 'Province',
  city: 'City',
  getUpdates: 'Get Updates',
  productInterested: 'Product Interested',
  subject: 'Subject',
} as const;

export function textInput(name: string, label: string, required: boolean, type = 'text'): InputItem {
  return { type: 'InputItem', attributes: { name, type, required }, label };
}

/**
 * getUpdates: a Yes/No select preselected Yes (section 3); section 6 inverts the preselection
 * (No) for the newsletter opt-out countries. The caller passes `optOut` so this module stays
 * free of country tables.
 */
export function getUpdatesSelect(required: boolean, optOut: boolean): SelectItem {
  return {
    type: 'SelectItem',
    attributes: { name: 'getUpdates', required },
    label: KNOWN_FIELD_LABELS.getUpdates,
    options: [
      optOut ? { value: 'Yes', label: 'Yes' } : { value: 'Yes', label: 'Yes', selected: true },
      optOut ? { value: 'No', label: 'No', selected: true } : { value: 'No', label: 'No' },
    ],
  };
}

export function productInterestedGroup(required: boolean): CheckboxItem {
  return {
    type: 'CheckboxItem',
    attributes: { name: 'productInterested', required },
    label: KNOWN_FIELD_LABELS.productInterested,
    options: [...PRODUCT_INTERESTED_OPTIONS],
  };
}

/** Section 5, China: province and city are dependent selects whose options come from the country-data call. */
export function provinceSelect(): SelectItem {
  return {
    type: 'SelectItem',
    attributes: { name: 'province', required: true },
    label: KNOWN_FIELD_LABELS.province,
    options: [],
  };
}

export function citySelect(): SelectItem {
  return {
    type: 'SelectItem',
    attributes: { name: 'city', required: true },
    label: KNOWN_FIELD_LABELS.city,
    options: [],
  };
}
