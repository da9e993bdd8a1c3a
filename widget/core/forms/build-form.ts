import type { FieldDefinition, FieldValue, SelectOption } from './field-definition.js';
import {
  callbackFormDefaults,
  type FormKind,
  invertGetUpdatesPreselection,
  isHiddenInChina,
  preChatDefaults,
  withChinaAddressFields,
} from './form-definitions.js';
import { type FieldKind, fieldKind } from './known-fields.js';
import { displayLabel } from './labels.js';

/** One field, resolved for a visitor: what the UI renders and the controller validates. */
export interface FormField {
  /** As configured: "phone" and "phoneNumber", "zip" and "postalCode" keep their spelling. */
  name: string;
  kind: FieldKind;
  control: 'input' | 'select' | 'checkboxGroup';
  /** HTML input type for inputs (text, email, tel). */
  inputType: string;
  /** Label as shown, with '(Optional)' when not required. */
  label: string;
  /** Label as configured: {0} of the message templates. */
  messageLabel: string;
  required: boolean;
  placeholder?: string;
  readOnly: boolean;
  /** Hidden fields are neither rendered nor validated; a prefilled value is still submitted. */
  hidden: boolean;
  /** Select options (for checkbox groups, value and label are the same string). */
  options: readonly SelectOption[];
  initialValue: FieldValue;
}

export interface BuildFormOptions {
  form: FormKind;
  /** Visitor's country (ISO alpha-2), from the locale. */
  country: string;
  /** Result of isChinaRegion (locale/china-region.ts). */
  chinaRegion: boolean;
  /** Configured definitions (preEngagementConfig / callBackFormConfig); empty or absent = the spec's defaults. */
  definitions?: readonly FieldDefinition[];
  /** Known values, e.g. from a signed-in page or stored customer details. */
  prefill?: Readonly<Record<string, string>>;
  /** Section 5: "Prefilled inputs may be read-only." */
  readOnlyPrefilled?: boolean;
}

const ALIASES: Partial<Record<FieldKind, readonly string[]>> = {
  phone: ['phone', 'phoneNumber'],
  postalCode: ['postalCode', 'zip'],
};

function prefilledValue(name: string, prefill: Readonly<Record<string, string>>): string | undefined {
  const own = prefill[name];
  if (own !== undefined && own !== '') return own;
  for (const alias of ALIASES[fieldKind(name)] ?? []) {
    const value = prefill[alias];
    if (value !== undefined && value !== '') return value;
  }
  return undefined;
}

function resolveField(definition: FieldDefinition, options: BuildFormOptions): FormField {
  const { name, required = false, placeholder, type } = definition.attributes;
  const prefilled = prefilledValue(name, options.prefill ?? {});
  const base = {
    name,
    kind: fieldKind(name),
    label: displayLabel(definition.label, required, options.country),
    messageLabel: definition.label,
    required,
    ...(placeholder === undefined ? {} : { placeholder }),
    hidden: options.chinaRegion && isHiddenInChina(name, options.form),
  };
  switch (definition.type) {
    case 'InputItem':
      return {
        ...base,
        control: 'input',
        inputType: type ?? 'text',
        readOnly:
          definition.attributes.readOnly === true || (options.readOnlyPrefilled === true && prefilled !== undefined),
        options: [],
        initialValue: prefilled ?? '',
      };
    case 'SelectItem': {
      const preselected = definition.options.find((option) => option.selected)?.value ?? '';
      const known = prefilled !== undefined && definition.options.some((option) => option.value === prefilled);
      return {
        ...base,
        control: 'select',
        inputType: 'select',
        readOnly: definition.attributes.readOnly === true,
        options: definition.options,
        initialValue: known ? (prefilled as string) : preselected,
      };
    }
    case 'CheckboxItem':
      return {
        ...base,
        control: 'checkboxGroup',
        inputType: 'checkbox',
        readOnly: definition.attributes.readOnly === true,
        options: definition.options.map((option) => ({ value: option, label: option })),
        initialValue: [],
      };
  }
}

/**
 * The fields of one form for one visitor: configured definitions (or the spec's defaults),
 * the getUpdates preselection of the visitor's country, the China rules, '(Optional)' labels
 * and prefilled values.
 */
export function buildForm(options: BuildFormOptions): FormField[] {
  const configured = options.definitions ?? [];
  // The defaults already preselect getUpdates for the country; configured selects are inverted here.
  let definitions: FieldDefinition[] =
    configured.length > 0
      ? configured.map((definition) => invertGetUpdatesPreselection(definition, options.country))
      : options.form === 'preChat'
        ? preChatDefaults(options.country)
        : callbackFormDefaults();
  if (options.chinaRegion) definitions = withChinaAddressFields(definitions);
  return definitions.map((definition) => resolveField(definition, options));
}
