/**
 * Plays a scenario's conversation for one chat session. Like msw handlers, matching is split
 * from resolving. Every running sequence (the conversation, each rule's answer) waits for its
 * own frames: a client frame goes to the oldest waiting `expect` it matches, else to the first
 * rule that matches, else it waits in a small inbox for a later `expect`. Steps run in order.
 * Each rule answers on its own queue: its answers come one at a time, in order, each bound to
 * the frame that triggered it, and a rule waiting (an `expect` in its steps, a long `wait`)
 * never holds up another rule or the conversation.
 *
 * Looking through the inbox for a new `expect` or rule may test up to INBOX_LIMIT frames
 * against `matches` patterns; that is done one frame a turn, so no session's event loop turn
 * costs more than one frame's matching (see pattern.ts). Frames arriving meanwhile are held
 * and delivered after, in order, as if the look had been instant.
 */

import { assertNever } from '../../contract/assert-never.js';
import type { AcceptedClientFrame, AcceptedClientMethod, Participant } from '../../generated/chat-socket.js';
import type { Timers } from '../clock.js';
import { agentTyping, framesOfStep } from './frames.js';
import { matches } from './match.js';
import { allSteps } from './steps.js';
import type { TemplateValues } from './template.js';
import type { Matchers, RuleEnd, SessionOptions, Step } from './types.js';

/** What the runner tells its session, for the log and the verification API. */
export type RunnerEvent =
  /** `rules`: the rules still answering. */
  | { kind: 'finished'; at: string; rules: number }
  | { kind: 'expectTimedOut'; at: string; method: AcceptedClientMethod }
  | { kind: 'ruleEnded'; at: string; why: string }
  /** A `live` step handed the session to the agent console. */
  | { kind: 'handedOver'; at: string }
  /** A customer frame no expect and no rule took: kept for a later expect (`kept`), or never answered. */
  | { kind: 'unanswered'; method: AcceptedClientMethod; why: string; kept: boolean };

/** What the runner needs from its session. */
export interface RunnerHost {
  readonly timers: Timers;
  readonly roster: Participant[];
  /** Template values, `lastMessage` taken from `trigger` when it is a customer message. */
  templateValues(trigger: AcceptedClientFrame | undefined): TemplateValues;
  /** `unchecked`: a deliberate contract violation the scenario asked for. */
  send(frame: unknown, at: string, unchecked: boolean): void;
  close(code: number, reason: string): void;
  drop(): void;
  halfOpen(): void;
  setOptions(options: Partial<SessionOptions>): void;
  refuse(seconds: number): void;
  /** A `live` step: a person at the agent console is to play this session from now on. */
  handOver(): void;
  /** A step threw (a bug in the mock); reported, not thrown. */
  failed(error: unknown): void;
  event(event: RunnerEvent): void;
  /** The conversation moved to another step (the verification API reports where it is). */
  moved(): void;
}

interface Waiter {
  method: AcceptedClientMethod;
  where: Matchers | undefined;
  resolve(frame: AcceptedClientFrame | 'timeout' | undefined): void;
}

interface ActiveRule {
  at: string;
  on: AcceptedClientMethod;
  where: Matchers | undefined;
  once: boolean;
  until: RuleEnd | undefined;
  /** Keys of the agents the rule speaks as: it ends when one of them leaves. */
  speakers: Set<string>;
  steps: Step[];
  answered: number;
  ended: boolean;
  /** This rule's answers, one after another. */
  queue: Promise<void>;
}

/** Where a sequence is: the frame it last received (templates bind to it). */
interface Scope {
  last: AcceptedClientFrame | undefined;
  main: boolean;
}

/** Where the conversation stands, for the verification API. */
export interface RunnerPosition {
  /** The step the conversation is on (file:line), or where it finished. */
  at: string | null;
  step: string | null;
  finished: boolean;
  rules: { at: string; on: AcceptedClientMethod; answered: number; ended: boolean }[];
}

/** Client frames kept for a later expect step; older ones fall off. */
const INBOX_LIMIT = 32;
/** Rule answers waiting their turn; a client flooding a rule with a slow answer gets no more. */
const RULE_QUEUE_LIMIT = 100;

