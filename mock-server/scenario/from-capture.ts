/**
 * A recorded conversation (a capture from `serve --record` or `proxy --record`) as a scenario
 * that replays it: the agents who joined, what they said and when, how they left, with the
 * waits between them. The customer's side becomes `expect` steps; pings, acknowledgements,
 * renews and replayed transcripts are the service's own business and are left out (the mock
 * does them itself); acknowledgements and ping answers become session options. Frames with no
 * step of their own (typing signals, file transfers...) are sent verbatim (`frame:`), marked
 * `unchecked` when they break the contract, so the replay is as faithful as the recording.
 */
import { assertNever } from '../../contract/assert-never.js';
import { checkServerFrame } from '../../contract/frame-check.js';
import {
  type ClientMethod,
  isClientMethod,
  type NotificationFrame,
  type ParticipantType,
  type SenderType,
} from '../../generated/chat-socket.js';

export interface CapturedLine {
  direction: 'client' | 'server';
  frame: unknown;
  time?: unknown;
}

type Json = Record<string, unknown>;

interface AgentSeen {
  key: string;
  id: string;
  name: string;
  role?: ParticipantType;
  senderType?: Exclude<SenderType, 'customer'>;
}

const body = (frame: unknown): Json => ((frame as { body?: unknown })?.body as Json) ?? {};
const typeOf = (frame: unknown) => (frame as { type?: unknown })?.type;

/**
 * Per client method: whether the replay waits for it (an `expect` step). Renews, typing signals,
 * pings and the customer's close are the service's business or need no answer.
 */
const REPLAY_EXPECTS = {
  requestChat: true,
  renewChat: false,
  newMessage: true,
  isTyping: false,
  ping: false,
  closeConversation: false,
} as const satisfies Record<ClientMethod, boolean>;

/** Seconds between two capture times, or undefined when either is missing. */
function secondsBetween(from: unknown, to: unknown): number | undefined {
  const a = typeof from === 'string' ? Date.parse(from) : Number.NaN;
  const b = typeof to === 'string' ? Date.parse(to) : Number.NaN;
  return Number.isFinite(a) && Number.isFinite(b) && b >= a ? (b - a) / 1000 : undefined;
}

/** A key for an agent's name: kebab-case, unique among the others. */
function keyFor(name: string, taken: Set<string>): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'agent';
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
  taken.add(key);
  return key;
}

export interface FromCaptureOptions {
  name: string;
  story?: string;
  /** Where the capture came from, for the story. */
  source: string;
}

