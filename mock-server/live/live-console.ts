/**
 * What a person at the agent console does to a chat session (`POST /__mock/sessions/GUID/action`,
 * `server.session(guid).act(...)`): one entry per action in ACTIONS. Every frame goes out through
 * the session as a scenario step's does (socket/connection.ts: the contract check, the log, the
 * journal and the capture), so it shows in /__mock/sessions and captures like any other.
 *
 * Actions that speak for the contact centre's people (join, type, say, share, push a page, leave,
 * end, cancel the route) take the session over first: its script, and every rule of it, stops
 * for good, and the console plays it from then on. The service's own doings (an error frame, a
 * close, pausing acknowledgements or pongs) leave a script playing.
 */
import path from 'node:path';
import type { ConsoleAction } from '../../generated/agent-console.js';
import type { Participant } from '../../generated/chat-socket.js';
import { frameMethod } from '../frame-method.js';
import {
  agentMessage,
  agentTyping,
  errorFrame,
  fileTransfer,
  newParticipant,
  notification,
  participantLeave,
} from '../scenario/frames.js';
import { builtInFileDir } from '../scenario/source.js';
import type { Agent, ScenarioFile, SessionOptions } from '../scenario/types.js';
import type { ChatSession } from '../session/chat-session.js';
import type { SessionRegistry } from '../session/registry.js';
import {
  type ActResult,
  type ConsoleActionName,
  type ConsoleAgent,
  type ConsoleSenderType,
  DROP_CODE,
  ERROR_MESSAGES,
  OTHER_ERROR_MESSAGE,
} from './console-api.js';
import { readAction } from './read-action.js';

/** Where the console's frames come from, in the log and the journal (`note`). */
const FROM_CONSOLE = 'agent console';

/** The file the console shares: the built-in brochure, under the uuid scenarios give it. */
const BROCHURE: ScenarioFile = {
  uuid: '3b7f0c62-5a0e-4f4e-8d0b-7d5f0e1c9a24',
  name: 'model-brochure.pdf',
  path: path.join(builtInFileDir, 'model-brochure.pdf'),
  root: builtInFileDir,
  contentType: 'application/pdf',
};

/** The bot's agentId in reference deployments. */
const BOT_ID = 'AvayaAutomatedResource';

/** What the service answers with until the console pauses it (the scenario's own, or these). */
const DEFAULT_ACKNOWLEDGE: SessionOptions['acknowledge'] = ['newMessage', 'coBrowseStatus', 'newPushPageMessage'];

/** What the console keeps of one session: the agents it made, and what the answers it paused were. */
interface Seat {
  agents: Map<string, Agent>;
  joined: number;
  paused: Partial<Pick<SessionOptions, 'acknowledge' | 'pingAnswer'>>;
}

/** What an action works on. */
interface Desk {
  session: ChatSession;
  seat: Seat;
  /** The agent the action names, present in the chat (actions with `agent` only). */
  agent: Agent;
  send(frame: unknown): void;
}

interface ActionSpec<A extends ConsoleAction> {
  /** Speaks for the contact centre's people: the session's script stops first. */
  takesOver: boolean;
  /** Sends on the session's socket: refused while no open socket can carry it. */
  needsSocket: boolean;
  run(desk: Desk, action: A): { agent?: ConsoleAgent } | undefined;
}

type ActionTable = { [N in ConsoleActionName]: ActionSpec<Extract<ConsoleAction, { action: N }>> };

const asConsoleAgent = (agent: Agent): ConsoleAgent => ({
  id: agent.id,
  name: agent.name,
  role: agent.role,
  senderType: agent.senderType === 'bot' ? 'bot' : 'live_agent',
});

