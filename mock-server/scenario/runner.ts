/**
 * Plays a scenario's conversation for one chat session. Like msw handlers, matching is
 * split from resolving: a client frame goes to the expect step waiting for it, else to
 * the first rule that matches, else it waits in a small inbox for a later expect. Steps
 * run in order; rules answer on their own queue so replies never interleave.
 */
import type { ClientFrame, Participant, ServerFrame } from '../../generated/chat-socket.js';
import type { Timers } from '../clock.js';
import { agentTyping, framesOfStep } from './frames.js';
import { matches } from './match.js';
import type { TemplateValues } from './template.js';
import type { ClientMethod, Matchers, Step } from './types.js';

/** What the runner needs from its session. */
export interface RunnerHost {
  readonly timers: Timers;
  readonly roster: Participant[];
  templateValues(): TemplateValues;
  send(frame: ServerFrame, at: string): void;
  close(code: number, reason: string): void;
  drop(): void;
  refuse(seconds: number): void;
  /** A step threw (a bug in the mock); reported, not thrown. */
  failed(error: unknown): void;
}

interface Waiter {
  method: ClientMethod;
  where: Matchers | undefined;
  resolve(frame: ClientFrame | undefined): void;
}

interface ActiveRule {
  on: ClientMethod;
  where: Matchers | undefined;
  once: boolean;
  steps: Step[];
  used: boolean;
}

/** Client frames kept for a later expect step; older ones fall off. */
const INBOX_LIMIT = 32;
/** Rule answers waiting their turn; a client flooding a rule with a slow answer gets no more. */
export const RULE_QUEUE_LIMIT = 100;

export class ConversationRunner {
  readonly #host: RunnerHost;
  readonly #steps: Step[];
  readonly #inbox: ClientFrame[] = [];
  readonly #rules: ActiveRule[] = [];
  #waiter: Waiter | undefined;
  #ruleQueue: Promise<void> = Promise.resolve();
  #queuedRuleRuns = 0;
  #stopped = false;
  #done: Promise<void> | undefined;

  constructor(host: RunnerHost, steps: Step[]) {
    this.#host = host;
    this.#steps = steps;
  }

  /** Starts the conversation; the promise settles when its steps are done or stopped. */
  start(): Promise<void> {
    this.#done ??= this.#run(this.#steps, undefined);
    return this.#done;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#waiter?.resolve(undefined);
    this.#waiter = undefined;
    this.#inbox.length = 0;
    this.#rules.length = 0;
  }

  /** A client frame for the conversation (contract-checked by the caller). */
  deliver(frame: ClientFrame): void {
    if (this.#stopped) return;
    const waiter = this.#waiter;
    if (waiter && frame.body.method === waiter.method && matches(frame, waiter.where)) {
      this.#waiter = undefined;
      waiter.resolve(frame);
      return;
    }
    if (this.#applyRule(frame)) return;
    if (frame.body.method === 'ping') return;
    this.#inbox.push(frame);
    if (this.#inbox.length > INBOX_LIMIT) this.#inbox.shift();
  }

  #applyRule(frame: ClientFrame): boolean {
    const rule = this.#rules.find((r) => !r.used && r.on === frame.body.method && matches(frame, r.where));
    if (!rule) return false;
    if (rule.once) rule.used = true;
    if (this.#queuedRuleRuns >= RULE_QUEUE_LIMIT) {
      this.#host.failed(
        new Error(`over ${RULE_QUEUE_LIMIT} rule answers queued; this ${frame.body.method} is not answered`),
      );
      return true;
    }
    this.#queuedRuleRuns += 1;
    // Rules answer one at a time; a failing rule must not stop the ones after it.
    this.#ruleQueue = this.#ruleQueue
      .then(() => this.#run(rule.steps, frame))
      .catch((error: unknown) => this.#host.failed(error))
      .finally(() => {
        this.#queuedRuleRuns -= 1;
      });
    return true;
  }

  #expect(method: ClientMethod, where: Matchers | undefined): Promise<ClientFrame | undefined> {
    const index = this.#inbox.findIndex((f) => f.body.method === method && matches(f, where));
    if (index >= 0) return Promise.resolve(this.#inbox.splice(index, 1)[0]);
    return new Promise((resolve) => {
      this.#waiter = { method, where, resolve };
    });
  }

  async #run(steps: Step[], received: ClientFrame | undefined): Promise<void> {
    let last = received;
    for (const step of steps) {
      if (this.#stopped || this.#host.timers.disposed) return;
      switch (step.kind) {
        case 'expect': {
          const frame = await this.#expect(step.method, step.where);
          if (!frame) return;
          last = frame;
          break;
        }
        case 'wait':
          if (!(await this.#host.timers.sleep(step.seconds))) return;
          break;
        case 'typing':
          this.#host.send(agentTyping(step.agent, true), step.at);
          if (!(await this.#host.timers.sleep(step.seconds))) return;
          this.#host.send(agentTyping(step.agent, false), step.at);
          break;
        case 'close':
          this.#host.close(step.code, step.reason);
          break;
        case 'drop':
          this.#host.drop();
          break;
        case 'refuse':
          this.#host.refuse(step.seconds);
          break;
        case 'branch': {
          const chosen = step.cases.find((c) => c.when === undefined || (last !== undefined && matches(last, c.when)));
          if (chosen) await this.#run(chosen.steps, last);
          break;
        }
        case 'rule': {
          const rule: ActiveRule = { on: step.on, where: step.where, once: step.once, steps: step.steps, used: false };
          this.#rules.push(rule);
          // Frames that arrived before the rule existed are answered now.
          for (let i = 0; i < this.#inbox.length; ) {
            const frame = this.#inbox[i] as ClientFrame;
            if (this.#applyRule(frame)) this.#inbox.splice(i, 1);
            else i++;
          }
          break;
        }
        default:
          for (const frame of framesOfStep(step, this.#host.roster, this.#host.templateValues())) {
            this.#host.send(frame, step.at);
          }
      }
    }
  }
}
