/**
 * Issue 14: the start chunk polls availability before the core is loaded; the core is handed
 * that poller and takes over its outcome, settled or still running, and never asks again.
 */
import { describe, expect, it, vi } from 'vitest';
import { resolveOutcome, variantFor } from '../../../widget/core/availability/offer.js';
import { type AvailabilityResponse, createAvailabilityPoller } from '../../../widget/core/availability/poller.js';
import { TEXTS } from '../../../widget/core/texts.js';
import { createWidgetCore } from '../../../widget/core/widget-core.js';
import { availableAnswer, page, withFakeClock } from './support/core-harness.js';
import { jsonResponse, testEnvironment } from './support/fake-env.js';

withFakeClock();

function handOver(answers: unknown[]) {
  const env = testEnvironment();
  let calls = 0;
  env.fetch = vi.fn(async () => jsonResponse(answers[Math.min(calls++, answers.length - 1)])) as typeof fetch;
  const poller = createAvailabilityPoller({ env, page, apiEndpointsDomain: 'https://api.example.com' });
  return { env, poller, calls: () => calls };
}

describe('the core takes over the start chunk poller', () => {
  it('settled before the hand-over: the core shows its outcome at once and makes no request', async () => {
    const { env, poller, calls } = handOver([availableAnswer()]);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    const core = createWidgetCore(env, page, { availability: poller });
    core.start();
    expect(core.getSnapshot().availability).toEqual({ status: 'available', waitMinutes: 2 });
    expect(core.getSnapshot().flags.variant).toBe('newer');
    expect(core.settings.webChatUrl).toBe('ws://chat.example.com/chat');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls()).toBe(1);
    core.dispose();
  });

  it('still running at the hand-over: the core waits for the same poll, which goes on at its own pace', async () => {
    const { env, poller, calls } = handOver([{ success: false, maxAttempts: 3 }, availableAnswer()]);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    const core = createWidgetCore(env, page, { availability: poller });
    core.start();
    expect(core.getSnapshot().availability).toEqual({ status: 'checking' });
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls()).toBe(2);
    expect(core.getSnapshot().availability.status).toBe('available');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls()).toBe(2);
    core.dispose();
  });

  it('disposing the core stops the handed-over poller', async () => {
    const { env, poller, calls } = handOver([{ success: false, maxAttempts: 3 }]);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    const core = createWidgetCore(env, page, { availability: poller });
    core.start();
    core.dispose();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls()).toBe(1);
  });
});

describe('resolveOutcome: rules 3-7 for both readers', () => {
  const page = (options: Record<string, unknown> = {}, chatLite = false) => ({ options, chatLite });
  const success = (response: ReturnType<typeof availableAnswer>) => ({
    kind: 'success' as const,
    response: response as AvailabilityResponse,
  });

  it('rule 3 and 7: success inside the wait window is available with the displayed minutes', () => {
    expect(resolveOutcome(success(availableAnswer()), page()).availability).toEqual({
      status: 'available',
      waitMinutes: 2,
    });
  });

  it('rule 7: no staffed agent is unavailable with the no-agents text', () => {
    const answer = availableAnswer({
      ccPrerequisite: { serviceMetricsResponseMap: { '1': { metrics: { EWT: '10', ResourceStaffedCount: '0' } } } },
    });
    expect(resolveOutcome(success(answer), page(), TEXTS).availability).toEqual({
      status: 'unavailable',
      message: TEXTS.noAgents,
    });
    // The start chunk has no texts (it shows none): not offered all the same.
    expect(resolveOutcome(success(answer), page()).availability).toEqual({ status: 'unavailable', message: null });
  });

  it('page options win over chatWidgetParams in the rules (maxWaitTime) and the look', () => {
    const answer = availableAnswer({ chatWidgetParams: { maxWaitTime: 60 } });
    expect(resolveOutcome(success(answer), page()).availability.status).toBe('unavailable');
    expect(resolveOutcome(success(answer), page({ maxWaitTime: 600 })).availability.status).toBe('available');
    expect(resolveOutcome(success(answer), page({ useLatestTDS: false })).variant).toBe('older');
    expect(variantFor({}, true)).toBe('newer');
  });

  it('rules 4 to 6: chat-lite, unavailable and a failed request', () => {
    expect(resolveOutcome({ kind: 'chatLite', response: { success: false } }, page()).availability).toEqual({
      status: 'chatLite',
    });
    expect(resolveOutcome({ kind: 'unavailable', response: { success: false } }, page(), TEXTS).availability).toEqual({
      status: 'unavailable',
      message: TEXTS.notAvailable,
    });
    const failed = resolveOutcome({ kind: 'failed', error: new Error('down') }, page());
    expect(failed.availability).toEqual({ status: 'unavailable', message: null });
    expect(failed.params).toBeNull();
  });

  it('chat-lite pages: whenever chat is not offered (a failed call, no agents, a long wait), the callback is', () => {
    const noAgents = availableAnswer({
      ccPrerequisite: { serviceMetricsResponseMap: { '1': { metrics: { EWT: '10', ResourceStaffedCount: '0' } } } },
    });
    const longWait = availableAnswer({ chatWidgetParams: { maxWaitTime: 60 } });
    for (const outcome of [
      { kind: 'failed' as const, error: new Error('down') },
      success(noAgents),
      success(longWait),
      { kind: 'unavailable' as const, response: { success: false } },
    ]) {
      expect(resolveOutcome(outcome, page({}, true), TEXTS).availability).toEqual({ status: 'chatLite' });
    }
    expect(resolveOutcome(success(availableAnswer()), page({}, true)).availability.status).toBe('available');
  });
});
