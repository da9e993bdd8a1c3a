/**
 * Builds the server frames of agent steps (join, leave, say, typing, share) from the
 * session's participant roster, so a scenario names an agent and the server fills in
 * participants and numberOfParticipants the way the reference service does. Every frame the
 * mock builds is typed by the generated frame types: a wrong field does not compile.
 */
import { assertNever } from '../../contract/assert-never.js';
import type {
  AcknowledgementFrame,
  ClientMethod,
  ErrorFrame,
  LeaveReason,
  NewMessageNotificationData,
  NotificationBody,
  NotificationFrame,
  NotificationMethod,
  Participant,
  ParticipantType,
} from '../../generated/chat-socket.js';
import { fillTemplates, type TemplateValues } from './template.js';
import type { Agent, ScenarioFile, Step } from './types.js';

export function notification(body: NotificationBody): NotificationFrame {
  return { apiVersion: '1.0', type: 'notification', body };
}

export function errorFrame(code: number, errorMessage: string): ErrorFrame {
  return { apiVersion: '1.0', type: 'error', body: { code, errorMessage } };
}

export function acknowledgement(method: ClientMethod): AcknowledgementFrame {
  return { apiVersion: '1.0', type: 'acknowledgement', body: { method } };
}

function newParticipant(agent: Agent, role: ParticipantType, roster: Participant[]): NotificationFrame {
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

function participantLeave(
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

function agentMessage(
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

function fileTransfer(agent: Agent, file: ScenarioFile, workRequestId: string): NotificationFrame {
  return notification({
    method: 'newAgentFileTransfer',
    agentName: agent.name,
    name: file.name,
    uuid: file.uuid,
    workRequestId,
  });
}

/**
 * Per notification, the session identifiers the mock fills into a frame a scenario sends when
 * it leaves them out, as a real service stamps them. A notification added to the contract must
 * be placed here (the compiler says so).
 */
const SESSION_STAMPS = {
  requestChat: ['guid', 'authenticationKey', 'workRequestId'],
  routeCancel: [],
  newParticipant: [],
  isTyping: [],
  newMessage: [],
  closeConversation: [],
  participantLeave: [],
  ping: [],
  pong: [],
  newAgentFileTransfer: [],
} as const satisfies Record<NotificationMethod, readonly ('guid' | 'authenticationKey' | 'workRequestId')[]>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A notification a scenario wrote, with the session identifiers it leaves out filled in. */
function stampSession(frame: unknown, values: TemplateValues): unknown {
  const body = isObject(frame) ? frame.body : undefined;
  if (!isObject(frame) || frame.type !== 'notification' || !isObject(body)) return frame;
  const method = body.method;
  if (typeof method !== 'string' || !Object.hasOwn(SESSION_STAMPS, method)) return frame;
  const stamps = SESSION_STAMPS[method as NotificationMethod];
  if (stamps.length === 0) return frame;
  return { ...frame, body: { method, ...Object.fromEntries(stamps.map((key) => [key, values[key]])), ...body } };
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
      return [stampSession(fillTemplates(step.frame, values), values)];
    case 'join':
      return [newParticipant(step.agent, step.role, roster)];
    case 'leave':
      return [participantLeave(step.agent, roster, step.reason, step.endChat)];
    case 'say':
      return [
        agentMessage(step.agent, fillTemplates(step.text, values), fillTemplates(step.widget, values), values.now()),
      ];
    case 'typing':
      return [agentTyping(step.agent, true), agentTyping(step.agent, false)];
    case 'share':
      return [fileTransfer(step.agent, step.file, values.workRequestId)];
    case 'expect':
    case 'wait':
    case 'close':
    case 'drop':
    case 'halfOpen':
    case 'session':
    case 'refuse':
    case 'branch':
    case 'repeat':
    case 'rule':
      return [];
    default:
      return assertNever(step, 'scenario step');
  }
}
