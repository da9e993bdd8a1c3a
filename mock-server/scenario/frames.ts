/**
 * Builds the server frames of agent steps (join, leave, say, typing, share) from the
 * session's participant roster, so a scenario names an agent and the server fills in
 * participants and numberOfParticipants the way the reference service does. Every frame the
 * mock builds is typed by the generated frame types: a wrong field does not compile. The agent
 * console (mock-server/live/) builds what a person does with the same builders.
 */
import { assertNever } from '../../contract/assert-never.js';
import type {
  AcceptedClientMethod,
  AcceptedNotificationMethod,
  AcknowledgementFrame,
  ErrorFrame,
  LeaveReason,
  NewMessageNotificationData,
  NotificationBody,
  NotificationFrame,
  OtherNotificationBody,
  Participant,
  ParticipantType,
  ServerFrame,
} from '../../generated/chat-socket.js';
import { fillTemplates, type TemplateValues } from './template.js';
import type { Agent, ScenarioFile, Step } from './types.js';

/** A frame of the tolerant profile only (sendOtherServerFrames) that the service sends of itself. */
export type OtherServerFrame =
  | { apiVersion: '1.0'; type: 'notification'; body: OtherNotificationBody }
  /** The vendor documentation's literal pong. */
  | { apiVersion: '1.0'; type: 'request'; body: { method: 'pong' } };

/** Any frame the service sends of itself: the strict contract's, or one of the tolerant profile only. */
export type ServiceFrame = ServerFrame | OtherServerFrame;

export function notification(body: NotificationBody): NotificationFrame;
export function notification(body: OtherNotificationBody): OtherServerFrame;
export function notification(body: NotificationBody | OtherNotificationBody): ServiceFrame {
  return { apiVersion: '1.0', type: 'notification', body } as ServiceFrame;
}

/** `method`: the request it answers, as the vendor's server names it. */
export function errorFrame(code: number, errorMessage: string, method?: AcceptedClientMethod): ErrorFrame {
  return { apiVersion: '1.0', type: 'error', body: { code, errorMessage, ...(method ? { method } : {}) } };
}

/** `accepted`: the vendor's documented acknowledgement carries `accepted: true`. */
export function acknowledgement(method: AcceptedClientMethod, accepted = false): AcknowledgementFrame {
  return { apiVersion: '1.0', type: 'acknowledgement', body: { method, ...(accepted ? { accepted: true } : {}) } };
}

export function newParticipant(agent: Agent, role: ParticipantType, roster: Participant[]): NotificationFrame {
  const others = roster.filter((p) => p.id !== agent.id);
  roster.splice(0, roster.length, ...others, { id: agent.id, name: agent.name, type: role });
  return notification({
    method: 'newParticipant',
    agentId: agent.id,
    displayName: agent.name,
    role,
    numberOfParticipants: roster.length,
    participants: roster.map((p) => ({ ...p })),
  });
}

export function participantLeave(
  agent: Agent,
  roster: Participant[],
  reason: LeaveReason | undefined,
  endChat: boolean | undefined,
): NotificationFrame {
  const remaining = roster.filter((p) => p.id !== agent.id);
  roster.splice(0, roster.length, ...remaining);
  return notification({
    method: 'participantLeave',
    agentId: agent.id,
    endChatFlag: endChat ?? false,
    ...(reason ? { leaveReason: reason } : {}),
    numberOfParticipants: roster.length,
    participants: roster.map((p) => ({ ...p })),
  });
}

/** The vendor documentation's newMessage: no senderType, no type, the timestamp in epoch seconds. */
function documentedAgentMessage(agent: Agent, text: string | undefined, timestamp: number): unknown {
  const body = {
    method: 'newMessage',
    displayName: agent.name,
    message: text ?? '',
    timestamp: Math.floor(timestamp / 1000),
  };
  return { apiVersion: '1.0', type: 'notification', body };
}

export function agentMessage(
  agent: Agent,
  text: string | undefined,
  widget: NewMessageNotificationData | undefined,
  timestamp: number,
): NotificationFrame {
  return notification({
    method: 'newMessage',
    displayName: agent.name,
    timestamp,
    senderType: agent.senderType,
    ...(widget ? { type: 'widget', data: widget } : { type: 'text', message: text ?? '' }),
  });
}

export function agentTyping(agent: Agent, isTyping: boolean): NotificationFrame {
  return notification({ method: 'isTyping', agentId: agent.id, isTyping });
}

