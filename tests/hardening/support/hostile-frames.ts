/**
 * A seeded stream of server frames that must all be refused: malformed, truncated, oversized
 * and wrong-typed, in equal numbers. Every one breaks the contract or the size limit, so a
 * correct core reports each exactly once and acts on none.
 */
import { createRandom } from '../../../mock-server/random.js';

export type HostileKind = 'malformed' | 'truncated' | 'oversized' | 'wrongTyped';

export interface HostileFrame {
  kind: HostileKind;
  /** What arrives in the socket's message event: usually a string, sometimes bytes or worse. */
  data: unknown;
}

type Frame = { apiVersion: unknown; type: unknown; body: Record<string, unknown> | unknown };

const VALID: Frame[] = [
  {
    apiVersion: '1.0',
    type: 'notification',
    body: { method: 'newMessage', message: 'Hello', timestamp: 1, senderType: 'live_agent', type: 'text' },
  },
  {
    apiVersion: '1.0',
    type: 'notification',
    body: {
      method: 'newParticipant',
      agentId: 'a-2',
      displayName: 'Kim',
      role: 'active_participant',
      participants: [{ id: 'a-2', name: 'Kim', type: 'active_participant' }],
    },
  },
  {
    apiVersion: '1.0',
    type: 'notification',
    body: { method: 'participantLeave', agentId: 'agent-1', participants: [], leaveReason: 'transfer' },
  },
  { apiVersion: '1.0', type: 'notification', body: { method: 'isTyping', agentId: 'agent-1', isTyping: true } },
  {
    apiVersion: '1.0',
    type: 'notification',
    body: { method: 'requestChat', guid: 7, authenticationKey: 'k', workRequestId: 'w' },
  },
  { apiVersion: '1.0', type: 'error', body: { code: 500, errorMessage: 'boom' } },
];

const clone = (frame: Frame): Record<string, any> => JSON.parse(JSON.stringify(frame));

/** Each takes a fresh copy of one VALID frame (by index) and breaks it. */
const MUTATIONS: [number, (f: Record<string, any>) => void][] = [
  [0, (f) => (f.apiVersion = 1)],
  [0, (f) => (f.type = 'notifications')],
  [0, (f) => (f.body.method = 42)],
  [0, (f) => (f.body.timestamp = '2026-11-21')],
  // An unknown sender *name* is the catch-all 'other' (issue 10); a non-string is still refused.
  [0, (f) => (f.body.senderType = 7)],
  [0, (f) => (f.body.type = 'html')],
  [0, (f) => (f.body.message = { text: 'x' })],
  [0, (f) => (f.body = [])],
  [0, (f) => (f.body = null)],
  [1, (f) => (f.body.participants = 'all')],
  [1, (f) => (f.body.role = 'king')],
  // Likewise an unknown leave reason is 'other'; an object is not a reason.
  [2, (f) => (f.body.leaveReason = { why: 'kicked' })],
  [2, (f) => (f.body.participants = null)],
  [3, (f) => (f.body.isTyping = 'yes')],
  [4, (f) => (f.body.guid = '7')],
  [4, (f) => (f.body.authenticationKey = 0)],
  [5, (f) => (f.body.code = '500')],
  [5, (f) => delete f.body.errorMessage],
];

function malformed(random: () => number): unknown {
  const pick = Math.floor(random() * 12);
  switch (pick) {
    case 0:
      return '';
    case 1:
      return '{';
    case 2:
      return 'null';
    case 3:
      return String(Math.floor(random() * 1e9));
    case 4:
      return '"just a string"';
    case 5:
      return '[]';
    case 6:
      return new Uint8Array(Array.from({ length: 16 }, () => Math.floor(random() * 256)));
    case 7:
      return new Uint8Array([0xff, 0xfe, 0xfd]).buffer;
    case 8:
      return 12345;
    case 9:
      return { not: 'a string' };
    case 10:
      return '{"__proto__":{"polluted":true},"apiVersion":"1.0","type":"notification","body":{"method":"bogus"}}';
    default:
      return Array.from({ length: 1 + Math.floor(random() * 40) }, () =>
        String.fromCharCode(32 + Math.floor(random() * 95)),
      ).join('');
  }
}

export function* hostileFrames(
  count: number,
  options: { seed: number; oversizedBytes: number },
): Generator<HostileFrame> {
  // The mock server's seeded generator (mulberry32): the same seed gives the same stream.
  const random = createRandom(options.seed).next;
  // A few big messages reused: the size check must not depend on content.
  const bigMessages = ['x', 'é', '<script>'].map((unit) =>
    unit.repeat(Math.ceil(options.oversizedBytes / unit.length)),
  );
  const serialized = VALID.map((frame) => JSON.stringify(frame));
  for (let i = 0; i < count; i++) {
    switch (i % 4) {
      case 0:
        yield { kind: 'malformed', data: malformed(random) };
        break;
      case 1: {
        const text = serialized[Math.floor(random() * serialized.length)] as string;
        yield { kind: 'truncated', data: text.slice(0, 1 + Math.floor(random() * (text.length - 1))) };
        break;
      }
      case 2: {
        const frame = clone(VALID[0] as Frame);
        frame.body.message = bigMessages[i % bigMessages.length];
        yield { kind: 'oversized', data: JSON.stringify(frame) };
        break;
      }
      default: {
        const [index, mutate] = MUTATIONS[Math.floor(random() * MUTATIONS.length)] as [
          number,
          (f: Record<string, any>) => void,
        ];
        const frame = clone(VALID[index] as Frame);
        mutate(frame);
        yield { kind: 'wrongTyped', data: JSON.stringify(frame) };
      }
    }
  }
}
