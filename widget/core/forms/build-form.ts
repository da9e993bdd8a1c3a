import type { FieldDefinition, FieldValue, SelectOption } from './field-definition.js';
import {
  callbackFormDefaults,
  type FormKind,
  invertGetUpdatesPreselection,
  isHiddenInChina,
  preChatDefaults,
  withChinaAddressFields,
} from './form-definitions.js';
import { FORM_TEXTS, type FormTexts, optionLabel } from './form-texts.js';
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
  /**
   * Values the visitor typed earlier (a remounted form, or the other form), by field name.
   * They fill the fields but never a read-only prefilled one.
   */
  draft?: Readonly<Record<string, FieldValue>>;
  /** The page's language for the default labels, '(Optional)' and the fixed options. Default English. */
  texts?: FormTexts;
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

function draftValue(name: string, draft: Readonly<Record<string, FieldValue>>): FieldValue | undefined {
  if (Object.hasOwn(draft, name)) return draft[name];
  for (const alias of ALIASES[fieldKind(name)] ?? []) {
    if (Object.hasOwn(draft, alias)) return draft[alias];
  }
  return undefined;
}

function resolveField(definition: FieldDefinition, options: BuildFormOptions): FormField {
  const { name, required = false, placeholder, type } = definition.attributes;
  const texts = options.texts ?? FORM_TEXTS;
  const prefilled = prefilledValue(name, options.prefill ?? {});
  const typed = draftValue(name, options.draft ?? {});
  const typedText = typeof typed === 'string' ? typed : undefined;
  const base = {
    name,
    kind: fieldKind(name),
    label: displayLabel(definition.label, required, options.country, texts.optional),
    messageLabel: definition.label,
    required,
    ...(placeholder === undefined ? {} : { placeholder }),
    hidden: options.chinaRegion && isHiddenInChina(name, options.form),
  };
  switch (definition.type) {
    case 'InputItem': {
      const readOnly =
        definition.attributes.readOnly === true || (options.readOnlyPrefilled === true && prefilled !== undefined);
      return {
        ...base,
        control: 'input',
        inputType: type ?? 'text',
        readOnly,
        options: [],
        initialValue: readOnly ? (prefilled ?? '') : (typedText ?? prefilled ?? ''),
      };
    }
    case 'SelectItem': {
      const preselected = definition.options.find((option) => option.selected)?.value ?? '';
      const isOption = (value: string | undefined) =>
        value !== undefined && definition.options.some((option) => option.value === value);
      const initialValue = isOption(typedText)
        ? (typedText as string)
        : isOption(prefilled)
          ? (prefilled as string)
          : preselected;
      return {
        ...base,
        control: 'select',
        inputType: 'select',
        readOnly: definition.attributes.readOnly === true,
        options: definition.options.map((option) => ({ ...option, label: optionLabel(option.label, texts) })),
        initialValue,
      };
    }
    case 'CheckboxItem': {
      const checked = Array.isArray(typed) ? typed.filter((value) => definition.options.includes(value)) : [];
      return {
        ...base,
        control: 'checkboxGroup',
        inputType: 'checkbox',
        readOnly: definition.attributes.readOnly === true,
        options: definition.options.map((option) => ({ value: option, label: optionLabel(option, texts) })),
        initialValue: checked,
      };
    }
  }
}

/**
 * The fields of one form for one visitor: configured definitions (or the spec's defaults),
 * the getUpdates preselection of the visitor's country, the China rules, '(Optional)' labels
 * and prefilled values.
 */
export function buildForm(options: BuildFormOptions): FormField[] {
  return formDefinitions(options).map((definition) => resolveField(definition, options));
}

/**
 * The field definitions a form is built from: the configured ones (with the country's
 * getUpdates preselection) or the spec's defaults in the page's language, plus the China
 * address fields. What the preEngagementConfig and callBackFormConfig storage keys hold.
 */
export function formDefinitions(
  options: Pick<BuildFormOptions, 'form' | 'country' | 'chinaRegion' | 'definitions' | 'texts'>,
): FieldDefinition[] {
  const configured = options.definitions ?? [];
  // The defaults already preselect getUpdates for the country; configured selects are inverted here.
  const texts = options.texts ?? FORM_TEXTS;
  let definitions: FieldDefinition[] =
    configured.length > 0
      ? configured.map((definition) => invertGetUpdatesPreselection(definition, options.country))
      : options.form === 'preChat'
        ? preChatDefaults(options.country, texts)
        : callbackFormDefaults(texts);
  if (options.chinaRegion) definitions = withChinaAddressFields(definitions, texts);
  return definitions;
}
