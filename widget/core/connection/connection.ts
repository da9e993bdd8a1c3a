/**
 * The shell of the session machine (session-machine.ts): it owns the socket and each phase's
 * timers, turns socket callbacks into machine events and carries out the machine's effects.
 * What the frames mean for the chat is the chat session's business.
 */

import { assertNever } from '../../../contract/assert-never.js';
import type { ClientFrame } from '../../../generated/chat-socket.js';
import type { WidgetSettings } from '../config/settings.js';
import { SOCKET_OPEN, type SocketLike, type WidgetEnvironment } from '../env.js';
import { pingFrame } from './frames.js';
import { parseIncoming } from './incoming.js';
import type { ReadNotificationFrame } from './normalize.js';
import { createPhaseTimers, type PhaseTimers } from './phase-timers.js';
import {
  type Effect,
  FINAL_CLOSE_CODE,
  type FinalClose,
  initialMachineState,
  type MachineEvent,
  type MachineState,
  type Phase,
  RECONNECT_CLOSE_CODE,
  retryDelay,
  transition,
} from './session-machine.js';

export type { FinalClose } from './session-machine.js';

export interface ConnectionHandlers {
  /** Open: log in now (requestChat, or renewChat when previously connected). */
  onOpen(repeat: boolean): void;
  onNotification(frame: ReadNotificationFrame): void;
  /** The server acknowledged a request (body.method); acknowledgements come in request order. */
  onAcknowledgement?(method: string): void;
  /** An error frame with a code other than 1; retries are off and the socket is closing. */
  onFatalError(code: number, message: string): void;
  /** Error 1 ('invalid message', not fatal: the socket stays), with the request method it names, if any. */
  onInvalidMessage?(message: string, method: string | undefined): void;
  /** The server answered one of the widget's pings, the first time in this chat (the liveness check applies). */
  onPingsAnswered?(): void;
  /** A socket error while connected (not during reconnect attempts). */
  onSocketError(): void;
  /** A logged-in socket went away (any close but our own); `code` as the close event gave it. */
  onSocketLost?(code: number): void;
  onReconnecting(attempt: number): void;
  onFinalClose(close: FinalClose): void;
  /** A frame went out or came in, whatever it was (activity, section 4 page refresh). */
  onActivity?(): void;
}

export type ConnectionSettings = Pick<
  WidgetSettings,
  | 'pingTimer'
  | 'retryInterval'
  | 'retryJitter'
  | 'maxNumberOfRetries'
  | 'connectTimeout'
  | 'minUptime'
  | 'livenessTimeout'
  | 'normalCloseCodes'
  | 'transferCloseCodes'
  | 'maxIncomingFrameBytes'
>;

export interface ConnectionOptions {
  env: WidgetEnvironment;
  settings: ConnectionSettings;
  url: string;
  /** Starts logged in when renewing a stored session. */
  previouslyConnected: boolean;
  /**
   * This tab's last request timestamp, and the one in shared storage (another tab may write it;
   * null: no other tab can take this chat over).
   */
  ownTimestamp(): number | null;
  storedTimestamp(): number | null;
  handlers: ConnectionHandlers;
}

export interface Connection {
  connect(): void;
  /** Sends when the socket is open; returns whether it did. */
  send(frame: ClientFrame): boolean;
  /**
   * Sends a ping now and calls `answered` when the server's answer to it arrives on this same
   * socket. The server answers frames in order, so by then it has processed every frame sent
   * before the ping. Forgotten (never called) if the socket goes first. Returns whether sent.
   */
  barrier(answered: () => void): boolean;
  isOpen(): boolean;
  /** Whether the server has answered a ping in this chat (the liveness check applies). */
  answersPings(): boolean;
  /**
   * A timeout owned by the open phase: it goes with the socket (a drop, liveness lost, the end)
   * and never fires into the next one. Outside the open phase nothing is set. Returns a cancel.
   */
  openPhaseTimeout(ms: number, fire: () => void): () => void;
  /** No more retries (route cancel, close conversation). */
  stopRetrying(): void;
  /** Closes on purpose: no retry, no chat-ended notice. */
  close(): void;
  /**
   * The page came back from the back/forward cache: the browser closed the socket while the
   * page was frozen (its close event arrives now or just after). Reconnect at once instead of
   * after retryInterval; an open socket is checked with a ping.
   */
  reconnectNow(): void;
  dispose(): void;
}

