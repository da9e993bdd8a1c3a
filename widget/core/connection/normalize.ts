/**
 * Liberal in what we accept: a server frame as real deployments send it, turned into the
 * contract's spelling before the strict check. The rules are the AsyncAPI document's
 * `x-tolerant` annotations: enums marked caseInsensitive are lower-cased (protocol notes:
 * clients lower-case leaveReason), and an unknown sender or leave reason becomes the spec's
 * catch-all (`other`: "others (response)", 'An agent has left the chat'). Anything else is left
 * for the contract check to refuse.
 */
import { LEAVE_REASON_VALUES, type NotificationBody, SENDER_TYPE_VALUES } from '../../../generated/chat-socket.js';

/** Frames of older servers, or out of scope (protocol notes), that carry nothing the widget uses. */
export const IGNORED_TYPES: ReadonlySet<string> = new Set(['newChatAcknowledgement']);
export const IGNORED_METHODS: ReadonlySet<string> = new Set([
  'queueStatus',
  'newCoBrowseSessionKeyMessage',
  'coBrowseStatus',
]);

const PARTICIPANT_TYPES = new Set([
  'active_participant',
  'passive_participant',
  'supervisor_observe',
  'supervisor_barge',
]);
const SENDER_TYPES: ReadonlySet<string> = new Set(SENDER_TYPE_VALUES);
const LEAVE_REASONS: ReadonlySet<string> = new Set(LEAVE_REASON_VALUES);
const MESSAGE_TYPES = new Set(['text', 'widget']);

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Lower-cases a string that is one of `known` in another case; anything else unchanged. */
function caseInsensitive(value: unknown, known: ReadonlySet<string>): unknown {
  if (typeof value !== 'string') return value;
  const lower = value.toLowerCase();
  return known.has(lower) ? lower : value;
}

/** Any string outside `known` (after lower-casing) is the catch-all. */
function withCatchAll(value: unknown, known: ReadonlySet<string>, catchAll: string): unknown {
  if (typeof value !== 'string') return value;
  const lower = value.toLowerCase();
  return known.has(lower) ? lower : catchAll;
}

function participants(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((p) => (isObject(p) ? { ...p, type: caseInsensitive(p.type, PARTICIPANT_TYPES) } : p));
}

type BodyRule = (body: Json) => Json;

const asSent: BodyRule = (body) => body;

/**
 * The liberal reading of every notification method of the contract, one entry each: a method
 * added to the AsyncAPI document does not compile until its rule is written here (most read
 * the body as sent).
 */
const BODY_RULES: { readonly [M in NotificationBody['method']]: BodyRule } = {
  requestChat: asSent,
  routeCancel: asSent,
  newParticipant: (body) => ({
    ...body,
    role: caseInsensitive(body.role, PARTICIPANT_TYPES),
    participants: participants(body.participants),
  }),
  isTyping: asSent,
  newMessage: (body) => ({
    ...body,
    senderType: withCatchAll(body.senderType, SENDER_TYPES, 'other'),
    ...('type' in body ? { type: caseInsensitive(body.type, MESSAGE_TYPES) } : {}),
  }),
  closeConversation: asSent,
  participantLeave: (body) => ({
    ...body,
    ...('leaveReason' in body ? { leaveReason: withCatchAll(body.leaveReason, LEAVE_REASONS, 'other') } : {}),
    participants: participants(body.participants),
  }),
  ping: asSent,
  pong: asSent,
  newAgentFileTransfer: asSent,
  newPushPageMessage: asSent,
};

function isKnownMethod(method: unknown): method is NotificationBody['method'] {
  return typeof method === 'string' && Object.hasOwn(BODY_RULES, method);
}

/** An unknown method is left as sent, for the contract check to refuse. */
function normalizeBody(body: Json): Json {
  return isKnownMethod(body.method) ? BODY_RULES[body.method](body) : body;
}

export type Normalized = { kind: 'frame'; value: unknown } | { kind: 'ignored'; what: string };

export function normalizeServerFrame(value: unknown): Normalized {
  if (!isObject(value)) return { kind: 'frame', value };
  if (typeof value.type === 'string' && IGNORED_TYPES.has(value.type)) return { kind: 'ignored', what: value.type };
  const body = value.body;
  if (!isObject(body)) return { kind: 'frame', value };
  if (value.type === 'notification' && typeof body.method === 'string' && IGNORED_METHODS.has(body.method)) {
    return { kind: 'ignored', what: `notification ${body.method}` };
  }
  if (value.type !== 'notification') return { kind: 'frame', value };
  return { kind: 'frame', value: { ...value, body: normalizeBody(body) } };
}