/**
 * Per client method: whether only the scenario answers it, so that nothing answering it is worth
 * a line in the log. The service answers the others itself (socket/dispatch.ts).
 */
const ONLY_THE_SCENARIO_ANSWERS = {
  requestChat: false,
  renewChat: false,
  newMessage: true,
  isTyping: true,
  ping: false,
  closeConversation: false,
  coBrowseStatus: false,
  queueStatus: false,
  newPushPageMessage: false,
} as const satisfies Record<AcceptedClientMethod, boolean>;

/** Whether testing `where` may run RE2 (a `matches` at any depth). */
function hasPattern(where: Matchers | undefined): boolean {
  const costly = (matcher: unknown): boolean =>
    typeof matcher === 'object' &&
    matcher !== null &&
    ('matches' in matcher || costly((matcher as { not?: unknown }).not));
  return Object.values(where ?? {}).some(costly);
}

/** The agents a rule's steps speak as (say, typing, share, at any depth). */
function speakersOf(steps: Step[]): Set<string> {
  const speakers = new Set<string>();
  for (const step of allSteps(steps)) {
    if (step.kind === 'say' || step.kind === 'typing' || step.kind === 'share') speakers.add(step.agent.key);
  }
  return speakers;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class ConversationRunner {
  readonly #host: RunnerHost;
  readonly #steps: Step[];
  readonly #inbox: AcceptedClientFrame[] = [];
  readonly #rules: ActiveRule[] = [];
  #waiters: Waiter[] = [];
  #queuedRuleRuns = 0;
  /** Inbox looks in progress; frames arriving meanwhile wait in #held. */
  #looking = 0;
  readonly #held: AcceptedClientFrame[] = [];
  #current: Step | undefined;
  #finished = false;
  #stopped = false;
  #done: Promise<void> | undefined;

  constructor(host: RunnerHost, steps: Step[]) {
    this.#host = host;
    this.#steps = steps;
  }

  /** Starts the conversation; the promise settles when its steps are done or stopped. */
  start(): Promise<void> {
    this.#done ??= this.#run(this.#steps, { last: undefined, main: true }).then((completed) => {
      if (!completed) return;
      this.#finished = true;
      this.#host.event({
        kind: 'finished',
        at: this.#current?.at ?? '',
        rules: this.#rules.filter((r) => !r.ended).length,
      });
      // No expect will come for what waits in the inbox.
      for (const frame of this.#inbox.splice(0))
        this.#unanswered(frame, 'the conversation finished before an expect took it');
    });
    return this.#done;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  /** What it plays through: a session that switches scenario hands it to the runner that follows. */
  get host(): RunnerHost {
    return this.#host;
  }

  position(): RunnerPosition {
    return {
      at: this.#current?.at ?? null,
      step: this.#current?.kind ?? null,
      finished: this.#finished,
      rules: this.#rules.map((r) => ({ at: r.at, on: r.on, answered: r.answered, ended: r.ended })),
    };
  }

  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    for (const waiter of this.#waiters.splice(0)) waiter.resolve(undefined);
    this.#inbox.length = 0;
    this.#held.length = 0;
    for (const rule of this.#rules) rule.ended = true;
  }

  /** A client frame for the conversation (contract-checked by the caller). */
  deliver(frame: AcceptedClientFrame): void {
    if (this.#stopped) return;
    if (this.#looking > 0) {
      this.#held.push(frame);
      const oldest = this.#held.length > INBOX_LIMIT ? this.#held.shift() : undefined;
      if (oldest) this.#unanswered(oldest, `${INBOX_LIMIT} newer frames arrived at once`);
      return;
    }
    for (const rule of this.#rules) {
      const end = rule.until;
      if (!rule.ended && end?.kind === 'frame' && frame.body.method === end.method && matches(frame, end.where)) {
        this.#endRule(rule, `a ${end.method} frame arrived (until)`);
      }
    }
    const waiter = this.#waiters.find((w) => frame.body.method === w.method && matches(frame, w.where));
    if (waiter) {
      this.#waiters = this.#waiters.filter((w) => w !== waiter);
      waiter.resolve(frame);
      return;
    }
    if (this.#applyRule(frame)) return;
    if (frame.body.method === 'ping') return;
    if (this.#finished) {
      this.#unanswered(frame, 'the conversation has finished and no rule takes it');
      return;
    }
    this.#inbox.push(frame);
    if (ONLY_THE_SCENARIO_ANSWERS[frame.body.method]) {
      this.#host.event({
        kind: 'unanswered',
        method: frame.body.method,
        why: 'no expect waits for it and no rule takes it; kept for a later expect',
        kept: true,
      });
    }
    const oldest = this.#inbox.length > INBOX_LIMIT ? this.#inbox.shift() : undefined;
    if (oldest) this.#unanswered(oldest, `no expect took it and ${INBOX_LIMIT} newer frames wait`);
  }

  /** A frame that will never be answered: a line in the log when only the scenario could answer it. */
  #unanswered(frame: AcceptedClientFrame, why: string): void {
    if (ONLY_THE_SCENARIO_ANSWERS[frame.body.method]) {
      this.#host.event({ kind: 'unanswered', method: frame.body.method, why, kept: false });
    }
  }

  /**
   * Visits the inbox, oldest first; `visit` returns true for a frame it takes (removed from the
   * inbox) and `first` stops at that frame. When matching may be costly, one frame a turn.
   * Incoming frames are held until the returned `release` is called: the caller first puts a
   * waiter in place, so a held frame it wants goes to it.
   */
  async #look(
    visit: (frame: AcceptedClientFrame) => boolean,
    costly: boolean,
    first: boolean,
  ): Promise<{ taken: AcceptedClientFrame | undefined; release: () => void }> {
    this.#looking += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.#looking -= 1;
      if (this.#looking === 0) for (const frame of this.#held.splice(0)) this.deliver(frame);
    };
    let i = 0;
    for (let frame = this.#inbox[i]; frame !== undefined && !this.#stopped; frame = this.#inbox[i]) {
      if (visit(frame)) {
        this.#inbox.splice(i, 1);
        if (first) return { taken: frame, release };
      } else i++;
      if (costly && i < this.#inbox.length) {
        await nextTurn();
        // Another sequence may have taken frames meanwhile; go on after this one (answers are
        // kept per frame, so starting again costs no matching).
        i = this.#inbox.indexOf(frame) + 1;
      }
    }
    return { taken: undefined, release };
  }

  #endRule(rule: ActiveRule, why: string): void {
    if (rule.ended) return;
    rule.ended = true;
    this.#host.event({ kind: 'ruleEnded', at: rule.at, why });
  }

  #applyRule(frame: AcceptedClientFrame): boolean {
    const rule = this.#rules.find((r) => !r.ended && r.on === frame.body.method && matches(frame, r.where));
    if (!rule) return false;
    if (rule.once) this.#endRule(rule, 'answered once');
    if (this.#queuedRuleRuns >= RULE_QUEUE_LIMIT) {
      this.#host.event({
        kind: 'unanswered',
        method: frame.body.method,
        why: `over ${RULE_QUEUE_LIMIT} rule answers queued`,
        kept: false,
      });
      return true;
    }
    this.#queuedRuleRuns += 1;
    rule.answered += 1;
    // One answer of this rule at a time; a failing answer must not stop the ones after it.
    rule.queue = rule.queue
      .then(() => this.#run(rule.steps, { last: frame, main: false }))
      .then(
        () => undefined,
        (error: unknown) => this.#host.failed(error),
      )
      .finally(() => {
        this.#queuedRuleRuns -= 1;
      });
    return true;
  }

  /** The next frame for an expect step: from the inbox, else when it arrives; 'timeout' after `within`. */
  async #expect(method: AcceptedClientMethod, where: Matchers | undefined, within: number | undefined) {
    const wanted = (f: AcceptedClientFrame) => f.body.method === method && matches(f, where);
    const { taken, release } = await this.#look(wanted, hasPattern(where), true);
    if (taken) {
      release();
      return taken;
    }
    if (this.#stopped) {
      release();
      return undefined;
    }
    return new Promise<AcceptedClientFrame | 'timeout' | undefined>((resolve) => {
      let cancel = () => {};
      const waiter: Waiter = {
        method,
        where,
        resolve: (result) => {
          cancel();
          resolve(result);
        },
      };
      this.#waiters.push(waiter);
      if (within !== undefined) {
        cancel = this.#host.timers.after(within, () => {
          this.#waiters = this.#waiters.filter((w) => w !== waiter);
          resolve('timeout');
        });
      }
      release();
    });
  }

  /** Runs steps in order; resolves true when they all ran, false when the session stopped. */
  async #run(steps: Step[], scope: Scope): Promise<boolean> {
    for (const step of steps) {
      if (this.#stopped || this.#host.timers.disposed) return false;
      if (scope.main) {
        this.#current = step;
        this.#host.moved();
      }
      if (step.label !== undefined) {
        for (const rule of this.#rules) {
          if (rule.until?.kind === 'step' && rule.until.label === step.label) {
            this.#endRule(rule, `the conversation reached step "${step.label}" (until)`);
          }
        }
      }
      if (!(await this.#runStep(step, scope))) return false;
    }
    return true;
  }

  async #runStep(step: Step, scope: Scope): Promise<boolean> {
    const host = this.#host;
    switch (step.kind) {
      case 'expect': {
        const frame = await this.#expect(step.method, step.where, step.within);
        if (frame === undefined) return false;
        if (frame === 'timeout') {
          host.event({ kind: 'expectTimedOut', at: step.at, method: step.method });
          return step.otherwise ? this.#run(step.otherwise, scope) : true;
        }
        scope.last = frame;
        return true;
      }
      case 'wait':
        return host.timers.sleep(step.seconds);
      case 'typing':
        host.send(agentTyping(step.agent, true), step.at, false);
        if (!(await host.timers.sleep(step.seconds))) return false;
        host.send(agentTyping(step.agent, false), step.at, false);
        return true;
      case 'close':
        host.close(step.code, step.reason);
        return true;
      case 'drop':
        host.drop();
        return true;
      case 'halfOpen':
        host.halfOpen();
        return true;
      case 'session':
        host.setOptions(step.options);
        return true;
      case 'refuse':
        host.refuse(step.seconds);
        return true;
      case 'live':
        host.handOver();
        host.event({ kind: 'handedOver', at: step.at });
        // Until the console takes the session over (which stops this runner) or it ends.
        return host.timers.sleep(Number.POSITIVE_INFINITY);
      case 'branch': {
        const chosen = step.cases.find(
          (c) => c.when === undefined || (scope.last !== undefined && matches(scope.last, c.when)),
        );
        return chosen ? this.#run(chosen.steps, scope) : true;
      }
      case 'repeat':
        for (let round = 0; round < step.times; round++) {
          if (!(await this.#run(step.steps, scope))) return false;
          // A round that never waits must still let sockets and timers run.
          await nextTurn();
        }
        return true;
      case 'rule': {
        const rule: ActiveRule = {
          at: step.at,
          on: step.on,
          where: step.where,
          once: step.once,
          until: step.until,
          speakers: speakersOf(step.steps),
          steps: step.steps,
          answered: 0,
          ended: false,
          queue: Promise.resolve(),
        };
        this.#rules.push(rule);
        // Frames that arrived before the rule existed are answered now.
        const costly = this.#rules.some((r) => !r.ended && hasPattern(r.where));
        const { release } = await this.#look((frame) => this.#applyRule(frame), costly, false);
        release();
        return !this.#stopped;
      }
      case 'leave':
        this.#sendFrames(step, scope);
        for (const rule of this.#rules) {
          const named = rule.until?.kind === 'leave' && rule.until.agent.key === step.agent.key;
          if (named || rule.speakers.has(step.agent.key)) this.#endRule(rule, `${step.agent.name} left`);
        }
        return true;
      case 'send':
        for (const frame of framesOfStep(step, host.roster, host.templateValues(scope.last))) {
          host.send(frame, step.at, step.unchecked);
        }
        return true;
      case 'join':
      case 'say':
      case 'share':
        this.#sendFrames(step, scope);
        return true;
      default:
        return assertNever(step, 'scenario step');
    }
  }

  #sendFrames(step: Step, scope: Scope): void {
    for (const frame of framesOfStep(step, this.#host.roster, this.#host.templateValues(scope.last))) {
      this.#host.send(frame, step.at, false);
    }
  }
}
