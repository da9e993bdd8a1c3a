/**
 * The scenario file schema (specs/scenario.schema.json), compiled once with ajv. Problems
 * come back as contract-style violations (JSON pointer + problem).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { toViolation, type Violation } from '../../contract/frame-check.js';
import { repoRoot } from './source.js';

export const scenarioSchemaPath = path.join(repoRoot, 'specs', 'scenario.schema.json');

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (!compiled) {
    const schema = JSON.parse(readFileSync(scenarioSchemaPath, 'utf8')) as Record<string, unknown>;
    compiled = new Ajv({ allErrors: false, strict: false }).compile(schema);
  }
  return compiled;
}

const STEP_KINDS =
  'expect, send, frame, error, wait, join, leave, say, typing, share, close, drop, refuse, branch, rule';

function describe(error: ErrorObject): Violation {
  if (error.keyword === 'anyOf' && /\/(conversation|steps)\/[0-9]+$/.test(error.instancePath)) {
    return { pointer: error.instancePath, problem: `is not a step: use one of ${STEP_KINDS}` };
  }
  if (error.keyword === 'oneOf') {
    return { pointer: error.instancePath, problem: 'must be one of the forms the schema allows (see the README)' };
  }
  if (error.keyword === 'pattern') {
    return { pointer: error.instancePath, problem: `must match ${String(error.params.pattern)}` };
  }
  if (error.keyword === 'propertyNames') {
    return { pointer: error.instancePath, problem: 'keys must be JSON pointers starting with /' };
  }
  return toViolation(error);
}

/** The most specific schema problem, or none. */
export function checkScenarioSchema(data: unknown): Violation[] {
  const validate = validator();
  if (validate(data)) return [];
  const errors = (validate.errors ?? []).filter((error) => error.keyword !== 'if');
  if (errors.length === 0) return [{ pointer: '', problem: 'is not a valid scenario' }];
  // The deepest error says most: "/conversation/2/join/agent must be string" beats "oneOf".
  const depth = (error: ErrorObject) => error.instancePath.split('/').length;
  const deepest = errors.reduce((best, error) =>
    depth(error) > depth(best) || (depth(error) === depth(best) && error.keyword === 'anyOf') ? error : best,
  );
  if (deepest.keyword === 'anyOf') return [describe(deepest)];
  // Alternatives (oneOf) failing at one place: say every form that would do.
  const here = errors.filter((e) => e.instancePath === deepest.instancePath && e.keyword !== 'oneOf');
  if (here.length > 1 && errors.some((e) => e.keyword === 'oneOf' && e.instancePath === deepest.instancePath)) {
    const forms = [...new Set(here.map((e) => describe(e).problem))];
    return [{ pointer: deepest.instancePath, problem: forms.join(', or ') }];
  }
  return [describe(deepest)];
}
