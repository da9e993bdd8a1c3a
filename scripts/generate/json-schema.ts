/**
 * Turns the schemas of the specs into plain JSON Schema documents with `$defs`, the one
 * input both the type generator and ajv read, so types and validators cannot disagree.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep copy with `#/components/schemas/X` refs pointed at `#/$defs/X`, keys in source order. */
function rewrite(value: Json, visit: (node: JsonObject) => JsonObject): Json {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, visit));
  if (!isObject(value)) return value;
  const copy: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    copy[key] =
      key === '$ref' && typeof child === 'string'
        ? child.replace('#/components/schemas/', '#/$defs/')
        : rewrite(child, visit);
  }
  return visit(copy);
}

function componentSchemas(doc: Record<string, unknown>, spec: string): JsonObject {
  const components = doc.components as JsonObject | undefined;
  const schemas = components?.schemas;
  if (!isObject(schemas)) throw new Error(`${spec}: components.schemas is missing`);
  return schemas;
}

/**
 * AsyncAPI payload schemas (a JSON Schema draft-07 superset). AsyncAPI's `discriminator` is
 * a bare property name; ajv wants `{ propertyName }`, which also gives one clear error for
 * an unknown method instead of one per oneOf branch.
 */
export function asyncapiSchemasToJsonSchema(doc: Record<string, unknown>): JsonObject {
  const schemas = componentSchemas(doc, 'AsyncAPI document');
  const $defs = rewrite(schemas, (node) => {
    if (typeof node.discriminator === 'string') node.discriminator = { propertyName: node.discriminator };
    return node;
  });
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'chat-socket.schema.json',
    title: 'ChatSocketFrame',
    description: 'Any frame on the chat socket: a client frame or a server frame.',
    anyOf: [{ $ref: '#/$defs/ClientFrame' }, { $ref: '#/$defs/ServerFrame' }],
    $defs,
  };
}

/** OpenAPI 3.1 component schemas (JSON Schema 2020-12), for the REST validators. */
export function openapiSchemasToJsonSchema(doc: Record<string, unknown>): JsonObject {
  const schemas = componentSchemas(doc, 'OpenAPI document');
  const $defs = rewrite(schemas, (node) => node) as JsonObject;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'widget-http.schema.json',
    title: 'WidgetHttp',
    $defs,
  };
}

export type Profile = 'strict' | 'tolerant';

/** A string matched without regard to case, as a regular expression source. */
function caseInsensitiveSource(text: string): string {
  return [...text]
    .map((c) => {
      const lower = c.toLowerCase();
      const upper = c.toUpperCase();
      if (lower !== upper) return `[${upper}${lower}]`;
      return /[\\^$.*+?()[\]{}|/-]/.test(c) ? `\\${c}` : c;
    })
    .join('');
}

/** The values of a `const` or `enum` an `x-tolerant: { caseInsensitive: true }` relaxes. */
function caseInsensitiveValues(node: JsonObject): string[] {
  const values = node.const !== undefined ? [node.const] : Array.isArray(node.enum) ? node.enum : [];
  if (values.length === 0 || !values.every((v) => typeof v === 'string')) {
    throw new Error('x-tolerant caseInsensitive needs a string const or enum');
  }
  return values as string[];
}

/** The pattern that stands for a string `enum` (or `const`) compared without regard to case. */
function anyCasePattern(values: readonly string[]): string {
  return `^(?:${values.map(caseInsensitiveSource).join('|')})$`;
}

/** The keyword changes an `x-tolerant` extension asks for (see the AsyncAPI document's "Profiles"). */
function applyTolerant(node: JsonObject, overlay: JsonObject): void {
  for (const [key, value] of Object.entries(overlay)) {
    if (key === 'caseInsensitive') {
      if (value !== true) continue;
      const values = caseInsensitiveValues(node);
      delete node.const;
      delete node.enum;
      node.type ??= 'string';
      node.pattern = anyCasePattern(values);
    } else if (key === 'extraOneOf') {
      if (!Array.isArray(node.oneOf) || !Array.isArray(value)) throw new Error('x-tolerant extraOneOf needs a oneOf');
      node.oneOf = [...node.oneOf, ...value];
    } else if (value === null) {
      delete node[key];
    } else {
      node[key] = value;
    }
  }
}

/**
 * One profile of a chat-socket schema: strict drops every `x-tolerant` extension; tolerant
 * applies them. The strict profile is the contract the widget is held to, the tolerant one
 * what a real server accepts.
 */
export function profileOf(schema: JsonObject, profile: Profile): JsonObject {
  const out = rewrite(schema, (node) => {
    const overlay = node['x-tolerant'];
    delete node['x-tolerant'];
    if (profile === 'tolerant' && isObject(overlay)) {
      applyTolerant(node, rewrite(overlay, (n) => n) as JsonObject);
    }
    return node;
  }) as JsonObject;
  if (profile === 'tolerant') {
    out.$id = String(schema.$id).replace(/\.schema\.json$/, '.tolerant.schema.json');
    out.title = `${String(schema.title)} (tolerant profile)`;
  }
  return out;
}

/**
 * Every pattern the tolerant profile puts in place of a case-insensitive `enum` or `const`,
 * with the values it stands for. ajv can only say "must match pattern ..." of them; the
 * checker says "must be one of ... (any case)" instead, from this table.
 */
export function anyCasePatterns(schema: JsonObject): Record<string, string[]> {
  const table: Record<string, string[]> = {};
  rewrite(schema, (node) => {
    const overlay = node['x-tolerant'];
    if (isObject(overlay) && overlay.caseInsensitive === true) {
      const values = caseInsensitiveValues(node);
      table[anyCasePattern(values)] = values;
    }
    return node;
  });
  return table;
}

/**
 * Keywords that only constrain values (conditional requirements) and that the type generator
 * would otherwise turn into unusable intersections. The validators keep them.
 */
export function stripValidationOnlyKeywords(schema: JsonObject): JsonObject {
  return rewrite(schema, (node) => {
    delete node.if;
    delete node.then;
    delete node.else;
    delete node.discriminator;
    const anyOf = node.anyOf;
    if (
      Array.isArray(anyOf) &&
      anyOf.every((branch) => isObject(branch) && Object.keys(branch).join() === 'required')
    ) {
      delete node.anyOf;
    }
    return node;
  }) as JsonObject;
}

const ANNOTATIONS = ['title', 'description', 'examples', 'example', 'x-unit', '$comment'];

/**
 * The schema without annotation keywords. ajv's standalone output embeds the schemas it
 * compiles; without annotations the validators ship about a third of the bytes.
 */
export function stripAnnotations(schema: JsonObject): JsonObject {
  return rewrite(schema, (node) => {
    for (const key of ANNOTATIONS) {
      // A property *named* like an annotation (e.g. properties.description) is data, not an annotation.
      if (typeof node[key] === 'string' || key === 'examples' || key === 'example') delete node[key];
    }
    return node;
  }) as JsonObject;
}