export function createConnection(options: ConnectionOptions): Connection {
  const { env, settings, handlers } = options;
  const config = { maxNumberOfRetries: settings.maxNumberOfRetries, normalCloseCodes: settings.normalCloseCodes };
  let state: MachineState = initialMachineState(options.previouslyConnected);
  let phaseTimers: PhaseTimers = createPhaseTimers(env.timers);
  let socket: SocketLike | null = null;
  let lastCloseCode = 1006;
  let disposed = false;
  let pingAnswerSeen = false;
  /** Per socket: pings sent and answered, and the barriers waiting for the answer to ping `at`. */
  let pingsSent = 0;
  let pingsAnswered = 0;
  let barriers: { at: number; answered: () => void }[] = [];
  /** Per socket: when each ping not answered yet went out, oldest first (the liveness clock). */
  let unansweredSince: number[] = [];
  let stopLivenessTimer: (() => void) | null = null;
  /** Until then, a socket lost is retried at once (the page just came back from the bfcache). */
  let promptRetryUntil = 0;
  const ignoredSeen = new Set<string>();

  function run(event: MachineEvent): void {
    if (disposed) return;
    const before = state.phase;
    const step = transition(state, event, config);
    state = step.state;
    if (state.phase.kind !== before.kind) enterPhase(state.phase);
    for (const effect of step.effects) perform(effect);
  }

  /** A new phase: the old phase's timers go, the new phase's start. */
  function enterPhase(phase: Phase): void {
    phaseTimers.dispose();
    phaseTimers = createPhaseTimers(env.timers);
    stopLivenessTimer = null;
    switch (phase.kind) {
      case 'connecting':
        phaseTimers.timeout(settings.connectTimeout, () => run({ type: 'connectTimedOut' }));
        return;
      case 'open':
        resetPings();
        phaseTimers.interval(settings.pingTimer, () => ping());
        if (!phase.stable) phaseTimers.timeout(settings.minUptime, () => run({ type: 'stayedUp' }));
        return;
      case 'backoff': {
        const prompt = env.now() < promptRetryUntil;
        promptRetryUntil = 0;
        const delay = prompt ? 0 : retryDelay(settings.retryInterval, settings.retryJitter, env.random());
        // Another tab's timestamp reaches this tab's storage asynchronously and may land after
        // the close itself: look again before reconnecting, or two tabs take the chat back and forth.
        phaseTimers.timeout(delay, () => run({ type: 'retryDue', transferred: isTransfer(lastCloseCode) }));
        return;
      }
      case 'idle':
      case 'ended':
        return;
      default:
        assertNever(phase, 'phase');
    }
  }

  function perform(effect: Effect): void {
    switch (effect.type) {
      case 'openSocket':
        open();
        return;
      case 'closeSocket':
        detach()?.close(effect.code);
        return;
      case 'login':
        handlers.onOpen(effect.repeat);
        return;
      case 'reconnecting':
        handlers.onReconnecting(effect.attempt);
        return;
      case 'ended':
        phaseTimers.dispose();
        handlers.onFinalClose(effect.close);
        return;
      default:
        assertNever(effect, 'effect');
    }
  }

  function resetPings(): void {
    pingsSent = 0;
    pingsAnswered = 0;
    barriers = [];
    unansweredSince = [];
  }

  /**
   * Liveness: a server that answers pings must answer each within livenessTimeout, or the
   * socket is dead (half-open). The deadline is the oldest unanswered ping's, so it holds from
   * the moment a ping goes out, even one sent before the server's first answer in this chat.
   */
  function checkLiveness(): void {
    stopLivenessTimer?.();
    stopLivenessTimer = null;
    const oldest = unansweredSince[0];
    if (oldest === undefined || !pingAnswerSeen) return;
    const wait = Math.max(0, oldest + settings.livenessTimeout - env.now());
    stopLivenessTimer = phaseTimers.timeout(wait, () => {
      stopLivenessTimer = null;
      env.logger.warn(`chat socket: no answer to a ping within ${settings.livenessTimeout} ms; reconnecting`);
      lost(1006);
      run({ type: 'livenessLost' });
    });
  }

  function ping(): boolean {
    if (!send(pingFrame())) return false;
    pingsSent += 1;
    unansweredSince.push(env.now());
    if (stopLivenessTimer === null) checkLiveness();
    return true;
  }

  function pingAnswered(): void {
    // Answers beyond the pings sent (a server pinging on its own) prove nothing.
    if (pingsAnswered >= pingsSent) return;
    pingsAnswered += 1;
    if (!pingAnswerSeen) {
      pingAnswerSeen = true;
      handlers.onPingsAnswered?.();
    }
    unansweredSince.shift();
    checkLiveness();
    const due = barriers.filter((b) => b.at <= pingsAnswered);
    barriers = barriers.filter((b) => b.at > pingsAnswered);
    for (const barrier of due) barrier.answered();
  }

  function send(frame: ClientFrame): boolean {
    if (socket === null || socket.readyState !== SOCKET_OPEN) return false;
    socket.send(JSON.stringify(frame));
    handlers.onActivity?.();
    return true;
  }

  function handleMessage(data: unknown): void {
    handlers.onActivity?.();
    const incoming = parseIncoming(data, settings.maxIncomingFrameBytes);
    if (incoming.kind === 'ignored') {
      // Nothing to act on (an older server's frame, an out-of-scope notification): said once per kind.
      if (!ignoredSeen.has(incoming.what)) {
        ignoredSeen.add(incoming.what);
        env.logger.info(`chat socket: ignoring ${incoming.what} (not used by this widget)`);
      }
      return;
    }
    if (incoming.kind === 'refused') {
      env.logger.warn(incoming.error.message);
      env.onError(incoming.error);
      return;
    }
    const frame = incoming.frame;
    switch (frame.type) {
      case 'notification':
        // Older servers answer a ping with method ping.
        if (frame.body.method === 'pong' || frame.body.method === 'ping') pingAnswered();
        handlers.onNotification(frame);
        return;
      case 'acknowledgement':
        handlers.onAcknowledgement?.(frame.body.method);
        return;
      case 'error':
        if (frame.body.code === 1) {
          if (handlers.onInvalidMessage) handlers.onInvalidMessage(frame.body.errorMessage, frame.body.method);
          else env.logger.warn(`chat socket: error 1 (not fatal): ${frame.body.errorMessage}`);
          return;
        }
        handlers.onFatalError(frame.body.code, frame.body.errorMessage);
        run({ type: 'fatalError' });
        return;
      default:
        assertNever(frame, 'server frame');
    }
  }

  function isTransfer(code: number): boolean {
    if (!settings.transferCloseCodes.includes(code)) return false;
    const stored = options.storedTimestamp();
    const own = options.ownTimestamp();
    return stored !== null && (own === null || stored > own);
  }

  /** A socket that was logged in went away. */
  function lost(code: number): void {
    if (state.phase.kind === 'open') handlers.onSocketLost?.(code);
  }

  function handleClose(code: number): void {
    socket = null;
    lastCloseCode = code;
    if (!settings.normalCloseCodes.includes(code) && state.phase.kind !== 'ended') {
      env.logger.warn(`chat socket closed abnormally (code ${code})`);
    }
    lost(code);
    run({ type: 'closed', code, transferred: isTransfer(code) });
  }

  function open(): void {
    let created: SocketLike;
    try {
      created = new env.WebSocket(options.url);
    } catch (error) {
      // A bad address or a blocked constructor: an attempt that failed, never an exception for the page.
      env.logger.error('chat socket: could not open', error);
      handleClose(1006);
      return;
    }
    socket = created;
    created.onopen = () => {
      if (socket === created) run({ type: 'opened' });
    };
    created.onmessage = (event) => {
      if (socket === created) handleMessage(event.data);
    };
    created.onerror = (event) => {
      if (socket !== created) return;
      env.logger.warn('chat socket error', event);
      if (state.phase.kind === 'open' && state.phase.attempt === 0) handlers.onSocketError();
    };
    created.onclose = (event) => {
      if (socket === created) handleClose(event.code);
    };
  }

  function detach(): SocketLike | null {
    const current = socket;
    if (current !== null) {
      current.onopen = null;
      current.onmessage = null;
      // A socket let go may still report an error: closing one that is still connecting does
      // (Node's ws throws it when nobody listens). It is nobody's business now, but never unhandled.
      current.onerror = () => {};
      current.onclose = null;
    }
    socket = null;
    return current;
  }

  return {
    connect: () => run({ type: 'connect' }),
    send,
    barrier(answered) {
      if (!ping()) return false;
      barriers.push({ at: pingsSent, answered });
      return true;
    },
    isOpen: () => socket !== null && socket.readyState === SOCKET_OPEN,
    answersPings: () => pingAnswerSeen,
    openPhaseTimeout(ms, fire) {
      if (disposed || state.phase.kind !== 'open') return () => {};
      return phaseTimers.timeout(ms, fire);
    },
    stopRetrying: () => run({ type: 'stopRetrying' }),
    close: () => run({ type: 'closeRequested' }),
    reconnectNow() {
      if (disposed) return;
      if (state.phase.kind === 'backoff') {
        run({ type: 'retryDue', transferred: isTransfer(lastCloseCode) });
        return;
      }
      promptRetryUntil = env.now() + settings.pingTimer;
      if (state.phase.kind === 'open') ping();
    },
    dispose() {
      disposed = true;
      phaseTimers.dispose();
      // A chat not over lives on in storage and the next page renews it: not a normal close.
      detach()?.close(state.phase.kind === 'ended' ? FINAL_CLOSE_CODE : RECONNECT_CLOSE_CODE);
    },
  };
}
