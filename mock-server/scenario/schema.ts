/**
 * The scenario file schema (generated/scenario.schema.json, as the standalone validator
 * `npm run generate` writes). Every problem comes back at once, as a JSON pointer and words a
 * QA engineer acts on.
 */
import { validateScenario } from '../../generated/scenario.validators.js';
import { type Explained, explain, type SchemaError, usefulErrors } from './explain.js';

/** Every schema problem of a scenario, in QA words with the fix (see explain.ts). */
export function checkScenarioSchema(data: unknown): Explained[] {
  if (validateScenario(data)) return [];
  const seen = new Set<string>();
  const problems: Explained[] = [];
  for (const error of usefulErrors((validateScenario.errors ?? []) as SchemaError[])) {
    const explained = explain(error, data);
    const key = `${explained.pointer} ${explained.problem}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(explained);
  }
  return problems.length > 0 ? problems : [{ pointer: '', problem: 'is not a valid scenario' }];
}
