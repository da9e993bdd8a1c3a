/**
 * 10,000 random and malformed frames (fast-check, fixed seed) against one server in strict
 * mode. After every frame a ping marks the end of its answers, so each answer is checked:
 * a frame that breaks the contract gets exactly the error frame code 1 the contract
 * predicts; the server stays up and its heap stays bounded.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkClientFrame, formatViolations } from '../../../contract/frame-check.js';
import { checkInProfile } from '../../../contract/profile-check.js';
import type { ServerFrame } from '../../../generated/chat-socket.js';
import { frames, start, TestClient } from './client.js';

const FRAMES = 10_000;
/** Heap growth allowed over the whole run, after a full GC at both ends. */
const HEAP_BOUND_MB = 40;

v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc') as () => void;

const templates = [
  frames.requestChat(),
  frames.renewChat(123456, 'not-a-key', false),
  frames.newMessage('hello'),
  frames.isTyping(),
  frames.ping(),
  frames.closeConversation(),
];

type Op = 'keep' | 'delete' | 'set' | 'extra' | 'retype';

function mutate(template: object, op: Op, pick: number, value: unknown): unknown {
  const frame = structuredClone(template) as Record<string, any>;
  const targets: Record<string, any>[] = [frame, frame.body];
  const target = targets[pick % 2] as Record<string, any>;
  const keys = Object.keys(target);
  const key = keys[pick % keys.length] as string;
  switch (op) {
    case 'delete':
      delete target[key];
      break;
    case 'set':
      target[key] = value;
      break;
    case 'extra':
      target[`x${pick}`] = value;
      break;
    case 'retype':
      return [frame];
    default:
  }
  return frame;
}

const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 3, arbitrary: fc.json({ maxDepth: 3 }) },
  {
    weight: 10,
    arbitrary: fc
      .record({
        template: fc.constantFrom(...templates),
        op: fc.constantFrom<Op>('keep', 'delete', 'set', 'extra', 'retype', 'set', 'extra'),
        pick: fc.nat(50),
        value: fc.jsonValue({ maxDepth: 2 }),
      })
      .map(({ template, op, pick, value }) => JSON.stringify(mutate(template, op, pick, value))),
  },
);

describe('given 10,000 random and malformed frames', () => {
  it('answers each per the rules, stays up, and keeps its heap bounded', async () => {
    const inputs = fc.sample(text, { numRuns: FRAMES, seed: 20261121 });
    // A few frames over the 64 KiB limit, which must close with 1009.
    for (const at of [1000, 5000, 9000]) inputs[at] = JSON.stringify(frames.newMessage('z'.repeat(70 * 1024)));

    const server = await start('happy-path', { speed: 1000, sessionTtlMs: 200 });
    let client = await TestClient.connect(server.socketUrl);
    const stats = { invalid: 0, valid: 0, reconnects: 0, oversized: 0 };
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    try {
      for (const [index, input] of inputs.entries()) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(input);
        } catch {
          parsed = undefined;
        }
        const check = parsed === undefined ? undefined : checkClientFrame(parsed);
        const oversized = Buffer.byteLength(input) > 64 * 1024;
        const closes = oversized || (check?.ok === true && check.frame.body.method === 'closeConversation');
        const from = client.received.length;
        client.send(input);
        if (closes) {
          const { code } = await client.closed;
          expect(code).toBe(oversized ? 1009 : 1000);
          if (oversized) stats.oversized++;
          client.close();
          client = await TestClient.connect(server.socketUrl);
          stats.reconnects++;
          continue;
        }
        client.send(frames.ping());
        const pongs = check?.ok === true && check.frame.body.method === 'ping' ? 2 : 1;
        for (let i = 0; i < pongs; i++) await client.next((f) => f.type === 'notification' && f.body.method === 'pong');
        const answers = client.received.slice(from) as ServerFrame[];
        if (check?.ok === true) {
          stats.valid++;
          expect(
            answers.some((f) => f.type === 'error' && f.body.errorMessage.includes(' must ')),
            `frame ${index}`,
          ).toBe(false);
        } else {
          stats.invalid++;
          // The server reports every problem of the frame (the all-errors tooling validators).
          const all = checkInProfile('strict', 'client', parsed).violations;
          const expected = `Invalid message: ${check ? formatViolations(all) : '/ is not JSON'}`;
          const errors = answers.filter((f) => f.type === 'error');
          expect(
            errors.map((f) => f.body),
            `frame ${index}: ${input.slice(0, 80)}`,
          ).toEqual([{ code: 1, errorMessage: expected }]);
        }
        // Keep the client's own memory flat: forget what was checked.
        if (client.received.length > 500) {
          client.received.length = 0;
          client.rewind();
        }
      }
      gc();
      const growthMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
      expect(growthMb).toBeLessThan(HEAP_BOUND_MB);
      expect(stats.invalid).toBeGreaterThan(3000);
      expect(stats.valid).toBeGreaterThan(500);
      expect(stats.oversized).toBe(3);
      // Still serving REST and sockets after all that.
      const after = await TestClient.connect(server.socketUrl);
      await after.requestChat();
      after.close();
      console.info(
        `fuzz: ${FRAMES} frames, ${stats.invalid} invalid, ${stats.valid} valid, ${stats.reconnects} reconnects, heap growth ${growthMb.toFixed(1)} MB`,
      );
    } finally {
      client.close();
      await server.close();
    }
  });

  it('in warn mode processes 2,000 malformed frames without a single internal failure', async () => {
    const lines: string[] = [];
    const server = await start('happy-path', { speed: 1000, contract: 'warn', log: (line) => lines.push(line) });
    let client = await TestClient.connect(server.socketUrl);
    try {
      for (const input of fc.sample(text, { numRuns: 2000, seed: 7 })) {
        if (client.ws.readyState !== client.ws.OPEN) {
          client.close();
          client = await TestClient.connect(server.socketUrl);
        }
        client.send(input);
        client.send(frames.ping());
        await client.next((f) => f.type === 'notification' && f.body.method === 'pong').catch(() => undefined);
      }
      expect(
        lines.filter((line) => line.includes('could not process') || line.includes('conversation failed')),
      ).toEqual([]);
      expect(lines.some((line) => line.includes('✗'))).toBe(true);
      const after = await TestClient.connect(server.socketUrl);
      await after.requestChat();
      after.close();
    } finally {
      client.close();
      await server.close();
    }
  });
});
