import { usesFullWidthBrackets } from '../locale/regions.js';

/**
 * Section 5: "Optional fields are labelled '(Optional)', using full-width brackets for TW,
 * HK, MO and CN." Full-width brackets carry their own spacing, so no space precedes them.
 */
export function displayLabel(label: string, required: boolean, country: string, optional = 'Optional'): string {
  if (required) return label;
  return usesFullWidthBrackets(country) ? `${label}（${optional}）` : `${label} (${optional})`;
}
