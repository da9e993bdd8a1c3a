/**
 * The agent console's state and commands, framework-free: the live feed in (feed events applied
 * to the session model), a person's actions out (postAction), the agent's typing signal, and a
 * clock tick for waiting times and the visitor's typing. The view subscribes (React's
 * useSyncExternalStore) and calls commands; it holds no state of its own beyond form fields.
 * Every timer, the feed and the typing signal are owned here and go with dispose().
 */
import type { ActResult, ConsoleAction, FeedEvent } from '../../mock-server/live/console-api.js';
import { ActionRefused, type Fetch, postAction } from './actions-client.js';
import { applyFeedEvent, EMPTY, type SessionsState, sessionChanges, waitingNow } from './sessions.js';
import { createTypingSignal, type TypingSignal } from './typing-signal.js';

/** One open feed (an EventSource in the page). */
export interface FeedConnection {
  close(): void;
}

export interface FeedHandlers {
  open(): void;
  message(data: string): void;
  /** The stream broke; the feed reconnects by itself (EventSource does). */
  error(): void;
}

export interface ConsoleEnv {
  /** This server's origin ('' for the page's own). */
  base: string;
  fetch: Fetch;
  openFeed(url: string, handlers: FeedHandlers): FeedConnection;
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface ConsoleView {
  connection: 'connecting' | 'open' | 'lost';
  model: SessionsState;
  selected: number | null;
  /** The clock the view reads waiting times and typing against (ticks every second). */
  now: number;
  /** Per session, the agent the person speaks as (chosen, or the last they joined as). */
  speakAs: Readonly<Record<number, string>>;
  /** An action is on its way. */
  busy: boolean;
  /** The server's words for the last action it refused. */
  refusal: string | null;
  /** The newest thing worth saying to a screen reader (sessions starting, ending, waiting). */
  announcement: { id: number; text: string } | null;
}

/** Actions named without the session or agent: the console fills those in. */
type AgentAction = Extract<ConsoleAction, { agent: string }>;
type WithoutAgent<A> = A extends { agent: string } ? Omit<A, 'agent'> : never;

export interface AgentConsole {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ConsoleView;
  select(guid: number | null): void;
  speakAs(agentId: string): void;
  /** The agent the person speaks as in the selected session, if one is present. */
  speaker(view?: ConsoleView): string | undefined;
  /** Any action on the selected session; resolves with the answer, or undefined when refused (see `refusal`). */
  act(action: ConsoleAction): Promise<ActResult | undefined>;
  /** An action spoken by the selected agent. */
  actAsAgent(action: WithoutAgent<AgentAction>): Promise<ActResult | undefined>;
  /** A key went down in the message field. */
  typed(): void;
  /** Sends the message as the selected agent (the typing signal stops first). */
  say(text: string): Promise<boolean>;
  /** The message field lost focus. */
  stoppedTyping(): void;
  dispose(): void;
}

export function createAgentConsole(env: ConsoleEnv): AgentConsole {
  const listeners = new Set<() => void>();
  let view: ConsoleView = {
    connection: 'connecting',
    model: EMPTY,
    selected: null,
    now: env.now(),
    speakAs: {},
    busy: false,
    refusal: null,
    announcement: null,
  };
  let announced = 0;
  let feed: FeedConnection | undefined;
  let typing: { guid: number; agent: string; signal: TypingSignal } | undefined;
  let disposed = false;

  const update = (change: Partial<ConsoleView>) => {
    if (disposed) return;
    view = { ...view, ...change };
    for (const listener of [...listeners]) listener();
  };
  const announce = (text: string) => ({ id: ++announced, text });

  const onEvent = (data: string) => {
    let event: FeedEvent;
    try {
      event = JSON.parse(data) as FeedEvent;
    } catch {
      return;
    }
    const model = applyFeedEvent(view.model, event);
    // A snapshot after a reconnect says what changed meanwhile; the first one, who waits for a person.
    const first = event.type === 'snapshot' && view.connection === 'connecting';
    const said = first ? waitingNow(model) : sessionChanges(view.model, model, env.now());
    update({ model, connection: 'open', ...(said.length > 0 ? { announcement: announce(said.join('. ')) } : {}) });
  };

  const connect = (watch: number | null) => {
    feed?.close();
    const query = watch === null ? '' : `?watch=${watch}`;
    feed = env.openFeed(`${env.base}/__mock/agent/events${query}`, {
      // Live once the snapshot is in (onEvent): the list is then what the server has.
      open: () => undefined,
      message: onEvent,
      error: () => update({ connection: 'lost' }),
    });
  };

  const tick = env.setInterval(() => update({ now: env.now() }), 1000);
  connect(null);

  const speaker = (at: ConsoleView = view): string | undefined => {
    const guid = at.selected;
    const session = at.model.sessions.find((s) => s.guid === guid);
    if (guid === null || session === undefined) return undefined;
    const present = session.participants.map((p) => p.id);
    const chosen = at.speakAs[guid];
    return chosen !== undefined && present.includes(chosen) ? chosen : present.at(-1);
  };

  const act = async (action: ConsoleAction): Promise<ActResult | undefined> => {
    const guid = view.selected;
    if (guid === null) return undefined;
    update({ busy: true });
    try {
      const result = await postAction(env.fetch, env.base, guid, action);
      const joined = result.agent;
      update({
        busy: false,
        refusal: null,
        ...(joined ? { speakAs: { ...view.speakAs, [guid]: joined.id } } : {}),
      });
      return result;
    } catch (error) {
      const refusal = error instanceof ActionRefused ? error.message : String(error);
      update({ busy: false, refusal });
      return undefined;
    }
  };

  /** The typing signal of the selected session and agent (a new one when either changed). */
  const typingSignal = (): TypingSignal | undefined => {
    const guid = view.selected;
    const agent = speaker();
    if (typing !== undefined && (typing.guid !== guid || typing.agent !== agent)) {
      typing.signal.stop();
      typing = undefined;
    }
    if (guid === null || agent === undefined) return undefined;
    typing ??= {
      guid,
      agent,
      // Best effort: a refused isTyping (the socket is renewing) is not worth an alert.
      signal: createTypingSignal(
        (isTyping) =>
          void postAction(env.fetch, env.base, guid, { action: 'typing', agent, isTyping }).catch(() => undefined),
        env,
      ),
    };
    return typing.signal;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => view,
    select(guid) {
      if (guid === view.selected) return;
      typing?.signal.stop();
      typing = undefined;
      update({ selected: guid, refusal: null, model: { ...view.model, watched: null, frames: [] } });
      connect(guid);
    },
    speakAs(agentId) {
      const guid = view.selected;
      if (guid === null) return;
      update({ speakAs: { ...view.speakAs, [guid]: agentId } });
    },
    speaker,
    act,
    actAsAgent(action) {
      const agent = speaker();
      if (agent === undefined) {
        update({ refusal: 'No agent of yours is in this chat: join first.' });
        return Promise.resolve(undefined);
      }
      return act({ ...action, agent } as ConsoleAction);
    },
    typed: () => typingSignal()?.keystroke(),
    stoppedTyping: () => typing?.signal.stop(),
    async say(text) {
      const agent = speaker();
      typingSignal()?.stop();
      if (agent === undefined) {
        update({ refusal: 'No agent of yours is in this chat: join first.' });
        return false;
      }
      return (await act({ action: 'say', agent, text })) !== undefined;
    },
    dispose() {
      disposed = true;
      typing?.signal.dispose();
      feed?.close();
      env.clearInterval(tick);
      listeners.clear();
    },
  };
}
