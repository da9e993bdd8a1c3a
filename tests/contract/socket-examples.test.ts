import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { checkClientFrame, checkServerFrame } from '../../contract/frame-check.js';
import { CLIENT_METHODS, NOTIFICATION_METHODS } from '../../generated/chat-socket.js';
import { asyncapi, readJson } from '../support/specs.js';

const doc = asyncapi();
const schema = readJson('generated/chat-socket.schema.json');
const ajv = new Ajv({ discriminator: true, strict: false, allErrors: true });
ajv.addSchema(schema);

const clientMessages = new Set(
  doc.operations.receiveClientFrames.messages.map((m: { $ref: string }) => m.$ref.split('/').pop()),
);
const messages = Object.entries(doc.components.messages) as [string, any][];

describe('every example in the AsyncAPI document', () => {
  it('covers every message with at least one named example', () => {
    for (const [name, message] of messages) {
      expect(message.examples?.length, name).toBeGreaterThan(0);
      for (const example of message.examples) expect(example.name, name).toMatch(/^[a-zA-Z]+$/);
    }
  });

  for (const [name, message] of messages) {
    const direction = clientMessages.has(name) ? 'client' : 'server';
    const payloadSchema = String(message.payload.$ref).split('/').pop();
    for (const example of message.examples ?? []) {
      it(`${name} / ${example.name} is a valid ${direction} frame and a valid ${payloadSchema}`, () => {
        const result = direction === 'client' ? checkClientFrame(example.payload) : checkServerFrame(example.payload);
        expect(result).toEqual({ ok: true, frame: example.payload });
        const specific = ajv.getSchema(`chat-socket.schema.json#/$defs/${payloadSchema}`);
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
  it('has acknowledgement and error messages', () => {
    expect(messageNames).toEqual(expect.arrayContaining(['acknowledgement', 'error']));
  });
});
