import { type FieldDefinition, parseFieldDefinitions } from '../core/forms/index.js';
import type { WidgetCore } from '../core/index.js';

/**
 * The deployment's configured fields for one form (chatWidgetParams or page options), or
 * undefined for the spec's defaults. Entries the forms cannot read are dropped with a warning
 * for the integrator, so one bad entry never takes the form down.
 */
export function configuredFields(
  core: Pick<WidgetCore, 'settings'>,
  key: 'preEngagementConfig' | 'callBackFormConfig',
): FieldDefinition[] | undefined {
  const raw = core.settings[key];
  if (raw === null || raw === undefined) return undefined;
  return parseFieldDefinitions(raw, (problem) => console.warn(`chat widget: ${key}: ${problem}`));
}
