/**
 * ajv standalone validators: plain functions with no `eval`/`new Function` at run time, so
 * the widget works under a Content-Security-Policy without 'unsafe-eval'.
 */
import { Ajv, type Options } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { stripAnnotations } from './json-schema.js';

type Dialect = 'draft-07' | '2020-12';

/** ajv runtime helpers the standalone code `require`s; inlined so the output is pure ESM. */
const RUNTIME_HELPERS: Record<string, string> = {
  'ajv/dist/runtime/ucs2length': `function ucs2length(str) {
  // Counts code points, as JSON Schema's minLength/maxLength do, not UTF-16 units.
  let length = 0;
  for (const _ of str) length++;
  return length;
}`,
  'ajv/dist/runtime/equal': `function equal(a, b) {
  // Deep equality of JSON values, as const, enum and uniqueItems compare them.
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && equal(a[key], b[key]));
}`,
};

export function standaloneValidators(
  schema: Record<string, unknown>,
  dialect: Dialect,
  exportsByName: Record<string, string>,
  {
    allErrors = false,
    verbose = false,
    strict = true,
  }: { allErrors?: boolean; verbose?: boolean; strict?: boolean } = {},
): string {
  const options: Options = {
    code: { source: true, esm: true },
    discriminator: true,
    allErrors,
    verbose,
    strict,
    // Conditional requirements (if/then, anyOf of required) name properties declared one level up.
    strictRequired: false,
    allowUnionTypes: true,
  };
  const ajv = dialect === '2020-12' ? new Ajv2020(options) : new Ajv(options);
  // Verbose errors carry the failing schema, annotations included (they explain the error).
  ajv.addSchema(verbose ? (schema as never) : stripAnnotations(schema as never));
  const id = String(schema.$id);
  const refs = Object.fromEntries(Object.entries(exportsByName).map(([name, pointer]) => [name, `${id}${pointer}`]));
  let code = standaloneCode(ajv, refs);
  const used: string[] = [];
  code = code.replace(/require\("([^"]+)"\)\.default/g, (_match, module: string) => {
    const helper = RUNTIME_HELPERS[module];
    if (!helper) throw new Error(`standalone validator needs ${module}: add it to RUNTIME_HELPERS`);
    if (!used.includes(module)) used.push(module);
    return helper.slice('function '.length, helper.indexOf('('));
  });
  if (code.includes('require(')) throw new Error('standalone validator still calls require()');
  return `${code}\n${used.map((module) => RUNTIME_HELPERS[module]).join('\n')}\n`;
}
