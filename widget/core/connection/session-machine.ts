/**
 * The chat socket's session state machine (section 4, socket lifecycle), as pure data: a phase
 * union, the events that move it, and `transition`, which returns the next state and the
 * effects for the shell (connection.ts) to carry out. No timers, sockets or storage here, so
 * every path is a table row or a generated sequence in a test.
 *
 *            connect                 opened                  stayed up minUptime
 *   idle ───────────▶ connecting ───────────▶ open{unstable} ─────────────────────▶ open{stable}
 *                       │  ▲                     │                                   │
 *   closed / timed out  │  │ retry due           │ closed (abnormal) / liveness lost │
 *                       ▼  │                     ▼                                   ▼
 *                      backoff{attempt} ◀────────┴───────────────────────────────────┘
 *                       │ attempt > maxNumberOfRetries, transferred, retry stopped
 *                       ▼
 *   (any phase) ──▶ ended{close}     normal close 1000/1005, manual close, fatal error, never logged in
 *
 * The machine knows sockets, not chats: what a login says, and whether the visitor ended the
 * chat (End Chat keeps the connection up until closeConversation reached the server), are the
 * chat machine's (chat/chat-machine.ts), which closes the connection when it needs it no more.
 */
import { assertNever } from '../../../contract/assert-never.js';

/** Why the connection is over for good. */
export type FinalClose =
  | { kind: 'closed'; manual: boolean; code: number; everConnected: boolean }
  | { kind: 'retriesExhausted' }
  | { kind: 'transferred' };

export type Phase =
  | { kind: 'idle' }
  /** A socket is being opened; `attempt` 0 is the first, n the nth retry. Owns the connect timeout. */
  | { kind: 'connecting'; attempt: number }
  /**
   * Logged in on an open socket. Owns the ping timer, the liveness check and, until `stable`,
   * the uptime timer: only a socket that stayed up minUptime resets the retry count.
   */
  | { kind: 'open'; attempt: number; stable: boolean }
  /** Waiting to retry; owns the retry timer. */
  | { kind: 'backoff'; attempt: number }
  | { kind: 'ended'; close: FinalClose };

export interface MachineState {
  phase: Phase;
  /** A socket of this chat was open at least once on this page (a later open is a reconnection). */
  everOpened: boolean;
  /** The server knows the session (a login went out, or a stored session is being resumed). */
  loggedIn: boolean;
  /** Retrying is still allowed (an error frame, route cancel or End Chat forbids it). */
  retryAllowed: boolean;
  /** The close was asked for by this side (End Chat, timeouts): it ends without a notice. */
  manualClose: boolean;
}

export type MachineEvent =
  | { type: 'connect' }
  | { type: 'opened' }
  /** The socket closed; `transferred`: another tab holds a newer request timestamp (1001/1006). */
  | { type: 'closed'; code: number; transferred: boolean }
  | { type: 'connectTimedOut' }
  /** A ping went unanswered for livenessTimeout on a server that answers pings. */
  | { type: 'livenessLost' }
  /** The socket stayed open minUptime. */
  | { type: 'stayedUp' }
  | { type: 'retryDue'; transferred: boolean }
  /** An error frame with a code other than 1. */
  | { type: 'fatalError' }
  | { type: 'stopRetrying' }
  | { type: 'closeRequested' };

/**
 * The close code of a socket closed to reconnect (vendor notes: an application code, 4001). A
 * server may end the session on 1000 or 1005 and refuse the renew that follows.
 */
export const RECONNECT_CLOSE_CODE = 4001;
/** The close code of a socket closed because the chat is over. */
export const FINAL_CLOSE_CODE = 1000;

export type Effect =
  | { type: 'openSocket' }
  /** Close the current socket on purpose (its later close event is ignored) with this code. */
  | { type: 'closeSocket'; code: number }
  /** Log in on the open socket; `repeat` when it is a reconnection. */
  | { type: 'login'; repeat: boolean }
  | { type: 'reconnecting'; attempt: number }
  | { type: 'ended'; close: FinalClose };

export interface MachineConfig {
  maxNumberOfRetries: number;
  normalCloseCodes: readonly number[];
}

export interface Step {
  state: MachineState;
  effects: Effect[];
}

export function initialMachineState(resuming: boolean): MachineState {
  return {
    phase: { kind: 'idle' },
    everOpened: false,
    loggedIn: resuming,
    retryAllowed: true,
    manualClose: false,
  };
}

function end(state: MachineState, close: FinalClose): Step {
  return { state: { ...state, phase: { kind: 'ended', close } }, effects: [{ type: 'ended', close }] };
}

function closedFinal(state: MachineState, code: number): Step {
  return end(state, { kind: 'closed', manual: state.manualClose, code, everConnected: state.everOpened });
}

