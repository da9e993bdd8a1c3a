/**
 * Section 4 rules 2-6: check availability at once and every 15 s until success, chat-lite,
 * error or maxAttempts; a request failure stops polling silently.
 *
 * One poller per page. The start chunk (before any visitor action) creates and starts it to
 * decide whether the button shows; the core, loaded on intent, is handed the same poller and
 * takes over its outcome (settled or still running), so availability is never asked twice.
 * Plain `fetch` with the request built from the generated `paths` types (forms/rest-request.ts),
 * as the forms' calls are: it is in the few KiB a page pays before intent.
 */
import type { components, paths } from '../../../generated/widget-http.js';
import { DEFAULTS } from '../config/defaults.js';
import type { PageConfig } from '../config/page-config.js';
import type { TimerHandle, TimerProvider } from '../env.js';
import { formPostRequest } from '../forms/rest-request.js';

export type AvailabilityResponse = components['schemas']['AvailabilityResponse'];

type CheckAvailability = paths['/conversation/check-availability-v2']['post'];
type AvailabilityRequest = CheckAvailability['requestBody']['content']['application/x-www-form-urlencoded'];
type AvailabilityAnswer = CheckAvailability['responses'][200]['content']['application/json'];

const AVAILABILITY_PATH = '/conversation/check-availability-v2' satisfies keyof paths;

export type AvailabilityOutcome =
  /** Rule 3. */
  | { kind: 'success'; response: AvailabilityResponse }
  /** Rule 4. */
  | { kind: 'chatLite'; response: AvailabilityResponse }
  /** Rule 5: error=true or attempts reached maxAttempts. */
  | { kind: 'unavailable'; response: AvailabilityResponse }
  /** Rule 6: the request failed; silent. */
  | { kind: 'failed'; error: unknown };

export type OutcomeListener = (outcome: AvailabilityOutcome) => void;

export interface AvailabilityPoller {
  /** Starts polling; later calls (and calls once settled) do nothing. */
  start(): void;
  /** The outcome once polling has settled; null while it runs or before it starts. */
  outcome(): AvailabilityOutcome | null;
  /** Calls `listener` once with the outcome: at once when already settled. Returns the unsubscribe. */
  onOutcome(listener: OutcomeListener): () => void;
  dispose(): void;
}

export interface AvailabilityPollerOptions {
  /** Only timers and fetch: the start chunk builds them without the core's whole environment. */
  env: { timers: Pick<TimerProvider, 'setTimeout' | 'clearTimeout'>; fetch: typeof fetch };
  page: PageConfig;
  apiEndpointsDomain: string;
  pollInterval?: number;
  onOutcome?: OutcomeListener;
}

/** Form body of section 3: locale, chatLiteFlag, triagePreChat, hideOnMobiles, ifEnergyPage, plus attributes. */
export function availabilityRequestBody(page: PageConfig): AvailabilityRequest {
  const flag = (value: boolean) => (value ? 'true' : 'false');
  return {
    ...page.attributes,
    locale: page.locale,
    chatLiteFlag: flag(page.chatLite),
    triagePreChat: flag(page.triage),
    hideOnMobiles: flag(page.hideOnMobile),
    ifEnergyPage: flag(page.energy),
  };
}

function isAnswer(value: unknown): value is AvailabilityAnswer {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function createAvailabilityPoller(options: AvailabilityPollerOptions): AvailabilityPoller {
  const { env, page } = options;
  const interval = options.pollInterval ?? DEFAULTS.availabilityPollInterval;
  const listeners = new Set<OutcomeListener>();
  if (options.onOutcome) listeners.add(options.onOutcome);
  let attempts = 0;
  let timer: TimerHandle | null = null;
  let stopped = false;
  let started = false;
  let settled: AvailabilityOutcome | null = null;

  function stop(): void {
    stopped = true;
    if (timer !== null) env.timers.clearTimeout(timer);
    timer = null;
  }

  function finish(outcome: AvailabilityOutcome): void {
    stop();
    settled = outcome;
    const waiting = [...listeners];
    listeners.clear();
    for (const listener of waiting) listener(outcome);
  }

  function decide(response: AvailabilityResponse): void {
    attempts += 1;
    if (response.success === true) {
      finish({ kind: 'success', response });
      return;
    }
    if (page.chatLite) {
      finish({ kind: 'chatLite', response });
      return;
    }
    const maxAttempts = typeof response.maxAttempts === 'number' ? response.maxAttempts : DEFAULTS.maxAttempts;
    if (response.error === true || attempts >= maxAttempts) {
      finish({ kind: 'unavailable', response });
      return;
    }
    timer = env.timers.setTimeout(poll, interval);
  }

  async function poll(): Promise<void> {
    timer = null;
    if (stopped) return;
    try {
      const response = await env.fetch(
        formPostRequest(options.apiEndpointsDomain, AVAILABILITY_PATH, availabilityRequestBody(page)),
      );
      if (stopped) return;
      if (!response.ok) {
        finish({ kind: 'failed', error: new Error(`availability answered HTTP ${response.status}`) });
        return;
      }
      const data: unknown = await response.json();
      if (stopped) return;
      if (!isAnswer(data)) {
        finish({ kind: 'failed', error: new Error('availability answer is not a JSON object') });
        return;
      }
      decide(data);
    } catch (error) {
      if (!stopped) finish({ kind: 'failed', error });
    }
  }

  return {
    start() {
      if (stopped || started) return;
      started = true;
      void poll();
    },
    outcome: () => settled,
    onOutcome(listener) {
      if (settled !== null) {
        listener(settled);
        return () => {};
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispose: stop,
  };
}