/** Pauses (saving what it was) or resumes one of the service's answers. */
function answer<K extends 'acknowledge' | 'pingAnswer'>(
  desk: Desk,
  key: K,
  on: boolean,
  off: SessionOptions[K],
  fallback: SessionOptions[K],
): undefined {
  const { session, seat } = desk;
  const now = session.options[key];
  const paused = key === 'acknowledge' ? (now as SessionOptions['acknowledge']).length === 0 : now === 'none';
  if (on === !paused) return undefined;
  if (!on) seat.paused[key] = now;
  const restored = seat.paused[key] ?? fallback;
  session.changeOptions({ [key]: on ? restored : off } as Partial<SessionOptions>);
  return undefined;
}

const ACTIONS: ActionTable = {
  takeOver: { takesOver: true, needsSocket: false, run: () => undefined },
  join: {
    takesOver: true,
    needsSocket: true,
    run({ session, seat, send }, action) {
      const senderType: ConsoleSenderType = action.senderType ?? 'live_agent';
      seat.joined += 1;
      const id = senderType === 'bot' ? BOT_ID : `console-agent-${seat.joined}`;
      const agent: Agent = { key: id, id, name: action.name, role: action.role ?? 'active_participant', senderType };
      seat.agents.set(id, agent);
      send(newParticipant(agent, agent.role, session.roster));
      return { agent: asConsoleAgent(agent) };
    },
  },
  typing: {
    takesOver: true,
    needsSocket: true,
    run: ({ agent, send }, action) => void send(agentTyping(agent, action.isTyping)),
  },
  say: {
    takesOver: true,
    needsSocket: true,
    run: ({ session, agent, send }, action) =>
      void send(agentMessage(agent, action.text, undefined, session.templateValues().now())),
  },
  share: {
    takesOver: true,
    needsSocket: true,
    run({ session, agent, send }) {
      session.addSharedFile(BROCHURE);
      send(fileTransfer(agent, BROCHURE, session.templateValues()));
      return undefined;
    },
  },
  pushPage: {
    takesOver: true,
    needsSocket: true,
    run: ({ session, agent, send }, action) =>
      void send(
        notification({
          method: 'newPushPageMessage',
          displayName: agent.name,
          pagePushURL: action.url,
          pagePushDestination: 'newTab',
          timestamp: session.templateValues().now(),
        }),
      ),
  },
  leave: {
    takesOver: true,
    needsSocket: true,
    run: ({ session, agent, send }, action) =>
      void send(participantLeave(agent, session.roster, action.reason, action.endChat)),
  },
  end: {
    takesOver: true,
    needsSocket: true,
    run({ session, send }) {
      send(notification({ method: 'closeConversation' }));
      session.close(1000, 'Chat ended by agent');
      return undefined;
    },
  },
  routeCancel: {
    takesOver: true,
    needsSocket: true,
    run: ({ send }) => void send(notification({ method: 'routeCancel' })),
  },
  error: {
    takesOver: false,
    needsSocket: true,
    run: ({ send }, action) =>
      void send(errorFrame(action.code, action.message ?? ERROR_MESSAGES[action.code] ?? OTHER_ERROR_MESSAGE)),
  },
  close: {
    takesOver: false,
    needsSocket: true,
    run({ session }, action) {
      if (action.code === DROP_CODE) session.socket?.terminate();
      else session.close(action.code, action.reason ?? 'Closed from the agent console');
      return undefined;
    },
  },
  acknowledgements: {
    takesOver: false,
    needsSocket: false,
    run: (desk, action) => answer(desk, 'acknowledge', action.on, [], DEFAULT_ACKNOWLEDGE),
  },
  pongs: {
    takesOver: false,
    needsSocket: false,
    run: (desk, action) => answer(desk, 'pingAnswer', action.on, 'none', 'pong'),
  },
};

export const CONSOLE_ACTIONS = Object.keys(ACTIONS) as ConsoleActionName[];

export type ActOutcome = { status: 200; result: ActResult } | { status: 400 | 404 | 409; message: string };

export interface LiveConsoleDeps {
  registry: SessionRegistry;
  log(message: string): void;
}

/** The agent console's side of every session of one server. */
export class LiveConsole {
  readonly #deps: LiveConsoleDeps;
  readonly #seats = new WeakMap<ChatSession, Seat>();