/** A socket went away unasked: retry, or give up when retries ran out. */
function retryOrGiveUp(state: MachineState, attempt: number, config: MachineConfig): Step {
  if (attempt >= config.maxNumberOfRetries) return end(state, { kind: 'retriesExhausted' });
  const next = attempt + 1;
  return {
    state: { ...state, phase: { kind: 'backoff', attempt: next } },
    effects: [{ type: 'reconnecting', attempt: next }],
  };
}

/** The socket closed (or was given up on) while connecting or open. */
function lost(state: MachineState, attempt: number, code: number, transferred: boolean, config: MachineConfig): Step {
  const final = state.manualClose || !state.retryAllowed || !state.loggedIn || config.normalCloseCodes.includes(code);
  if (final) return closedFinal(state, code);
  if (transferred) return end(state, { kind: 'transferred' });
  return retryOrGiveUp(state, attempt, config);
}

/** The retry count a phase carries: a stable socket has reset it. */
function attemptOf(phase: Extract<Phase, { kind: 'connecting' | 'open' | 'backoff' }>): number {
  return phase.kind === 'open' && phase.stable ? 0 : phase.attempt;
}

export function transition(state: MachineState, event: MachineEvent, config: MachineConfig): Step {
  const phase = state.phase;
  const same: Step = { state, effects: [] };
  if (phase.kind === 'ended') return same;

  switch (event.type) {
    case 'connect':
      if (phase.kind !== 'idle') return same;
      return { state: { ...state, phase: { kind: 'connecting', attempt: 0 } }, effects: [{ type: 'openSocket' }] };

    case 'opened': {
      if (phase.kind !== 'connecting') return same;
      // A resumed chat opening at once is no reconnection; after a notice of an attempt it is.
      const repeat = state.everOpened || phase.attempt > 0;
      return {
        state: {
          ...state,
          phase: { kind: 'open', attempt: phase.attempt, stable: false },
          everOpened: true,
          loggedIn: true,
          manualClose: false,
        },
        effects: [{ type: 'login', repeat }],
      };
    }

    case 'closed':
      if (phase.kind === 'connecting' || phase.kind === 'open') {
        return lost(state, attemptOf(phase), event.code, event.transferred, config);
      }
      return same;

    case 'connectTimedOut':
      if (phase.kind !== 'connecting') return same;
      return closingSocket(lost(state, phase.attempt, 1006, false, config));

    case 'livenessLost':
      if (phase.kind !== 'open') return same;
      return closingSocket(lost(state, attemptOf(phase), 1006, false, config));

    case 'stayedUp':
      if (phase.kind !== 'open' || phase.stable) return same;
      return { state: { ...state, phase: { kind: 'open', attempt: 0, stable: true } }, effects: [] };

    case 'retryDue':
      if (phase.kind !== 'backoff') return same;
      if (event.transferred) return end(state, { kind: 'transferred' });
      if (!state.retryAllowed) return closedFinal(state, 1006);
      return {
        state: { ...state, phase: { kind: 'connecting', attempt: phase.attempt } },
        effects: [{ type: 'openSocket' }],
      };

    case 'fatalError': {
      // Section 4: any error code but 1 stops retrying and closes the socket; the chat is over.
      const stopped = { ...state, retryAllowed: false };
      if (phase.kind === 'idle' || phase.kind === 'backoff') return closedFinal(stopped, 1000);
      return closingSocket(closedFinal(stopped, 1000));
    }

    case 'stopRetrying':
      // Route cancel, closeConversation, endChatFlag: the server closes next, and that close is final.
      if (phase.kind === 'backoff') return closedFinal({ ...state, retryAllowed: false }, 1006);
      return { state: { ...state, retryAllowed: false }, effects: [] };

    case 'closeRequested': {
      const closing = { ...state, retryAllowed: false, manualClose: true };
      if (phase.kind === 'idle' || phase.kind === 'backoff') return closedFinal(closing, 1000);
      return closingSocket(closedFinal(closing, 1000));
    }

    default:
      return assertNever(event, 'machine event');
  }
}

/** The socket is closed first: with 4001 when the machine goes on to reconnect, else with 1000. */
function closingSocket(step: Step): Step {
  const code = step.state.phase.kind === 'backoff' ? RECONNECT_CLOSE_CODE : FINAL_CLOSE_CODE;
  return { state: step.state, effects: [{ type: 'closeSocket', code }, ...step.effects] };
}

/** The wait before retry `attempt`: retryInterval ± retryJitter of it; `random` in [0, 1). */
export function retryDelay(retryInterval: number, retryJitter: number, random: number): number {
  const spread = retryInterval * retryJitter;
  return Math.max(0, Math.round(retryInterval - spread + 2 * spread * random));
}
