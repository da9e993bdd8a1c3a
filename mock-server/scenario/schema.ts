/**
 * The scenario file schema (specs/scenario.schema.json), compiled once with ajv. Every problem
 * comes back at once, as a JSON pointer and words a QA engineer acts on.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { type Explained, explain, type SchemaError, usefulErrors } from './explain.js';
import { repoRoot } from './source.js';

export const scenarioSchemaPath = path.join(repoRoot, 'specs', 'scenario.schema.json');

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (!compiled) {
    const schema = JSON.parse(readFileSync(scenarioSchemaPath, 'utf8')) as Record<string, unknown>;
    // Every error, with the schema that failed, so each can be told in the reader's words.
    compiled = new Ajv({ allErrors: true, verbose: true, strict: false }).compile(schema);
  }
  return compiled;
}

/** Every schema problem of a scenario, in QA words with the fix (see explain.ts). */
export function checkScenarioSchema(data: unknown): Explained[] {
  const validate = validator();
  if (validate(data)) return [];
  const seen = new Set<string>();
  const problems: Explained[] = [];
  for (const error of usefulErrors((validate.errors ?? []) as (ErrorObject & SchemaError)[])) {
    const explained = explain(error, data);
    const key = `${explained.pointer} ${explained.problem}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(explained);
  }
  return problems.length > 0 ? problems : [{ pointer: '', problem: 'is not a valid scenario' }];
}
