/**
 * The facts of the AsyncAPI document that other files would otherwise restate: the method of
 * every client and notification message (the `const` of its payload's `body.method`), in the
 * strict contract and in the tolerant profile only (operations marked `x-profile: tolerant`:
 * other clients' requests, notifications the widget does not read), and the values of every
 * string enum in components/schemas. `npm run generate` writes them into
 * generated/chat-socket.ts and the scenario schema, so neither can drift from the document.
 */
type JsonObject = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One body union of the tolerant profile only: the schema of each body, and its method. */
export interface OtherBodies {
  methods: string[];
  /** The components/schemas name of each body, in the order of `methods`. */
  schemas: string[];
}

export interface SocketFacts {
  /** Every client method of the strict contract, in the order of the operation that receives client frames. */
  clientMethods: string[];
  /** Every notification method of the strict contract, in the order of the operation that sends server frames. */
  notificationMethods: string[];
  /** Requests of other clients of the protocol: the tolerant profile accepts them, the strict one does not. */
  otherClient: OtherBodies;
  /** Notifications real servers send that the widget does not read: tolerant profile only. */
  otherNotification: OtherBodies;
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

export type ProfileScope = 'strict' | 'tolerant-only';

/** The scope of an operation: `x-profile: tolerant` marks one of the tolerant profile only. */
const scopeOf = (op: JsonObject): ProfileScope => (op['x-profile'] === 'tolerant' ? 'tolerant-only' : 'strict');

/** type and body.method of each message of the operations with this action and scope. */
function messagesOf(doc: JsonObject, action: 'send' | 'receive', scope: ProfileScope): MessageFacts[] {
  const operations = Object.entries(isObject(doc.operations) ? doc.operations : {}).filter(
    ([, op]) => isObject(op) && op.action === action && scopeOf(op) === scope,
  );
  if (operations.length === 0 && scope === 'strict') {
    throw new Error(`AsyncAPI document: no operation with action: ${action}`);
  }
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

/**
 * The members of a body union (ClientBody, NotificationBody): its `oneOf` in the strict contract,
 * the `x-tolerant` `extraOneOf` for the tolerant profile only. Each member's schema name and the
 * `const` of its body.method.
 */
function unionMembers(doc: JsonObject, union: string, scope: ProfileScope): OtherBodies {
  const schema = resolve(doc, `#/components/schemas/${union}`, union);
  const tolerant = isObject(schema['x-tolerant']) ? schema['x-tolerant'] : {};
  const members = ((scope === 'strict' ? schema.oneOf : tolerant.extraOneOf) ?? []) as unknown[];
  const schemas = members.map(
    (member) =>
      String((member as JsonObject).$ref)
        .split('/')
        .pop() as string,
  );
  const methods = members.map((member) => {
    const body = deref(doc, member, union);
    return String(((body.properties as JsonObject).method as JsonObject).const);
  });
  return { methods, schemas };
}

/** The methods of the messages of one direction and scope, checked against the body union the types come from. */
function methods(doc: JsonObject, action: 'send' | 'receive', type: string, union: string, scope: ProfileScope) {
  const found: string[] = [];
  for (const message of messagesOf(doc, action, scope)) {
    if (message.type !== type) continue;
    if (typeof message.method !== 'string') {
      throw new Error(`AsyncAPI document: message ${message.name} has no body.method const`);
    }
    if (found.includes(message.method)) {
      throw new Error(`AsyncAPI document: two ${type} messages have method ${message.method}`);
    }
    found.push(message.method);
  }
  const members = unionMembers(doc, union, scope);
  const typed = members.methods;
  const list = scope === 'strict' ? `${union}.oneOf` : `${union}.x-tolerant.extraOneOf`;
  const operation = scope === 'strict' ? `${action} operation` : `${action} operation marked x-profile: tolerant`;
  const missing = found.filter((m) => !typed.includes(m));
  const extra = typed.filter((m) => !found.includes(m));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      `AsyncAPI document: the ${type} messages and components/schemas/${list} disagree${
        missing.length > 0 ? `; add the body of ${missing.join(', ')} to ${list}` : ''
      }${extra.length > 0 ? `; ${list} has ${extra.join(', ')}, which no ${type} message of the ${operation} carries` : ''}`,
    );
  }
  // In the order of the messages, each with its body schema.
  return { methods: found, schemas: found.map((m) => members.schemas[typed.indexOf(m)] as string) };
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
    clientMethods: methods(doc, 'receive', 'request', 'ClientBody', 'strict').methods,
    notificationMethods: methods(doc, 'send', 'notification', 'NotificationBody', 'strict').methods,
    otherClient: methods(doc, 'receive', 'request', 'ClientBody', 'tolerant-only'),
    otherNotification: methods(doc, 'send', 'notification', 'NotificationBody', 'tolerant-only'),
    enums,
  };
}

/**
 * A derived list by the name of the generated type it types: ClientMethod, NotificationMethod,
 * AcceptedClientMethod and AcceptedNotificationMethod (the tolerant profile's: the strict ones and
 * the others), or an enum schema.
 */
function factList(facts: SocketFacts, name: string): string[] | undefined {
  if (name === 'ClientMethod') return facts.clientMethods;
  if (name === 'NotificationMethod') return facts.notificationMethods;
  if (name === 'AcceptedClientMethod') return [...facts.clientMethods, ...facts.otherClient.methods];
  if (name === 'AcceptedNotificationMethod') return [...facts.notificationMethods, ...facts.otherNotification.methods];
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
