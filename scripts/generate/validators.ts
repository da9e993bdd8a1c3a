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
};

export function standaloneValidators(
  schema: Record<string, unknown>,
  dialect: Dialect,
  exportsByName: Record<string, string>,
  { allErrors = false }: { allErrors?: boolean } = {},
): string {
  const options: Options = {
    code: { source: true, esm: true },
    discriminator: true,
    allErrors,
    strict: true,
    // Conditional requirements (if/then, anyOf of required) name properties declared one level up.
    strictRequired: false,
    allowUnionTypes: true,
  };
  const ajv = dialect === '2020-12' ? new Ajv2020(options) : new Ajv(options);
  ajv.addSchema(stripAnnotations(schema as never));
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
