/**
 * npm run generate: specs/ -> generated/.
 *
 * Deterministic (no timestamps, stable key order), so CI can regenerate into a temp folder
 * and compare. `--out DIR` writes elsewhere (the drift check uses it).
 *
 *   chat-socket.asyncapi.yaml -> generated/chat-socket.schema.json   (payload schemas as one JSON Schema)
 *                             -> generated/chat-socket.ts            (wire-exact frame types)
 *                             -> generated/chat-socket.validators.js (+ .d.ts; ajv standalone, no eval)
 *   widget-http.openapi.yaml  -> generated/widget-http.ts            (openapi-typescript paths)
 *                             -> generated/widget-http.validators.js (+ .d.ts; request/response bodies)
 *   scenario.schema.json      -> generated/scenario.schema.json      (method lists and enums filled in
 *                                                                     from the AsyncAPI document)
 *                             -> generated/scenario.validators.js    (+ .d.ts; ajv standalone)
 *   agent-console.schema.json -> generated/agent-console.schema.json (enums filled in likewise)
 *                             -> generated/agent-console.ts          (the console's action types)
 *                             -> generated/agent-console.validators.js (+ .d.ts; ajv standalone)
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compile } from 'json-schema-to-typescript';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse as parseYaml } from 'yaml';
import {
  anyCasePatterns,
  asyncapiSchemasToJsonSchema,
  openapiSchemasToJsonSchema,
  profileOf,
  stripValidationOnlyKeywords,
} from './generate/json-schema.js';
import { fillScenarioEnums, type SocketFacts, socketFacts } from './generate/socket-facts.js';
import { standaloneValidators } from './generate/validators.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { out: { type: 'string', default: path.join(root, 'generated') } } });
const outDir = path.resolve(values.out ?? 'generated');

const ASYNCAPI = 'specs/chat-socket.asyncapi.yaml';
const OPENAPI = 'specs/widget-http.openapi.yaml';
const SCENARIO_SCHEMA = 'specs/scenario.schema.json';
const CONSOLE_SCHEMA = 'specs/agent-console.schema.json';

function generatedNote(spec: string): string {
  return `Generated from ${spec} by \`npm run generate\` (scripts/generate.ts). Do not edit.`;
}

function header(spec: string): string {
  return `// ${generatedNote(spec)}\n`;
}

async function readYaml(relative: string): Promise<Record<string, unknown>> {
  return parseYaml(await readFile(path.join(root, relative), 'utf8')) as Record<string, unknown>;
}

/** JSON has no comments: the header is the schema's own $comment. */
function jsonWithHeader(spec: string, schema: Record<string, unknown>): string {
  return `${JSON.stringify({ $comment: generatedNote(spec), ...schema }, null, 2)}\n`;
}

async function emit(name: string, text: string): Promise<void> {
  await writeFile(path.join(outDir, name), text);
}

