/**
 * The facts of the AsyncAPI document that other files would otherwise restate: the method of
 * every client and notification message (the `const` of its payload's `body.method`) and the
 * values of every string enum in components/schemas. `npm run generate` writes them into
 * generated/chat-socket.ts and the scenario schema, so neither can drift from the document.
 */
type JsonObject = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface SocketFacts {
  /** Every client method, in the order of the operation that receives client frames. */
  clientMethods: string[];
  /** Every notification method, in the order of the operation that sends server frames. */
  notificationMethods: string[];
  /** components/schemas name -> its string enum (ParticipantType, SenderType...). */
  enums: Record<string, string[]>;
}

/** The node a local `$ref` (`#/components/...`) points at. */
function resolve(doc: JsonObject, ref: unknown, from: string): JsonObject {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) throw new Error(`${from}: expected a local $ref, got ${ref}`);
  let node: unknown = doc;
  for (const token of ref.slice(2).split('/')) {
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
    node = isObject(node) ? node[key] : undefined;
  }
  if (!isObject(node)) throw new Error(`${from}: ${ref} points at nothing`);
  return node;
}

/** A schema, through its `$ref` when it is one. */
const deref = (doc: JsonObject, schema: unknown, from: string): JsonObject =>
  isObject(schema) && typeof schema.$ref === 'string' ? resolve(doc, schema.$ref, from) : (schema as JsonObject);

interface MessageFacts {
  name: string;
  type: unknown;
  method: unknown;
}

/** type and body.method of each message of the operations with this action. */
function messagesOf(doc: JsonObject, action: 'send' | 'receive'): MessageFacts[] {
  const operations = Object.entries(isObject(doc.operations) ? doc.operations : {}).filter(
    ([, op]) => isObject(op) && op.action === action,
  );
  if (operations.length === 0) throw new Error(`AsyncAPI document: no operation with action: ${action}`);
  return operations.flatMap(([id, op]) =>
    ((op as JsonObject).messages as unknown[]).map((ref) => {
      const at = `operations.${id}`;
      const message = deref(doc, resolve(doc, (ref as JsonObject).$ref, at), at);
      const name = String(message.name ?? (ref as JsonObject).$ref);
      const payload = deref(doc, message.payload, `message ${name}`);
      const properties = (payload.properties ?? {}) as JsonObject;
      const body = deref(doc, properties.body, `message ${name}`);
      const method = ((body.properties ?? {}) as JsonObject).method;
      return { name, type: (properties.type as JsonObject | undefined)?.const, method: (method as JsonObject)?.const };
    }),
  );
}

/** The `const` of body.method of each member of a body union (ClientBody, NotificationBody). */
function unionMethods(doc: JsonObject, union: string): string[] {
  const schema = resolve(doc, `#/components/schemas/${union}`, union);
  return ((schema.oneOf ?? []) as unknown[]).map((member) => {
    const body = deref(doc, member, union);
    return String(((body.properties as JsonObject).method as JsonObject).const);
  });
}

/** The methods of the messages of one direction, checked against the body union the types come from. */
function methods(doc: JsonObject, action: 'send' | 'receive', type: string, union: string): string[] {
  const found: string[] = [];
  for (const message of messagesOf(doc, action)) {
    if (message.type !== type) continue;
    if (typeof message.method !== 'string') {
      throw new Error(`AsyncAPI document: message ${message.name} has no body.method const`);
    }
    if (found.includes(message.method)) {
      throw new Error(`AsyncAPI document: two ${type} messages have method ${message.method}`);
    }
    found.push(message.method);
  }
  const typed = unionMethods(doc, union);
  const missing = found.filter((m) => !typed.includes(m));
  const extra = typed.filter((m) => !found.includes(m));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      `AsyncAPI document: the ${type} messages and components/schemas/${union}.oneOf disagree${
        missing.length > 0 ? `; add the body of ${missing.join(', ')} to ${union}.oneOf` : ''
      }${extra.length > 0 ? `; ${union}.oneOf has ${extra.join(', ')}, which no ${type} message of the ${action} operation carries` : ''}`,
    );
  }
  return found;
}

export function socketFacts(doc: Record<string, unknown>): SocketFacts {
  const schemas = resolve(doc, '#/components/schemas', 'AsyncAPI document');
  const enums: Record<string, string[]> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (isObject(schema) && Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) {
      enums[name] = schema.enum as string[];
    }
  }
  return {
    clientMethods: methods(doc, 'receive', 'request', 'ClientBody'),
    notificationMethods: methods(doc, 'send', 'notification', 'NotificationBody'),
    enums,
  };
}

/** A derived list by the name of the generated type it types: ClientMethod, NotificationMethod, or an enum schema. */
function factList(facts: SocketFacts, name: string): string[] | undefined {
  if (name === 'ClientMethod') return facts.clientMethods;
  if (name === 'NotificationMethod') return facts.notificationMethods;
  return Object.hasOwn(facts.enums, name) ? facts.enums[name] : undefined;
}

/**
 * The scenario schema with every `x-asyncapi-enum: <name>` filled in: `enum` becomes that list
 * of the AsyncAPI document, less the values of `x-asyncapi-enum-except` (the scenario format's
 * own narrowing, e.g. an agent never speaks as the customer). A marked node that also states an
 * `enum` or `const` is refused: the list has one source.
 */
export function fillScenarioEnums(schema: unknown, facts: SocketFacts, at = ''): unknown {
  if (Array.isArray(schema)) return schema.map((item, i) => fillScenarioEnums(item, facts, `${at}/${i}`));
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  const marker = schema['x-asyncapi-enum'];
  const except = schema['x-asyncapi-enum-except'];
  if (marker !== undefined && ('enum' in schema || 'const' in schema)) {
    throw new Error(`scenario schema ${at}: x-asyncapi-enum and an enum of its own; drop the enum`);
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'x-asyncapi-enum') {
      const list = factList(facts, String(value));
      if (!list)
        throw new Error(`scenario schema ${at}: x-asyncapi-enum ${value} names no list of the AsyncAPI document`);
      const left = Array.isArray(except) ? except.map(String) : [];
      const stale = left.filter((v) => !list.includes(v));
      if (stale.length > 0) {
        throw new Error(`scenario schema ${at}: x-asyncapi-enum-except ${stale.join(', ')} is not a value of ${value}`);
      }
      out.enum = list.filter((v) => !left.includes(v));
    } else if (key !== 'x-asyncapi-enum-except') {
      out[key] = fillScenarioEnums(value, facts, `${at}/${key}`);
    }
  }
  return out;
}
