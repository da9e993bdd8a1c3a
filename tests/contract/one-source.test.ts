/**
 * Every list the AsyncAPI document states once: the client and notification methods, and the
 * enums of components/schemas. The generated constants, the scenario schema editors and
 * mock-chat use, and the scenario validator must all say exactly what the document says; the
 * document is read here with the AsyncAPI parser, not with the generator's own code.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Parser } from '@asyncapi/parser';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCEPTED_CLIENT_METHODS,
  ACCEPTED_NOTIFICATION_METHODS,
  CLIENT_METHODS,
  LEAVE_REASON_VALUES,
  MESSAGE_TYPE_VALUES,
  NOTIFICATION_METHODS,
  OTHER_CLIENT_METHODS,
  OTHER_NOTIFICATION_METHODS,
  PARTICIPANT_TYPE_VALUES,
  SENDER_TYPE_VALUES,
} from '../../generated/chat-socket.js';
import { checkScenarioSchema } from '../../mock-server/scenario/schema.js';
import { fillScenarioEnums, socketFacts } from '../../scripts/generate/socket-facts.js';
import { readJson, readSpec, repoRoot } from '../support/specs.js';

interface Facts {
  clientMethods: string[];
  notificationMethods: string[];
  /** The methods of components/schemas ClientBody.oneOf and NotificationBody.oneOf: the frame types' unions. */
  clientBodyMethods: string[];
  notificationBodyMethods: string[];
  /** Of the operations marked x-profile: tolerant. */
  otherClientMethods: string[];
  otherNotificationMethods: string[];
  enums: Record<string, string[]>;
}

let facts: Facts;

beforeAll(async () => {
  const text = readFileSync(path.join(repoRoot, 'specs/chat-socket.asyncapi.yaml'), 'utf8');
  const { document } = await new Parser().parse(text);
  if (!document) throw new Error('the AsyncAPI document does not parse');
  const methodsOf = (action: 'send' | 'receive', type: string, tolerantOnly = false) =>
    document
      .operations()
      .all()
      .filter((op) => op.action() === action)
      .filter((op) => (op.extensions().get('x-profile')?.value() === 'tolerant') === tolerantOnly)
      .flatMap((op) => op.messages().all())
      .map((m) => m.payload()?.properties())
      .filter((p) => p?.type?.const() === type)
      .map((p) => String(p?.body?.properties()?.method?.const()));
  const unionMethods = (name: string) =>
    (document.components().schemas().get(name)?.oneOf() ?? []).map((body) =>
      String(body.properties()?.method?.const()),
    );
  const enums: Record<string, string[]> = {};
  for (const schema of document.components().schemas().all()) {
    const values = schema.enum();
    if (values?.every((v) => typeof v === 'string')) enums[schema.id()] = values as string[];
  }
  facts = {
    clientMethods: methodsOf('receive', 'request'),
    notificationMethods: methodsOf('send', 'notification'),
    clientBodyMethods: unionMethods('ClientBody'),
    notificationBodyMethods: unionMethods('NotificationBody'),
    otherClientMethods: methodsOf('receive', 'request', true),
    otherNotificationMethods: methodsOf('send', 'notification', true),
    enums,
  };
});

const scenario = (conversation: unknown[], extra: Record<string, unknown> = {}) => ({
  name: 'one-source',
  story: 'Every method of the contract as a step.',
  agents: { sam: { id: 'agent-7', name: 'Sam' } },
  ...extra,
  conversation,
});

/** Every `enum` of a schema, with where it is. */
function enumsIn(node: unknown, at = ''): { at: string; values: unknown[] }[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => enumsIn(item, `${at}/${i}`));
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'enum' && Array.isArray(value) ? [{ at, values: value }] : enumsIn(value, `${at}/${key}`),
  );
}

