/**
 * Form field definitions as configuration delivers them (product spec section 3, "Form field
 * definition"): an InputItem, SelectItem or CheckboxItem with attributes, a label and options.
 */

export interface FieldAttributes {
  name: string;
  /** HTML input type (text, email, tel); inputs only. */
  type?: string;
  required?: boolean;
  placeholder?: string;
  /** Prefilled inputs may be read-only (section 5, China rules). */
  readOnly?: boolean;
}

export interface SelectOption {
  value: string;
  label: string;
  selected?: boolean;
}

export interface InputItem {
  type: 'InputItem';
  attributes: FieldAttributes;
  label: string;
}

export interface SelectItem {
  type: 'SelectItem';
  attributes: FieldAttributes;
  label: string;
  options: SelectOption[];
}

export interface CheckboxItem {
  type: 'CheckboxItem';
  attributes: FieldAttributes;
  label: string;
  /** A checkbox group: each string is both the option's value and its label. */
  options: string[];
}

export type FieldDefinition = InputItem | SelectItem | CheckboxItem;

/** A text or select value is a string; a checkbox group's value is the list of checked options. */
export type FieldValue = string | readonly string[];

export type FormValues = Readonly<Record<string, FieldValue>>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readAttributes(raw: unknown): FieldAttributes | undefined {
  if (!isRecord(raw) || typeof raw.name !== 'string' || raw.name === '') return undefined;
  const attributes: FieldAttributes = { name: raw.name };
  if (typeof raw.type === 'string') attributes.type = raw.type;
  if (typeof raw.required === 'boolean') attributes.required = raw.required;
  // Configuration written for form-encoded transports carries booleans as strings.
  if (raw.required === 'true' || raw.required === 'false') attributes.required = raw.required === 'true';
  if (typeof raw.placeholder === 'string') attributes.placeholder = raw.placeholder;
  if (typeof raw.readOnly === 'boolean') attributes.readOnly = raw.readOnly;
  return attributes;
}

function readSelectOptions(raw: unknown): SelectOption[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((option): SelectOption[] => {
    if (typeof option === 'string') return [{ value: option, label: option }];
    if (!isRecord(option) || typeof option.value !== 'string') return [];
    const label = typeof option.label === 'string' ? option.label : option.value;
    return [option.selected === true ? { value: option.value, label, selected: true } : { value: option.value, label }];
  });
}

/**
 * Reads field definitions from untrusted configuration (preEngagementConfig, callBackFormConfig).
 * Entries that are not a known item type or have no name are dropped and reported, so one bad
 * entry in a deployment's configuration never takes the whole form down.
 */
export function parseFieldDefinitions(raw: unknown, report: (problem: string) => void = () => {}): FieldDefinition[] {
  if (!Array.isArray(raw)) {
    report('field definitions: expected an array');
    return [];
  }
  return raw.flatMap((entry, index): FieldDefinition[] => {
    const attributes = isRecord(entry) ? readAttributes(entry.attributes) : undefined;
    if (!isRecord(entry) || attributes === undefined) {
      report(`field definitions[${index}]: expected { type, attributes: { name } }`);
      return [];
    }
    const label = typeof entry.label === 'string' ? entry.label : attributes.name;
    switch (entry.type) {
      case 'InputItem':
        return [{ type: 'InputItem', attributes, label }];
      case 'SelectItem':
        return [{ type: 'SelectItem', attributes, label, options: readSelectOptions(entry.options) }];
      case 'CheckboxItem':
        return [
          {
            type: 'CheckboxItem',
            attributes,
            label,
            options: Array.isArray(entry.options)
              ? entry.options.filter((option): option is string => typeof option === 'string')
              : [],
          },
        ];
      default:
        report(
          `field definitions[${index}]: unknown type ${String(entry.type)} (expected InputItem, SelectItem or CheckboxItem)`,
        );
        return [];
    }
  });
}
