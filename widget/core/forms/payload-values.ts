import type { FieldValue, FormValues } from './field-definition.js';

/** A submitted text value, trimmed; checkbox groups have no single text value. */
export function textValue(values: FormValues, ...names: readonly string[]): string | undefined {
  for (const name of names) {
    const value: FieldValue | undefined = values[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}