describe('the AsyncAPI document is the one source of the method lists and enums', () => {
  it('CLIENT_METHODS and NOTIFICATION_METHODS are the methods of its client and notification messages, in order', () => {
    expect(facts.clientMethods.length).toBeGreaterThan(0);
    expect([...CLIENT_METHODS]).toEqual(facts.clientMethods);
    expect([...NOTIFICATION_METHODS]).toEqual(facts.notificationMethods);
    // And they are the methods of the body unions the frame types are generated from, each once
    // (ClientMethod is ClientBody['method']), so a switch over the list covers every frame.
    expect(facts.clientBodyMethods.length).toBeGreaterThan(0);
    expect([...CLIENT_METHODS].sort()).toEqual([...facts.clientBodyMethods].sort());
    expect([...NOTIFICATION_METHODS].sort()).toEqual([...facts.notificationBodyMethods].sort());
  });

  it('the tolerant profile’s other methods are the messages of the operations marked x-profile: tolerant', () => {
    expect(facts.otherClientMethods).toEqual(['coBrowseStatus', 'queueStatus', 'newPushPageMessage']);
    expect([...OTHER_CLIENT_METHODS]).toEqual(facts.otherClientMethods);
    expect([...OTHER_NOTIFICATION_METHODS]).toEqual(facts.otherNotificationMethods);
    expect([...ACCEPTED_CLIENT_METHODS]).toEqual([...facts.clientMethods, ...facts.otherClientMethods]);
    expect([...ACCEPTED_NOTIFICATION_METHODS]).toEqual([
      ...facts.notificationMethods,
      ...facts.otherNotificationMethods,
    ]);
  });

  it('the generated enum constants are its components/schemas enums', () => {
    expect({
      ParticipantType: [...PARTICIPANT_TYPE_VALUES],
      SenderType: [...SENDER_TYPE_VALUES],
      LeaveReason: [...LEAVE_REASON_VALUES],
      MessageType: [...MESSAGE_TYPE_VALUES],
    }).toEqual(facts.enums);
  });

  it('a scenario step expects, acknowledges and answers every client method a server accepts, and sends every notification', () => {
    const clientMethods = [...facts.clientMethods, ...facts.otherClientMethods];
    const steps = [
      ...clientMethods.map((method) => ({ expect: method })),
      ...clientMethods.map((method) => ({ rule: { on: method, until: { frame: method }, steps: [] } })),
      ...[...facts.notificationMethods, ...facts.otherNotificationMethods].map((method) => ({
        send: method,
        unchecked: true,
      })),
    ];
    expect(checkScenarioSchema(scenario(steps, { session: { acknowledge: clientMethods } }))).toEqual([]);
  });

  it('a method the contract does not have is refused in QA words that list the contract’s methods', () => {
    const clientMethods = [...facts.clientMethods, ...facts.otherClientMethods].join(', ');
    const problems = checkScenarioSchema(
      // coBrowseStatus is a request of other clients, never a notification.
      scenario([{ expect: 'newMesage' }, { send: 'coBrowseStatus' }, { rule: { on: 'hangUp', steps: [] } }], {
        session: { acknowledge: ['routeCancel'] },
      }),
    );
    expect(problems).toEqual([
      {
        pointer: '/session/acknowledge/0',
        problem: `\`routeCancel\` must be one of ${clientMethods}`,
      },
      {
        pointer: '/conversation/0/expect',
        problem: `\`expect: newMesage\` must be one of ${clientMethods} (did you mean \`newMessage\`?)`,
      },
      {
        pointer: '/conversation/1/send',
        problem: `\`send: coBrowseStatus\` must be one of ${[...facts.notificationMethods, ...facts.otherNotificationMethods].join(', ')}`,
      },
      {
        pointer: '/conversation/2/rule/on',
        problem: `\`on: hangUp\` must be one of ${clientMethods}`,
      },
    ]);
  });

  it('agents take the contract’s roles and sender types (never the customer’s); leave steps its leave reasons', () => {
    const definitions = readJson('generated/scenario.schema.json').definitions;
    expect(definitions.role.enum).toEqual(facts.enums.ParticipantType);
    expect(definitions.leaveReason.enum).toEqual(facts.enums.LeaveReason);
    expect(definitions.agent.properties.senderType.enum).toEqual(
      facts.enums.SenderType?.filter((v) => v !== 'customer'),
    );
    const agents = Object.fromEntries(
      (facts.enums.ParticipantType ?? []).map((role, i) => [
        `a${i}`,
        { id: `a${i}`, name: role, role, senderType: 'bot' },
      ]),
    );
    const leaves = (facts.enums.LeaveReason ?? []).map((reason) => ({ leave: { agent: 'a0', reason } }));
    expect(checkScenarioSchema(scenario(leaves, { agents }))).toEqual([]);
    const customer = checkScenarioSchema(
      scenario([], { agents: { c: { id: 'c', name: 'C', senderType: 'customer' } } }),
    );
    expect(customer).toEqual([
      {
        pointer: '/agents/c/senderType',
        problem: `\`senderType: customer\` must be one of ${facts.enums.SenderType?.filter((v) => v !== 'customer').join(', ')}`,
      },
    ]);
  });

  it('specs/scenario.schema.json restates none of its lists (they are filled in by npm run generate)', () => {
    const lists = [
      facts.clientMethods,
      facts.notificationMethods,
      facts.otherClientMethods,
      facts.otherNotificationMethods,
      ...Object.values(facts.enums),
    ];
    const restated = enumsIn(readJson('specs/scenario.schema.json')).filter(
      ({ values }) => values.length >= 2 && lists.some((list) => values.every((v) => list.includes(String(v)))),
    );
    expect(restated).toEqual([]);
  });

  it('the session options the scenario format chose among notifications are notifications (pingAnswer)', () => {
    const pingAnswer = readJson('generated/scenario.schema.json').definitions.session.properties.pingAnswer.enum;
    // pongAsRequest is the message of that name: the documented pong, typed request.
    const answers = pingAnswer.filter((v: string) => v !== 'none' && v !== 'pongAsRequest');
    expect(facts.notificationMethods).toEqual(expect.arrayContaining(answers));
    expect(pingAnswer).toContain('pongAsRequest');
    expect(Object.keys(readSpec('specs/chat-socket.asyncapi.yaml').components.messages)).toContain('pongAsRequest');
  });
});