/** The scenario (as plain data, ready for YAML) that replays the first conversation of a capture. */
export function scenarioFromCapture(lines: readonly CapturedLine[], options: FromCaptureOptions): Json {
  const start = lines.findIndex((l) => l.direction === 'client' && body(l.frame).method === 'requestChat');
  if (start < 0) throw new Error('the capture has no requestChat from the client: nothing to replay');
  const next = lines.findIndex(
    (l, i) => i > start && l.direction === 'client' && body(l.frame).method === 'requestChat',
  );
  const conversation = lines.slice(start, next < 0 ? undefined : next);
  const customerName = String((body(conversation[0]?.frame).intrinsics as Json | undefined)?.name ?? '');

  const agents = new Map<string, AgentSeen>();
  const taken = new Set<string>();
  const agentFor = (id: string | undefined, name: string): AgentSeen => {
    const found = [...agents.values()].find(
      (a) => (id !== undefined && a.id === id) || (id === undefined && a.name === name),
    );
    if (found) return found;
    const agent: AgentSeen = { key: keyFor(name, taken), id: id ?? keyFor(`${name}-id`, new Set()), name };
    agents.set(agent.key, agent);
    return agent;
  };

  const steps: Json[] = [];
  const acknowledged = new Set<ClientMethod>();
  // Pings answered with ping (older servers) are replayed so; unseen, the usual pong.
  let pingAnswer: 'pong' | 'ping' = 'pong';
  let lastTime: unknown;
  const waitSince = (time: unknown) => {
    const seconds = secondsBetween(lastTime, time);
    if (seconds !== undefined && seconds >= 0.05) steps.push({ wait: Math.round(seconds * 10) / 10 });
  };

  /** The step that sends a notification again: an agent step where one fits, else the frame verbatim. */
  const stepOf = (frame: NotificationFrame): Json => {
    const b = frame.body;
    switch (b.method) {
      case 'requestChat': {
        const { method: _m, guid: _g, authenticationKey: _k, workRequestId: _w, intrinsics, ...rest } = b;
        const name = intrinsics?.name;
        return {
          send: 'requestChat',
          body: {
            ...(name === undefined ? {} : { intrinsics: { name: name === customerName ? '{{customerName}}' : name } }),
            ...rest,
          },
        };
      }
      case 'newParticipant': {
        const agent = agentFor(b.agentId, b.displayName);
        agent.role = b.role;
        return { join: agent.key };
      }
      case 'participantLeave': {
        const agent = agentFor(b.agentId, b.agentId);
        return {
          leave: {
            agent: agent.key,
            ...(b.leaveReason ? { reason: b.leaveReason } : {}),
            ...(b.endChatFlag ? { endChat: true } : {}),
          },
        };
      }
      case 'newMessage': {
        const agent = agentFor(undefined, b.displayName ?? 'Agent');
        if (b.senderType !== 'customer') agent.senderType = b.senderType;
        return { say: { agent: agent.key, ...(b.type === 'widget' ? { widget: b.data } : { text: b.message ?? '' }) } };
      }
      case 'closeConversation':
      case 'routeCancel':
        return { send: b.method };
      case 'newPushPageMessage': {
        const { method, ...rest } = b;
        return { send: method, body: rest };
      }
      // Typing comes in pairs the recording may not have; a file needs the scenario's files list;
      // ping answers became session.pingAnswer above.
      case 'isTyping':
      case 'newAgentFileTransfer':
      case 'ping':
      case 'pong':
        return { frame };
      default:
        return assertNever(b, 'notification');
    }
  };

  for (const line of conversation) {
    const b = body(line.frame);
    if (line.direction === 'client') {
      if (isClientMethod(b.method) && REPLAY_EXPECTS[b.method]) {
        steps.push({ expect: b.method });
        lastTime = line.time;
      }
      continue;
    }
    const type = typeOf(line.frame);
    if (type === 'acknowledgement') {
      if (isClientMethod(b.method)) acknowledged.add(b.method);
      continue;
    }
    if (type === 'notification' && (b.method === 'pong' || b.method === 'ping')) {
      pingAnswer = b.method;
      continue;
    }
    if (type === 'notification' && b.method === 'newMessage' && b.senderType === 'customer') continue;
    waitSince(line.time);
    lastTime = line.time;
    if (type === 'error') {
      steps.push({ error: { code: b.code, errorMessage: b.errorMessage } });
      continue;
    }
    const checked = checkServerFrame(line.frame);
    if (!checked.ok || checked.frame.type !== 'notification') {
      steps.push({ frame: line.frame, ...(checked.ok ? {} : { unchecked: true }) });
      continue;
    }
    steps.push(stepOf(checked.frame));
  }

  const said = steps.filter((s) => 'say' in s).length;
  const names = [...agents.values()].map((a) => a.name);
  return {
    name: options.name,
    story:
      options.story ??
      `Replays the conversation recorded in ${options.source}: ${said} message${said === 1 ? '' : 's'} from ${names.join(', ') || 'nobody'}, with the recorded timing.`,
    availability: { success: true, metrics: { EWT: '30', ResourceStaffedCount: '3' }, maxAttempts: 1 },
    session: { acknowledge: [...acknowledged], pingAnswer },
    agents: Object.fromEntries(
      [...agents.values()].map((a) => [
        a.key,
        {
          id: a.id,
          name: a.name,
          ...(a.role ? { role: a.role } : {}),
          ...(a.senderType ? { senderType: a.senderType } : {}),
        },
      ]),
    ),
    conversation: steps,
  };
}
