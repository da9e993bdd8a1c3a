/**
 * Liberal in what we accept: a server frame as real deployments send it, turned into the
 * contract's spelling before the strict check. The rules are the AsyncAPI document's
 * `x-tolerant` annotations: enums marked caseInsensitive are lower-cased (protocol notes:
 * clients lower-case leaveReason), and an unknown sender or leave reason becomes the spec's
 * catch-all (`other`: "others (response)", 'An agent has left the chat'). The vendor's
 * documented shapes read as what they mean: a newMessage without `senderType` is `other`,
 * without `type` but with a string `message` is `text`, and a time below 1e11 is in epoch
 * seconds; a confirmation without `workRequestId` is a confirmation whose context id is not
 * known (`ReadNotificationBody`). Anything else is left for the contract check to refuse.
 */
import {
  LEAVE_REASON_VALUES,
  type NotificationBody,
  type NotificationFrame,
  type RequestChatNotificationBody,
  SENDER_TYPE_VALUES,
  type ServerFrame,
} from '../../../generated/chat-socket.js';

/** A notification as the widget reads it: a confirmation may lack its workRequestId (older servers). */
export type ReadNotificationBody =
  | Exclude<NotificationBody, RequestChatNotificationBody>
  | (Omit<RequestChatNotificationBody, 'workRequestId'> & {
      workRequestId?: RequestChatNotificationBody['workRequestId'];
    });
export type ReadNotificationFrame = Omit<NotificationFrame, 'body'> & { body: ReadNotificationBody };
/** A server frame as the widget reads it (the strict contract, but for `ReadNotificationBody`). */
export type ReadServerFrame = Exclude<ServerFrame, NotificationFrame> | ReadNotificationFrame;

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

/** Below this, a timestamp is in epoch seconds (the vendor's documented example); at or above, milliseconds. */
export const EPOCH_SECONDS_BELOW = 1e11;

/** A time in epoch milliseconds, whichever of the two units it came in. */
function epochMilliseconds(value: unknown): unknown {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value < EPOCH_SECONDS_BELOW
    ? value * 1000
    : value;
}

/**
 * A confirmation without workRequestId (older servers): while the strict check runs the field
 * holds this stand-in (the check then judges the rest of the frame), and the frame goes on
 * without it.
 */
const NOT_SENT = '\u0000not sent';

/**
 * The liberal reading of every notification method of the contract, one entry each: a method
 * added to the AsyncAPI document does not compile until its rule is written here (most read
 * the body as sent).
 */
const BODY_RULES: { readonly [M in NotificationBody['method']]: BodyRule } = {
  requestChat: (body) => ('workRequestId' in body ? body : { ...body, workRequestId: NOT_SENT }),
  routeCancel: asSent,
  newParticipant: (body) => ({
    ...body,
    role: caseInsensitive(body.role, PARTICIPANT_TYPES),
    participants: participants(body.participants),
  }),
  isTyping: asSent,
  newMessage: (body) => ({
    ...body,
    senderType: 'senderType' in body ? withCatchAll(body.senderType, SENDER_TYPES, 'other') : 'other',
    ...('type' in body
      ? { type: caseInsensitive(body.type, MESSAGE_TYPES) }
      : typeof body.message === 'string'
        ? { type: 'text' }
        : {}),
    timestamp: epochMilliseconds(body.timestamp),
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
  newPushPageMessage: (body) =>
    'timestamp' in body ? { ...body, timestamp: epochMilliseconds(body.timestamp) } : body,
};

function isKnownMethod(method: unknown): method is NotificationBody['method'] {
  return typeof method === 'string' && Object.hasOwn(BODY_RULES, method);
}

/** An unknown method is left as sent, for the contract check to refuse. */
function normalizeBody(body: Json): Json {
  return isKnownMethod(body.method) ? BODY_RULES[body.method](body) : body;
}

/** The checked frame without the stand-in of a workRequestId it did not carry. */
export function withoutStandIns(frame: ServerFrame): ReadServerFrame {
  if (frame.type !== 'notification' || frame.body.method !== 'requestChat') return frame;
  const { workRequestId, ...body } = frame.body;
  return workRequestId === NOT_SENT ? { ...frame, body } : frame;
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