/** Where this server serves a shared file (GET /cua-api/chat/files/{workRequestId}/{uuid}). */
export function fileAddress(serverUrl: string, workRequestId: string, uuid: string): string {
  return `${serverUrl}/cua-api/chat/files/${encodeURIComponent(workRequestId)}/${encodeURIComponent(uuid)}`;
}

/**
 * The ids the widget builds the download URL from, and the full URL in `address`, the only field
 * the vendor's reference client reads: real deployments send both.
 */
export function fileTransfer(agent: Agent, file: ScenarioFile, values: TemplateValues): NotificationFrame {
  return notification({
    method: 'newAgentFileTransfer',
    agentName: agent.name,
    name: file.name,
    uuid: file.uuid,
    workRequestId: values.workRequestId,
    address: fileAddress(values.serverUrl, values.workRequestId, file.uuid),
  });
}

type Stamp = 'guid' | 'authenticationKey' | 'workRequestId' | 'webOnHoldComfortGroups' | 'webOnHoldURLs';

/**
 * Per notification, what the mock fills into a frame a scenario sends when it leaves it out, as a
 * real service does: the session identifiers, and on a confirmation both on-hold arrays (empty
 * when the scenario gives none: the vendor's reference client reads element 0 of each and breaks
 * when one is missing). A step's `without` leaves any of them out. A notification added to the
 * contract must be placed here (the compiler says so).
 */
const SESSION_STAMPS = {
  requestChat: ['guid', 'authenticationKey', 'workRequestId', 'webOnHoldComfortGroups', 'webOnHoldURLs'],
  routeCancel: [],
  newParticipant: [],
  isTyping: [],
  newMessage: [],
  closeConversation: [],
  participantLeave: [],
  ping: [],
  pong: [],
  newAgentFileTransfer: [],
  newPushPageMessage: [],
  queueStatus: [],
  newCoBrowseSessionKeyMessage: [],
} as const satisfies Record<AcceptedNotificationMethod, readonly Stamp[]>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function stampValue(key: Stamp, values: TemplateValues): unknown {
  return key === 'webOnHoldComfortGroups' || key === 'webOnHoldURLs' ? [] : values[key];
}

/** A notification a scenario wrote, with what it leaves out filled in, less the fields of `without`. */
function stampSession(frame: unknown, values: TemplateValues, without: readonly string[] = []): unknown {
  const body = isObject(frame) ? frame.body : undefined;
  if (!isObject(frame) || frame.type !== 'notification' || !isObject(body)) return frame;
  const method = body.method;
  const stamps =
    typeof method === 'string' && Object.hasOwn(SESSION_STAMPS, method)
      ? SESSION_STAMPS[method as AcceptedNotificationMethod]
      : [];
  if (stamps.length === 0 && without.length === 0) return frame;
  const stamped: Record<string, unknown> = {
    method,
    ...Object.fromEntries(stamps.map((key) => [key, stampValue(key, values)])),
    ...body,
  };
  for (const key of without) delete stamped[key];
  return { ...frame, body: stamped };
}

/**
 * The frames one step sends, templates filled, updating the roster. The runner sends them;
 * the loader checks them against the contract with sample values. Agent steps' frames are built
 * here from the contract's types; a send step's frame is what the scenario wrote, which only the
 * contract check vouches for (at load, unless unchecked, and again as it goes out).
 */
export function framesOfStep(step: Step, roster: Participant[], values: TemplateValues): unknown[] {
  switch (step.kind) {
    case 'send':
      return [stampSession(fillTemplates(step.frame, values), values, step.without)];
    case 'join':
      return [newParticipant(step.agent, step.role, roster)];
    case 'leave':
      return [participantLeave(step.agent, roster, step.reason, step.endChat)];
    case 'say':
      if (step.documented) return [documentedAgentMessage(step.agent, fillTemplates(step.text, values), values.now())];
      return [
        agentMessage(step.agent, fillTemplates(step.text, values), fillTemplates(step.widget, values), values.now()),
      ];
    case 'typing':
      return [agentTyping(step.agent, true), agentTyping(step.agent, false)];
    case 'share':
      return [fileTransfer(step.agent, step.file, values)];
    case 'expect':
    case 'wait':
    case 'close':
    case 'drop':
    case 'halfOpen':
    case 'session':
    case 'refuse':
    case 'live':
    case 'branch':
    case 'repeat':
    case 'rule':
      return [];
    default:
      return assertNever(step, 'scenario step');
  }
}
