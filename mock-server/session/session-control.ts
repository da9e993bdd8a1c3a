/**
 * One test's own chat session, without touching anyone else's: read its journal, wait for a
 * frame it sent, switch the scenario it plays, reset it. Parallel tests (or workers) sharing
 * one server each hold their own session by its guid, in-process (`server.session(guid)`) or over
 * HTTP (`/__mock/sessions/GUID/...`); a reset ends that session and closes its socket only.
 */
import type { FrameDirection } from '../../contract/frame-check.js';
import type { ConsoleAction } from '../../generated/agent-console.js';
import { MockChatError } from '../errors.js';
import type { ActResult } from '../live/console-api.js';
import type { ActOutcome } from '../live/live-console.js';
import type { Scenario, Step } from '../scenario/types.js';
import type { RecordedFrame, TranscriptEntry } from './chat-session.js';
import type { SessionRegistry } from './registry.js';
import type { FrameHit, FrameMatch, SessionQuery, SessionReport, Verification } from './verification.js';

/** The close code and reason a session's socket gets when a test resets the session. */
export const SESSION_RESET = { code: 1000, reason: 'Chat session reset by the test' } as const;

/** One frame of a session's journal, either direction, in the order the server recorded it. */
export interface JournalEntry extends RecordedFrame {
  direction: FrameDirection;
}

export interface WaitOptions {
  /** Milliseconds (default 5000); then a WaitForTimeout rejects. */
  timeout?: number;
}

/** A test's handle on one chat session (it need not exist yet: a guid the test learnt). */
export interface MockSession {
  readonly guid: number;
  /** Its report now (live or recently ended), or undefined. */
  report(): SessionReport | undefined;
  /** Its frames, both directions, oldest first; narrowed like a SessionQuery. */
  journal(query?: Omit<SessionQuery, 'guid'>): JournalEntry[];
  /** A copy of its transcript while it is live (every newMessage, in order). */
  transcript(): TranscriptEntry[] | undefined;
  /** The first frame of this session the match selects (client frames unless `direction` says). */
  waitFor(match?: Omit<FrameMatch, 'guid'>, options?: WaitOptions): Promise<FrameHit>;
  /** Plays another scenario from now on (see ChatSession.play). Throws for an unknown name or session. */
  switchScenario(name: string): void;
  /** Ends the session, closes its socket (1000) and forgets its report; false when there was none. */
  reset(): boolean;
  /**
   * Does what a person at the agent console does (join, say, type, leave, close...; the body of
   * POST /__mock/sessions/GUID/action). Throws a MockChatError: BAD_ACTION, UNKNOWN_SESSION, or
   * ACTION_REFUSED when it cannot be done now.
   */
  act(action: ConsoleAction): ActResult;
}

/** The steps of a scenario after those that start a chat: the session playing it has started. */
export function afterChatStart(steps: readonly Step[]): Step[] {
  let first = 0;
  for (const step of steps) {
    const startsChat =
      (step.kind === 'expect' && step.method === 'requestChat') ||
      (step.kind === 'send' && (step.frame as { body?: { method?: unknown } }).body?.method === 'requestChat');
    if (!startsChat) break;
    first += 1;
  }
  return steps.slice(first);
}

export interface SessionControlDeps {
  registry: SessionRegistry;
  verification: Verification;
  /** The scenario with this name (throws UNKNOWN_SCENARIO). */
  scenario(name: string): Scenario;
  /** The agent console's action on the session with this guid (live/live-console.ts). */
  act(guid: number, action: unknown): ActOutcome;
  log(message: string): void;
}

const ACT_ERRORS = { 400: 'BAD_ACTION', 404: 'UNKNOWN_SESSION', 409: 'ACTION_REFUSED' } as const;

export class SessionControl {
  readonly #deps: SessionControlDeps;

  constructor(deps: SessionControlDeps) {
    this.#deps = deps;
  }

  /** Ends one session and forgets it; every other session and socket goes on. False when unknown. */
  reset(guid: number): boolean {
    const live = this.#deps.registry.get(guid);
    if (live) {
      const socket = live.socket;
      live.end();
      socket?.close(SESSION_RESET.code, SESSION_RESET.reason);
    }
    const forgotten = this.#deps.verification.forget(guid);
    if (live || forgotten) this.#deps.log(`[mock-chat] guid ${guid}: reset by the test (other sessions go on)`);
    return live !== undefined || forgotten;
  }

  /** The live session plays `name` from now on. */
  switchScenario(guid: number, name: string): Scenario {
    const session = this.#deps.registry.get(guid);
    if (!session || session.ended) {
      throw new MockChatError(
        'UNKNOWN_SESSION',
        `no live chat session with guid ${guid}`,
        'switch a session while it is live: its guid is in GET /__mock/sessions',
      );
    }
    const scenario = this.#deps.scenario(name);
    session.play(scenario, afterChatStart(scenario.conversation));
    this.#deps.log(`[mock-chat] ${session.label}: now plays scenario ${scenario.name} (switched by the test)`);
    return scenario;
  }

  /** A test's handle on the session with this guid. */
  session(guid: number): MockSession {
    const { registry, verification } = this.#deps;
    return {
      guid,
      report: () => verification.sessions({ guid })[0],
      journal(query = {}) {
        const report = verification.sessions({ ...query, guid })[0];
        if (!report) return [];
        return [
          ...report.received.map((entry): JournalEntry => ({ ...entry, direction: 'client' })),
          ...report.sent.map((entry): JournalEntry => ({ ...entry, direction: 'server' })),
        ].sort((a, b) => a.seq - b.seq);
      },
      transcript() {
        const entries = registry.get(guid)?.transcript;
        return entries?.map((entry) => ({ ...entry }));
      },
      waitFor: (match = {}, options = {}) =>
        verification.waitForFrame({ direction: 'client', ...match, guid }, options.timeout),
      switchScenario: (name) => void this.switchScenario(guid, name),
      reset: () => this.reset(guid),
      act: (action) => {
        const outcome = this.#deps.act(guid, action);
        if (outcome.status === 200) return outcome.result;
        throw new MockChatError(ACT_ERRORS[outcome.status], outcome.message);
      },
    };
  }
}
