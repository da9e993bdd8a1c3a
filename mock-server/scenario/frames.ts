/**
 * Builds the server frames of agent steps (join, leave, say, typing, share) from the
 * session's participant roster, so a scenario names an agent and the server fills in
 * participants and numberOfParticipants the way the reference service does.
 */
import type { NotificationBody, Participant, ServerFrame } from '../../generated/chat-socket.js';
import { fillTemplates, type TemplateValues } from './template.js';
import type { Agent, ScenarioFile, Step } from './types.js';

export function notification(body: NotificationBody | Record<string, unknown>): ServerFrame {
  return { apiVersion: '1.0', type: 'notification', body } as ServerFrame;
}

export function errorFrame(code: number, errorMessage: string): ServerFrame {
  return { apiVersion: '1.0', type: 'error', body: { code, errorMessage } };
}

export function acknowledgement(method: string): ServerFrame {
  return { apiVersion: '1.0', type: 'acknowledgement', body: { method } };
}

export function newParticipant(agent: Agent, role: Participant['type'], roster: Participant[]): ServerFrame {
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
  reason: string | undefined,
  endChat: boolean | undefined,
): ServerFrame {
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

export function agentMessage(
  agent: Agent,
  text: string | undefined,
  widget: Record<string, unknown> | undefined,
  timestamp: number,
): ServerFrame {
  return notification({
    method: 'newMessage',
    displayName: agent.name,
    timestamp,
    senderType: agent.senderType,
    ...(widget ? { type: 'widget', data: widget } : { type: 'text', message: text ?? '' }),
  });
}

export function agentTyping(agent: Agent, isTyping: boolean): ServerFrame {
  return notification({ method: 'isTyping', agentId: agent.id, isTyping });
}

export function fileTransfer(agent: Agent, file: ScenarioFile, workRequestId: string): ServerFrame {
  return notification({
    method: 'newAgentFileTransfer',
    agentName: agent.name,
    name: file.name,
    uuid: file.uuid,
    workRequestId,
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fills the session identifiers a requestChat notification leaves out. */
export function completeRequestChat(frame: Record<string, unknown>, values: TemplateValues): Record<string, unknown> {
  const body = frame.body as Record<string, unknown> | undefined;
  if (frame.type !== 'notification' || !body || body.method !== 'requestChat') return frame;
  return {
    ...frame,
    body: {
      method: body.method,
      guid: values.guid,
      authenticationKey: values.authenticationKey,
      workRequestId: values.workRequestId,
      ...body,
    },
  };
}

/**
 * The frames one step sends, templates filled, updating the roster. The runner sends them;
 * the loader checks them against the contract with sample values.
 */
export function framesOfStep(step: Step, roster: Participant[], values: TemplateValues): ServerFrame[] {
  switch (step.kind) {
    case 'send': {
      const frame = fillTemplates(step.frame, values);
      return [(isObject(frame) ? completeRequestChat(frame, values) : frame) as ServerFrame];
    }
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
    default:
      return [];
  }
}
