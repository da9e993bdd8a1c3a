/**
 * The shell of the chat machine (chat/chat-machine.ts), as connection.ts is the socket
 * machine's: it turns the connection's callbacks, commands, timers and the on-hold player into
 * chat events, publishes the chat's view to the store, and carries out the effects. It never
 * reads the store: what the chat knows is the machine's.
 */
import {
  type Chat,
  type ChatConfig,
  type ChatEffect,
  type ChatEvent,
  type ChatTimer,
  startChat,
  TIMER_OWNERS,
  transition,
} from '../chat/chat-machine.js';
import { createConnection } from '../connection/connection.js';
import { createOnHoldPlayer } from '../onhold/player.js';
import type { ChatSession, ChatSessionOptions } from './types.js';

export type { ChatSession, ChatSessionOptions } from './types.js';

export function createChatSession(options: ChatSessionOptions): ChatSession {
  const { env, settings, session, details } = options;
  const staticConfig: Omit<ChatConfig, 'texts'> = {
    settings,
    visibility: options.visibility,
    details,
    userAgent: env.userAgent,
    pageUrl: env.location.href,
    textDirection: options.textDirection,
    // Read before this chat stamps anything: the lead goes out only for a chat with no earlier request.
    earlierTimestamp: session.lastChatRequestTimestamp(),
  };
  const config = (): ChatConfig => ({ ...staticConfig, texts: options.texts() });
  /** Cancels of the timers set now, by name; a socket's go with it (connection.openPhaseTimeout). */
  const timers = new Map<ChatTimer, () => void>();
  /** Events that arrive while effects are carried out wait their turn: one transition at a time. */
  const queue: ChatEvent[] = [];
  let running = false;
  let released = false;

  const at = () => env.now();
  const onHold = createOnHoldPlayer({
    env,
    onComfortMessage: (text) => run({ type: 'onHoldMessage', text, at: at() }),
    onUrlMessage: (description, urls) => run({ type: 'onHoldUrls', description, urls, at: at() }),
  });
  const connection = createConnection({
    env,
    settings,
    url: options.url,
    previouslyConnected: options.resume !== null,
    ownTimestamp: () => chat.stampedAt,
    // An ending chat is never taken for a move to another tab: a new chat here writes newer timestamps.
    storedTimestamp: () => (chat.lifecycle.kind === 'ending' ? null : session.lastChatRequestTimestamp()),
    handlers: {
      onOpen: (repeat) => run({ type: 'loggedIn', repeat, at: at() }),
      onNotification: (frame) => run({ type: 'notification', body: frame.body, at: at() }),
      onAcknowledgement: (method) => run({ type: 'acknowledged', method, at: at() }),
      onFatalError: (code, message) => run({ type: 'errorFrame', code, message, method: undefined, at: at() }),
      onInvalidMessage: (message, method) => run({ type: 'errorFrame', code: 1, message, method, at: at() }),
      onPingsAnswered: () => run({ type: 'pingsAnswered', at: at() }),
      onSocketError: () => run({ type: 'socketError', at: at() }),
      onSocketLost: (code) => run({ type: 'socketLost', code, at: at() }),
      onReconnecting: (attempt) => run({ type: 'reconnecting', attempt, at: at() }),
      onFinalClose: (close) => run({ type: 'connectionEnded', close, at: at() }),
      onActivity: () => run({ type: 'activity', at: at() }),
    },
  });

  const start = startChat(
    options.resume !== null ? { resume: options.resume } : { contextId: session.contextId() },
    config(),
    at(),
  );
  let chat: Chat = start.chat;

  function run(event: ChatEvent): void {
    if (released) return;
    queue.push(event);
    if (!running) drain();
  }

  function drain(first: () => void = () => {}): void {
    running = true;
    try {
      first();
      for (let next = queue.shift(); next !== undefined && !released; next = queue.shift()) step(next);
    } finally {
      running = false;
      if (released) queue.length = 0;
    }
  }

  function step(event: ChatEvent): void {
    const before = chat.view;
    const next = transition(chat, event, config());
    chat = next.chat;
    if (chat.view !== before) options.dispatch({ type: 'chatChanged', chat: chat.view });
    for (const effect of next.effects) perform(effect);
  }

  function setTimer(timer: ChatTimer, ms: number): void {
    clearTimer(timer);
    const fire = () => {
      timers.delete(timer);
      run({ type: 'timerFired', timer, at: at() });
    };
    if (TIMER_OWNERS[timer] === 'socket') {
      timers.set(timer, connection.openPhaseTimeout(ms, fire));
      return;
    }
    const handle = env.timers.setTimeout(fire, ms);
    timers.set(timer, () => env.timers.clearTimeout(handle));
  }

  function clearTimer(timer: ChatTimer): void {
    timers.get(timer)?.();
    timers.delete(timer);
  }

  /** One performer per effect, named after it: the compiler names any effect left without one. */
  const performers: { [T in ChatEffect['type']]: (effect: Extract<ChatEffect, { type: T }>) => void } = {
    connect: () => connection.connect(),
    send: (effect) => connection.send(effect.frame),
    barrier: ({ barrier }) => connection.barrier(() => run({ type: 'barrierAnswered', barrier, at: at() })),
    setTimer: (effect) => setTimer(effect.timer, effect.ms),
    clearTimer: (effect) => clearTimer(effect.timer),
    stopRetrying: () => connection.stopRetrying(),
    closeConnection: () => connection.close(),
    reconnectNow: () => connection.reconnectNow(),
    saveConfirmed: ({ guid, authenticationKey, contextId }) =>
      session.saveConfirmed({ guid, authenticationKey, contextId }),
    saveChatState: (effect) => session.saveChatState(effect.state),
    touch: (effect) => session.touch(effect.at),
    touchActivity: (effect) => session.touchActivity(effect.at),
    clearStored: () => session.clear(),
    onHoldGroups: (effect) => onHold.configure(effect.comfort, effect.urls),
    onHold: (effect) => (effect.play ? onHold.start() : onHold.stop()),
    analytics: (effect) => env.analytics(effect.event),
    lead: (effect) => options.onFirstConfirmation(effect.workRequestId, details),
    failed: (effect) => options.dispatch({ type: 'chatFailed', card: effect.card }),
    finished: (effect) => options.onFinished(effect.outcome),
    release() {
      dispose();
      options.onReleased();
    },
    log: (effect) => env.logger.warn(effect.message),
    report: (effect) => env.onError(effect.error),
  };

  function perform(effect: ChatEffect): void {
    (performers[effect.type] as (effect: ChatEffect) => void)(effect);
  }

  function dispose(): void {
    released = true;
    for (const cancel of timers.values()) cancel();
    timers.clear();
    onHold.dispose();
    connection.dispose();
  }

  drain(() => {
    options.dispatch({ type: 'chatChanged', chat: chat.view });
    for (const effect of start.effects) perform(effect);
  });

  return {
    sendMessage: (text) => run({ type: 'send', text, at: at() }),
    retryMessage: (id) => run({ type: 'retry', id, at: at() }),
    customerTyping: () => run({ type: 'typed', at: at() }),
    pageShown: () => run({ type: 'pageShown', at: at() }),
    endChat: () => run({ type: 'end', at: at() }),
    dispose,
  };
}
