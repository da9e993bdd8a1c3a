import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { checkClientFrame, checkServerFrame } from '../../contract/frame-check.js';
import { checkFrame } from '../../contract/index.js';
import {
  CLIENT_METHODS,
  NOTIFICATION_METHODS,
  OTHER_CLIENT_METHODS,
  OTHER_NOTIFICATION_METHODS,
} from '../../generated/chat-socket.js';
import { asyncapi, readJson } from '../support/specs.js';

const doc = asyncapi();
const schema = readJson('generated/chat-socket.schema.json');
const tolerantSchema = readJson('generated/chat-socket.tolerant.schema.json');
const ajv = new Ajv({ discriminator: true, strict: false, allErrors: true });
ajv.addSchema(schema);
ajv.addSchema(tolerantSchema);

type Operation = { action: string; 'x-profile'?: string; messages: { $ref: string }[] };
const operations = Object.values(doc.operations) as Operation[];
const namesOf = (ops: Operation[]) => ops.flatMap((op) => op.messages.map((m) => m.$ref.split('/').pop() as string));
const clientMessages = new Set(namesOf(operations.filter((op) => op.action === 'receive')));
/** Messages of the tolerant profile only: the operations marked x-profile: tolerant. */
const tolerantOnly = new Set(namesOf(operations.filter((op) => op['x-profile'] === 'tolerant')));
const messages = Object.entries(doc.components.messages) as [string, any][];

describe('every example in the AsyncAPI document', () => {
  it('covers every message with at least one named example', () => {
    for (const [name, message] of messages) {
      expect(message.examples?.length, name).toBeGreaterThan(0);
      for (const example of message.examples) expect(example.name, name).toMatch(/^[a-zA-Z]+$/);
    }
  });

  it('names in x-tolerant-examples only examples the message has', () => {
    for (const [name, message] of messages) {
      const names = (message.examples ?? []).map((e: { name: string }) => e.name);
      for (const listed of message['x-tolerant-examples'] ?? []) expect(names, name).toContain(listed);
    }
  });

  for (const [name, message] of messages) {
    const direction = clientMessages.has(name) ? 'client' : 'server';
    const payloadSchema = String(message.payload.$ref).split('/').pop();
    for (const example of message.examples ?? []) {
      const tolerant = tolerantOnly.has(name) || (message['x-tolerant-examples'] ?? []).includes(example.name);
      if (!tolerant) {
        it(`${name} / ${example.name} is a valid ${direction} frame and a valid ${payloadSchema}`, () => {
          const result = direction === 'client' ? checkClientFrame(example.payload) : checkServerFrame(example.payload);
          expect(result).toEqual({ ok: true, frame: example.payload });
          const specific = ajv.getSchema(`chat-socket.schema.json#/$defs/${payloadSchema}`);
          expect(specific?.(example.payload), JSON.stringify(specific?.errors)).toBe(true);
        });
        continue;
      }
      it(`${name} / ${example.name} passes the tolerant profile with deviations and fails the strict one`, () => {
        const result = checkFrame(direction, example.payload);
        expect(result.violations).toEqual([]);
        expect(result.ok).toBe(true);
        expect(result.deviations.length).toBeGreaterThan(0);
        expect(checkFrame(direction, example.payload, { profile: 'strict' }).ok).toBe(false);
        const specific = ajv.getSchema(`chat-socket.tolerant.schema.json#/$defs/${payloadSchema}`);
        expect(specific?.(example.payload), JSON.stringify(specific?.errors)).toBe(true);
      });
    }
  }
});

describe('every method of the product spec is in the contract', () => {
  const messageNames = messages.map(([name]) => name);
  it.each(CLIENT_METHODS)('client method %s has a request message', (method) => {
    expect(messageNames).toContain(`${method}Request`);
  });
  it.each(NOTIFICATION_METHODS)('notification method %s has a notification message', (method) => {
    expect(messageNames).toContain(`${method}Notification`);
  });
  it.each(OTHER_CLIENT_METHODS)(
    'other clients’ method %s has a request message of the tolerant profile only',
    (method) => {
      expect(tolerantOnly).toContain(`${method}Request`);
    },
  );
  it.each(OTHER_NOTIFICATION_METHODS)(
    'notification %s the widget does not read is of the tolerant profile only',
    (method) => {
      expect(tolerantOnly).toContain(`${method}Notification`);
    },
  );
  it('has acknowledgement and error messages', () => {
    expect(messageNames).toEqual(expect.arrayContaining(['acknowledgement', 'error']));
  });
});