async function generateChatSocket(doc: Record<string, unknown>, facts: SocketFacts): Promise<void> {
  const both = asyncapiSchemasToJsonSchema(doc);
  const schema = profileOf(both, 'strict');
  const tolerant = profileOf(both, 'tolerant');
  await emit('chat-socket.schema.json', jsonWithHeader(ASYNCAPI, schema));
  await emit('chat-socket.tolerant.schema.json', jsonWithHeader(ASYNCAPI, tolerant));

  const types = await compile(stripValidationOnlyKeywords(schema) as never, 'ChatSocketFrame', {
    additionalProperties: false,
    unreachableDefinitions: true,
    bannerComment: '',
    format: true,
    strictIndexSignatures: true,
    ignoreMinAndMaxItems: true,
  });
  await emit(
    'chat-socket.ts',
    `${header(ASYNCAPI)}/* Frame types: narrow with switch (frame.type) and switch (frame.body.method). */\n\n${types}${await otherBodyTypes(schema, facts)}${methodHelpers(facts)}`,
  );

  const validators = standaloneValidators(schema, 'draft-07', {
    validateClientFrame: '#/$defs/ClientFrame',
    validateServerFrame: '#/$defs/ServerFrame',
  });
  await emit('chat-socket.validators.js', `${header(ASYNCAPI)}${validators}`);
  await emit(
    'chat-socket.validators.d.ts',
    `${header(ASYNCAPI)}import type { ClientFrame, ServerFrame } from './chat-socket.js';
import type { GeneratedValidator } from './validator.js';

/** Validates a frame the widget sends (closed: extra properties are violations). */
export declare const validateClientFrame: GeneratedValidator<ClientFrame>;
/** Validates a frame the chat service sends (open: extra properties are accepted). */
export declare const validateServerFrame: GeneratedValidator<ServerFrame>;
`,
  );

  // Node-side tooling (mock-chat serve, check, proxy, the contract library) reports every
  // problem of a frame and knows both profiles; the widget keeps the small first-error strict set.
  const tooling = standaloneValidators(
    { ...schema, $defs: { ...(schema.$defs as object), ...prefixedDefs(tolerant) } },
    'draft-07',
    {
      validateClientFrame: '#/$defs/ClientFrame',
      validateServerFrame: '#/$defs/ServerFrame',
      validateClientFrameTolerant: '#/$defs/Tolerant.ClientFrame',
      validateServerFrameTolerant: '#/$defs/Tolerant.ServerFrame',
    },
    { allErrors: true },
  );
  const anyCase = `
/** The tolerant profile's patterns for enum values in any case, with the values they stand for. */
export const ANY_CASE_VALUES = ${JSON.stringify(anyCasePatterns(both), null, 2)};
`;
  await emit('chat-socket.tooling.validators.js', `${header(ASYNCAPI)}${tooling}${anyCase}`);
  await emit(
    'chat-socket.tooling.validators.d.ts',
    `${header(ASYNCAPI)}import type { ClientFrame, ServerFrame } from './chat-socket.js';
import type { GeneratedValidator } from './validator.js';

/** The strict contract, every error reported (Node-side tooling). */
export declare const validateClientFrame: GeneratedValidator<ClientFrame>;
export declare const validateServerFrame: GeneratedValidator<ServerFrame>;
/**
 * The tolerant profile (x-tolerant in the AsyncAPI document): what a real server accepts, every
 * error reported. A frame passing it may lack fields or carry values the strict types do not have.
 */
export declare const validateClientFrameTolerant: GeneratedValidator<unknown>;
export declare const validateServerFrameTolerant: GeneratedValidator<unknown>;
/**
 * The tolerant profile compares some enums without regard to case, as a \`pattern\`; this maps
 * each such pattern to the values it stands for, so a violation can name them.
 */
export declare const ANY_CASE_VALUES: Readonly<Record<string, readonly string[]>>;
`,
  );
}

/**
 * The bodies of the tolerant profile only (other clients' requests, notifications the widget does
 * not read): no frame of the strict contract reaches them, so the compile above leaves them out.
 */
async function otherBodyTypes(schema: Record<string, unknown>, facts: SocketFacts): Promise<string> {
  const defs = schema.$defs as Record<string, Record<string, unknown>>;
  const names = [...facts.otherClient.schemas, ...facts.otherNotification.schemas];
  const declarations = await Promise.all(
    names.map((name) =>
      compile(stripValidationOnlyKeywords({ ...defs[name], $defs: defs } as never) as never, name, {
        additionalProperties: false,
        bannerComment: '',
        declareExternallyReferenced: false,
        format: true,
        strictIndexSignatures: true,
      }),
    ),
  );
  return `\n/* The tolerant profile's other requests and notifications (x-profile: tolerant). */\n\n${declarations.join('\n')}`;
}

/** The tolerant profile's $defs under `Tolerant.` names, so both profiles share one ajv instance. */
function prefixedDefs(tolerant: Record<string, unknown>): Record<string, unknown> {
  const text = JSON.stringify(tolerant.$defs).replaceAll('"#/$defs/', '"#/$defs/Tolerant.');
  return Object.fromEntries(
    Object.entries(JSON.parse(text) as Record<string, unknown>).map(([name, def]) => [`Tolerant.${name}`, def]),
  );
}

const list = (values: readonly string[]) => `[\n${values.map((v) => `  ${JSON.stringify(v)},\n`).join('')}]`;

/** ParticipantType -> PARTICIPANT_TYPE_VALUES. */
const valuesName = (type: string) => `${type.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_VALUES`;

/**
 * Helper types that name one frame by its method, and the method lists and enum values as
 * constants, all read from the AsyncAPI document (see generate/socket-facts.ts), so callers never
 * hand-write frame shapes or lists.
 */
function methodHelpers(facts: SocketFacts): string {
  const enums = Object.entries(facts.enums)
    .map(
      ([type, values]) => `/** Every ${type} value, in the order of the spec. */
export const ${valuesName(type)} = ${list(values)} as const satisfies readonly ${type}[];
`,
    )
    .join('');
  return `
/** A client frame's body.method. */
export type ClientMethod = ClientBody['method'];
/** A notification's body.method. */
export type NotificationMethod = NotificationBody['method'];
/** The client frame whose body has the given method. */
export type ClientFrameOf<M extends ClientMethod> = Omit<ClientFrame, 'body'> & {
  body: Extract<ClientBody, { method: M }>;
};
/** The notification frame whose body has the given method. */
export type NotificationFrameOf<M extends NotificationMethod> = Omit<NotificationFrame, 'body'> & {
  body: Extract<NotificationBody, { method: M }>;
};
/** Every client method, in the order of the spec. */
export const CLIENT_METHODS = ${list(facts.clientMethods)} as const satisfies readonly ClientMethod[];
/** Every notification method, in the order of the spec. */
export const NOTIFICATION_METHODS = ${list(facts.notificationMethods)} as const satisfies readonly NotificationMethod[];
/** Whether a value (from the wire, a capture, a scenario) is a client method of the contract. */
export function isClientMethod(value: unknown): value is ClientMethod {
  return (CLIENT_METHODS as readonly unknown[]).includes(value);
}
${otherBodies(facts)}${enums}`;
}

