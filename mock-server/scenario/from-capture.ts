/**
 * A recorded chat session (from `serve --record`, `proxy --record` or a HAR, grouped by
 * capture-sessions.ts) as a scenario that replays it: the agents who joined, what they said and
 * when, how they left, with the waits between them, and how its sockets ended: the server's
 * closes and drops become `close` and `drop` steps (a socket that ended and was renewed is a
 * drop: the replay makes the client renew, as it did), and the renew after one an `expect`. The
 * customer's side becomes `expect` steps; pings, acknowledgements, renews and replayed
 * transcripts are the service's own business and are left out (the mock does them itself);
 * acknowledgements and ping answers become session options. Frames with no step of their own
 * (typing signals, file transfers...) are sent verbatim (`frame:`), marked `unchecked` when they
 * break the contract, so the replay is as faithful as the recording. Every server frame that does
 * not become a step is said, with why.
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
import { DROPPED, type Place } from '../proxy/capture.js';
import type { CapturedSession, SkippedFrame } from './capture-sessions.js';

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
 * pings and the customer's close are the service's business or need no answer; a renew after a
 * socket the replay drops or closes is waited for all the same (the chat goes on after it).
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

/** Close codes that never go on the wire (RFC 6455 7.4.1): a scenario cannot send them. */
const UNSENDABLE_CLOSE = new Set([1004, 1005, DROPPED, 1015]);
/** Bytes a close reason may have (a close frame's payload is at most 125, two of them the code). */
const MAX_CLOSE_REASON = 123;

/** The step that ends the socket as the server did: a close with its code and reason, else a drop. */
function closeStep(close: { code: number; reason: string }): Json {
  if (UNSENDABLE_CLOSE.has(close.code) || close.code < 1000 || close.code > 4999) return { drop: true };
  let reason = close.reason;
  while (Buffer.byteLength(reason) > MAX_CLOSE_REASON) reason = reason.slice(0, -1);
  return { close: { code: close.code, reason } };
}

/** A newMessage as sent, to tell a replayed transcript from a new message. */
const messageKey = (b: Json) => JSON.stringify([b.timestamp, b.senderType, b.displayName, b.message, b.data]);

/** The scenario (as plain data, ready for YAML) that replays one chat session of a capture, and the frames it leaves out. */
export function scenarioFromSession(
  session: CapturedSession,
  options: FromCaptureOptions,
): { scenario: Json; skipped: SkippedFrame[] } {
  const skipped: SkippedFrame[] = [];
  const skip = (place: Place, why: string) => skipped.push({ place, why });
  const first = session.events.find((e) => e.kind === 'frame' && e.record.direction === 'client');
  const customerName = String(
    (body(first?.kind === 'frame' ? first.record.frame : undefined).intrinsics as Json | undefined)?.name ?? '',
  );

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

  /** The socket the chat is on now: an end of another one is the service's (it closes the old socket on a renew). */
  let current: number | null | undefined;
  /** A socket ended and the chat went on: the next renewChat is waited for. */
  let renewing = false;
  const said = new Set<string>();
  /** What the customer typed: the same text sent back by the server is the transcript's. */
  const typed = new Set<string>();
  const renewedLater = (index: number) =>
    session.events.some((e, i) => i > index && e.kind === 'frame' && body(e.record.frame).method === 'renewChat');

  for (const [index, event] of session.events.entries()) {
    if (event.kind === 'end') {
      if (event.connection !== current) continue;
      const close = event.close;
      const renewed = renewedLater(index);
      let step: Json | undefined;
      if (!close) step = { drop: true };
      else if (close.by === 'server') {
        step = closeStep(close);
        if ('drop' in step && close.code !== DROPPED) {
          skip(close, `the server closed with ${close.code}, which no server can send: replayed as a drop`);
        }
      }
      // The client ended it: a replayed client does so itself, unless it renewed (then the replay drops it).
      else if (renewed) step = { drop: true };
      if (!step) continue;
      if (close) waitSince(close.time);
      lastTime = close?.time ?? lastTime;
      steps.push(step);
      renewing = renewed;
      continue;
    }
    const line = event.record;
    current = line.connection ?? null;
    const b = body(line.frame);
    if (line.direction === 'client') {
      if (b.method === 'newMessage') typed.add(String(b.message));
      const expected = isClientMethod(b.method) && (REPLAY_EXPECTS[b.method] || (b.method === 'renewChat' && renewing));
      if (expected) {
        steps.push({ expect: b.method });
        lastTime = line.time;
        if (b.method === 'renewChat') renewing = false;
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
    if (type === 'notification' && b.method === 'newMessage') {
      const key = messageKey(b);
      if (said.has(key)) {
        skip(line, 'repeats an earlier message: a transcript replayed after renewChat (the mock replays it itself)');
        continue;
      }
      said.add(key);
      if (b.senderType === 'customer') {
        skip(
          line,
          typed.has(String(b.message))
            ? "the customer's message, in a transcript replayed after renewChat (the mock replays it itself)"
            : "the customer's own message sent back (the mock keeps it in its transcript, and replays it on renewChat)",
        );
        continue;
      }
    }
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

  const messages = steps.filter((s) => 'say' in s).length;
  const names = [...agents.values()].map((a) => a.name);
  const drops = steps.filter((s) => 'drop' in s || 'close' in s).length;
  const scenario = {
    name: options.name,
    story:
      options.story ??
      `Replays ${session.guid === undefined ? 'the chat' : `chat session ${session.guid}`} recorded in ${options.source}: ${messages} message${messages === 1 ? '' : 's'} from ${names.join(', ') || 'nobody'}${drops > 0 ? `, ${drops} socket end${drops === 1 ? '' : 's'}` : ''}, with the recorded timing.`,
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
  return { scenario, skipped };
}
