/**
 * Section 4 rules 2-6: check availability at once and every 15 s until success, chat-lite,
 * error or maxAttempts; a request failure stops polling silently. REST through openapi-fetch
 * on the generated paths.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from '../../../generated/widget-http.js';
import { DEFAULTS } from '../config/defaults.js';
import type { PageConfig } from '../config/page-config.js';
import type { TimerHandle, WidgetEnvironment } from '../env.js';

export type AvailabilityResponse = components['schemas']['AvailabilityResponse'];

export type AvailabilityOutcome =
  /** Rule 3. */
  | { kind: 'success'; response: AvailabilityResponse }
  /** Rule 4. */
  | { kind: 'chatLite'; response: AvailabilityResponse }
  /** Rule 5: error=true or attempts reached maxAttempts. */
  | { kind: 'unavailable'; response: AvailabilityResponse }
  /** Rule 6: the request failed; silent. */
  | { kind: 'failed'; error: unknown };

export interface AvailabilityPoller {
  start(): void;
  /** Attempts made so far (rises after every response). */
  attempts(): number;
  dispose(): void;
}

export interface AvailabilityPollerOptions {
  env: WidgetEnvironment;
  page: PageConfig;
  apiEndpointsDomain: string;
  pollInterval?: number;
  onOutcome(outcome: AvailabilityOutcome): void;
}

/** Form body of section 3: locale, chatLiteFlag, triagePreChat, hideOnMobiles, ifEnergyPage, plus attributes. */
export function availabilityRequestBody(page: PageConfig): components['schemas']['AvailabilityRequest'] {
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

export function createAvailabilityPoller(options: AvailabilityPollerOptions): AvailabilityPoller {
  const { env, page } = options;
  const interval = options.pollInterval ?? DEFAULTS.availabilityPollInterval;
  const client = createClient<paths>({ baseUrl: options.apiEndpointsDomain, fetch: (request) => env.fetch(request) });
  let attempts = 0;
  let timer: TimerHandle | null = null;
  let stopped = false;
  let started = false;

  function stop(): void {
    stopped = true;
    if (timer !== null) env.timers.clearTimeout(timer);
    timer = null;
  }

  function finish(outcome: AvailabilityOutcome): void {
    stop();
    options.onOutcome(outcome);
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
      const result = await client.POST('/conversation/check-availability-v2', {
        body: availabilityRequestBody(page),
        bodySerializer: (body) => new URLSearchParams(body as Record<string, string>).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      if (stopped) return;
      if (!result.response.ok || result.data === undefined) {
        finish({ kind: 'failed', error: new Error(`availability answered HTTP ${result.response.status}`) });
        return;
      }
      decide(result.data);
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
    attempts: () => attempts,
    dispose: stop,
  };
}