const union = (names: readonly string[]) => (names.length === 0 ? 'never' : names.join(' | '));

/**
 * The tolerant profile's other requests and notifications (operations marked x-profile:
 * tolerant): what a server accepts beyond the widget's own frames, and what real servers send
 * beyond what the widget reads. The mock answers and sends them; the widget never does.
 */
function otherBodies(facts: SocketFacts): string {
  const { otherClient, otherNotification } = facts;
  return `
/** A request other clients of the protocol send and the widget never does (tolerant profile only). */
export type OtherClientBody = ${union(otherClient.schemas)};
/** Any request body a server accepts in the tolerant profile: the widget's and other clients'. */
export type AcceptedClientBody = ClientBody | OtherClientBody;
export type AcceptedClientMethod = AcceptedClientBody['method'];
/** A client frame a server accepts in the tolerant profile, by its body. */
export type AcceptedClientFrame = Omit<ClientFrame, 'body' | 'apiVersion'> & {
  apiVersion: ClientFrame['apiVersion'] | 1;
  body: AcceptedClientBody;
};
/** Methods of requests only other clients send, in the order of the spec. */
export const OTHER_CLIENT_METHODS = ${list(otherClient.methods)} as const satisfies readonly OtherClientBody['method'][];
/** Every method a server accepts from a client in the tolerant profile. */
export const ACCEPTED_CLIENT_METHODS = [...CLIENT_METHODS, ...OTHER_CLIENT_METHODS] as const;
/** Whether a value is the method of a request a server accepts (the widget's or another client's). */
export function isAcceptedClientMethod(value: unknown): value is AcceptedClientMethod {
  return (ACCEPTED_CLIENT_METHODS as readonly unknown[]).includes(value);
}
/** A notification real servers send that the widget does not read (tolerant profile only). */
export type OtherNotificationBody = ${union(otherNotification.schemas)};
/** Any notification body a real server may send: the widget's and the others. */
export type AcceptedNotificationBody = NotificationBody | OtherNotificationBody;
export type AcceptedNotificationMethod = AcceptedNotificationBody['method'];
/** Methods of notifications the widget does not read, in the order of the spec. */
export const OTHER_NOTIFICATION_METHODS = ${list(otherNotification.methods)} as const satisfies readonly OtherNotificationBody['method'][];
/** Every notification method a real server may send. */
export const ACCEPTED_NOTIFICATION_METHODS = [...NOTIFICATION_METHODS, ...OTHER_NOTIFICATION_METHODS] as const;
`;
}

async function generateWidgetHttp(): Promise<void> {
  const doc = await readYaml(OPENAPI);
  const ast = await openapiTS(doc as never, { alphabetize: false });
  await emit('widget-http.ts', `${header(OPENAPI)}\n${astToString(ast)}`);

  const schema = openapiSchemasToJsonSchema(doc);
  await emit('widget-http.schema.json', jsonWithHeader(OPENAPI, schema));
  const validators = standaloneValidators(schema, '2020-12', {
    validateAvailabilityRequest: '#/$defs/AvailabilityRequest',
    validateAvailabilityResponse: '#/$defs/AvailabilityResponse',
    validateCountryData: '#/$defs/CountryData',
    validateCallbackRequest: '#/$defs/CallbackRequest',
    validateLeadRequest: '#/$defs/LeadRequest',
  });
  await emit('widget-http.validators.js', `${header(OPENAPI)}${validators}`);
  await emit(
    'widget-http.validators.d.ts',
    `${header(OPENAPI)}import type { components } from './widget-http.js';
import type { GeneratedValidator } from './validator.js';

type Schemas = components['schemas'];
export declare const validateAvailabilityRequest: GeneratedValidator<Schemas['AvailabilityRequest']>;
export declare const validateAvailabilityResponse: GeneratedValidator<Schemas['AvailabilityResponse']>;
export declare const validateCountryData: GeneratedValidator<Schemas['CountryData']>;
export declare const validateCallbackRequest: GeneratedValidator<Schemas['CallbackRequest']>;
export declare const validateLeadRequest: GeneratedValidator<Schemas['LeadRequest']>;
`,
  );
}