  constructor(deps: LiveConsoleDeps) {
    this.#deps = deps;
  }

  /** Reads and performs one action on the live session with this guid. */
  act(guid: number, body: unknown): ActOutcome {
    const read = readAction(body, CONSOLE_ACTIONS);
    if ('problem' in read) return { status: 400, message: read.problem };
    const action = read.action;
    const session = this.#deps.registry.get(guid);
    if (session === undefined || session.ended) {
      return { status: 404, message: `no live chat session with guid ${guid}: pick one GET /__mock/sessions lists` };
    }
    const spec = ACTIONS[action.action] as ActionSpec<ConsoleAction>;
    const socket = session.socket;
    if (spec.needsSocket && (socket === undefined || !socket.open || session.silenced(socket))) {
      return {
        status: 409,
        message: `the visitor's socket is ${socket?.open ? 'half-open' : 'not open (the visitor is away or reconnecting)'}: nothing was sent; try again once the chat renews`,
      };
    }
    const seat = this.#seat(session);
    const agent = 'agent' in action ? this.#agent(session, seat, action.agent) : undefined;
    if ('agent' in action && agent === undefined) {
      const present = session.roster.map((p) => `${p.id} (${p.name})`).join(', ') || 'none';
      return {
        status: 409,
        message: `agent "${action.agent}" is not in the chat (present: ${present}): join first, or name one present`,
      };
    }
    if (spec.takesOver && session.takeOver()) {
      this.#deps.log(`[console] ${session.label}: taken over at the agent console; its script stopped`);
    }
    const before = session.sent.at(-1)?.seq ?? 0;
    const desk: Desk = {
      session,
      seat,
      agent: agent as Agent,
      send: (frame) => session.send(frame, FROM_CONSOLE, false, FROM_CONSOLE),
    };
    const ran = spec.run(desk, action);
    this.#deps.log(`[console] ${session.label}: ${describe(action, agent ?? undefined)}`);
    return {
      status: 200,
      result: {
        success: true,
        guid,
        action: action.action,
        controlledBy: session.controlledBy,
        frames: session.sent
          .filter((entry) => entry.seq > before)
          .map((entry) => ({
            seq: entry.seq,
            method: frameMethod(entry.frame),
            ...(entry.note !== undefined && entry.note !== FROM_CONSOLE ? { note: entry.note } : {}),
          })),
        ...(ran?.agent ? { agent: ran.agent } : {}),
      },
    };
  }

  #seat(session: ChatSession): Seat {
    let seat = this.#seats.get(session);
    if (seat === undefined) {
      seat = { agents: new Map(), joined: 0, paused: {} };
      this.#seats.set(session, seat);
    }
    return seat;
  }

  /** An agent present in the chat by its id: the console's own, the scenario's, or one named by the roster. */
  #agent(session: ChatSession, seat: Seat, id: string): Agent | undefined {
    const present: Participant | undefined = session.roster.find((p) => p.id === id);
    if (present === undefined) return undefined;
    const known = seat.agents.get(id) ?? Object.values(session.scenario.agents).find((a) => a.id === id);
    return known ?? { key: id, id, name: present.name, role: present.type, senderType: 'live_agent' };
  }
}

/** One action in words, for the log. */
function describe(action: ConsoleAction, agent: Agent | undefined): string {
  const as = agent ? ` as ${agent.name} (${agent.id})` : '';
  switch (action.action) {
    case 'join':
      return `${action.name} joined as ${action.senderType ?? 'live_agent'}, ${action.role ?? 'active_participant'}`;
    case 'close':
      return action.code === DROP_CODE ? 'dropped the connection (1006)' : `closed the socket with ${action.code}`;
    case 'error':
      return `sent error ${action.code}`;
    case 'acknowledgements':
    case 'pongs':
      return `${action.on ? 'resumed' : 'paused'} ${action.action}`;
    default:
      return `${action.action}${as}`;
  }
}