describe('npm run generate keeps the document consistent with itself', () => {
  it('refuses a message whose body is missing from the body union the frame types come from, naming it', () => {
    const doc = readSpec('specs/chat-socket.asyncapi.yaml');
    doc.components.schemas.NotificationBody.oneOf.pop();
    expect(() => socketFacts(doc)).toThrow(
      'the notification messages and components/schemas/NotificationBody.oneOf disagree; add the body of newPushPageMessage to NotificationBody.oneOf',
    );
  });

  it('refuses a request of the tolerant profile only missing from the union’s extraOneOf, naming it', () => {
    const doc = readSpec('specs/chat-socket.asyncapi.yaml');
    doc.components.schemas.ClientBody['x-tolerant'].extraOneOf.shift();
    expect(() => socketFacts(doc)).toThrow(
      'the request messages and components/schemas/ClientBody.x-tolerant.extraOneOf disagree; add the body of coBrowseStatus to ClientBody.x-tolerant.extraOneOf',
    );
  });

  it('refuses a scenario schema that names no list of the document, or restates one beside the marker', () => {
    const known = socketFacts(readSpec('specs/chat-socket.asyncapi.yaml'));
    expect(() => fillScenarioEnums({ a: { 'x-asyncapi-enum': 'ClientMethods' } }, known)).toThrow(
      'x-asyncapi-enum ClientMethods names no list of the AsyncAPI document',
    );
    expect(() => fillScenarioEnums({ a: { 'x-asyncapi-enum': 'ClientMethod', enum: ['ping'] } }, known)).toThrow(
      'drop the enum',
    );
    expect(() =>
      fillScenarioEnums({ a: { 'x-asyncapi-enum': 'SenderType', 'x-asyncapi-enum-except': ['agent'] } }, known),
    ).toThrow('x-asyncapi-enum-except agent is not a value of SenderType');
  });
});