/**
 * The scenario file schema, with the lists it shares with the AsyncAPI document (the methods a
 * step expects or sends, participant roles, sender types, leave reasons) filled in from it:
 * generated/scenario.schema.json, for editors and the package. And the same schema as a
 * standalone validator: mock-chat validates every scenario it loads, and compiling the schema
 * at start-up took about 150 ms of the CLI's start. Every error, with the failing schema, so
 * mock-server/scenario/explain.ts can say it in a QA engineer's words.
 */
async function generateScenarioSchema(facts: SocketFacts): Promise<void> {
  const { rest, specs } = await filledFromAsyncApi(SCENARIO_SCHEMA, facts);
  await emit('scenario.schema.json', jsonWithHeader(specs, rest));
  await emitVerboseValidator(
    'scenario',
    specs,
    rest,
    'validateScenario',
    `import type { GeneratedValidator } from './validator.js';

/** Validates a scenario file's data (every error, verbose: each carries parentSchema). */
export declare const validateScenario: GeneratedValidator<unknown>;
`,
  );
}

/**
 * A schema of specs/ with its method lists, roles, sender types and leave reasons filled in from
 * the AsyncAPI document (its `$comment` on how, dropped), and the specs it comes from, for headers.
 */
async function filledFromAsyncApi(
  file: string,
  facts: SocketFacts,
): Promise<{ rest: Record<string, unknown>; specs: string }> {
  const source = JSON.parse(await readFile(path.join(root, file), 'utf8')) as Record<string, unknown>;
  const { $comment: _howFilled, ...rest } = fillScenarioEnums(source, facts) as Record<string, unknown>;
  return { rest, specs: `${file} and ${ASYNCAPI}` };
}

/**
 * generated/BASE.validators.js and its declaration: every error, verbose (each carries
 * parentSchema), so mock-server/scenario/explain.ts can say it in a QA engineer's words.
 */
async function emitVerboseValidator(
  base: string,
  specs: string,
  schema: Record<string, unknown>,
  name: string,
  declaration: string,
): Promise<void> {
  const code = standaloneValidators(
    schema,
    'draft-07',
    { [name]: '' },
    { allErrors: true, verbose: true, strict: false },
  );
  await emit(`${base}.validators.js`, `${header(specs)}${code}`);
  await emit(`${base}.validators.d.ts`, `${header(specs)}${declaration}`);
}

/**
 * The agent console's actions (the body of POST /__mock/sessions/GUID/action), with the roles,
 * sender types and leave reasons filled in from the AsyncAPI document: the schema, its types,
 * and the validator mock-chat checks every action with (every error, verbose, for
 * mock-server/scenario/explain.ts).
 */
async function generateConsoleSchema(facts: SocketFacts): Promise<void> {
  const { rest, specs } = await filledFromAsyncApi(CONSOLE_SCHEMA, facts);
  await emit('agent-console.schema.json', jsonWithHeader(specs, rest));
  const types = await compile(stripValidationOnlyKeywords(rest as never) as never, 'ConsoleAction', {
    additionalProperties: false,
    bannerComment: '',
    format: true,
    strictIndexSignatures: true,
  });
  await emit('agent-console.ts', `${header(specs)}\n${types}`);
  await emitVerboseValidator(
    'agent-console',
    specs,
    rest,
    'validateConsoleAction',
    `import type { ConsoleAction } from './agent-console.js';
import type { GeneratedValidator } from './validator.js';

/** Validates the body of an agent console action (every error, verbose: each carries parentSchema). */
export declare const validateConsoleAction: GeneratedValidator<ConsoleAction>;
`,
  );
}

async function generateValidatorType(): Promise<void> {
  await emit(
    'validator.ts',
    `${header(`${ASYNCAPI} and ${OPENAPI}`)}
/** One ajv error, as the standalone validators report it. */
export interface GeneratedValidationError {
  /** JSON pointer of the offending value, e.g. /body/guid ("" for the whole frame). */
  instancePath: string;
  /** The schema keyword that failed (required, type, const, additionalProperties...). */
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A generated validator: a type guard that leaves its errors on itself. */
export interface GeneratedValidator<T> {
  (data: unknown): data is T;
  errors?: GeneratedValidationError[] | null;
}
`,
  );
}

await mkdir(outDir, { recursive: true });
await generateValidatorType();
const asyncapiDoc = await readYaml(ASYNCAPI);
const facts = socketFacts(asyncapiDoc);
await generateChatSocket(asyncapiDoc, facts);
await generateWidgetHttp();
await generateScenarioSchema(facts);
await generateConsoleSchema(facts);
console.log(`generated/ written to ${path.relative(process.cwd(), outDir) || '.'}`);
