/** Entry and availability (section 4 rules 2-7) and chat-lite, against the real mock server. */
import { describe, expect, it } from 'vitest';
import { selectLauncher } from '../../../widget/core/chat/selectors.js';
import type { CallbackRequest } from '../../../widget/core/core-api.js';
import { TEXTS } from '../../../widget/core/texts.js';
import { visits } from './support/core-over-mock.js';

const open = visits();

const callback: CallbackRequest = {
  formId: '179',
  formType: 'legacy',
  formLocale: 'en-US',
  formData: {
    fields: [
      { name: 'firstName', value: 'Ada' },
      { name: 'lastName', value: 'Lovelace' },
      { name: 'email', value: 'ada@example.com' },
      { name: 'phoneNumber', value: { country: 'US', code: '1', number: '2025550143' } },
      { name: 'postalCode', value: '94105' },
      { name: 'productInterested', value: ['Model 3', 'Solar Roof'] },
    ],
  },
};

describe('built-in scenarios over a real socket: entry and chat-lite', () => {
  it('unavailable: polls up to maxAttempts (3), then nothing is offered', async () => {
    const v = await open('unavailable', { page: { options: { availabilityPollInterval: 100 } } });
    v.core.start();
    // Each "not yet" schedules the next check (the interval clamped to 1 s): the core's time is run to it.
    let polls = 0;
    for (;;) {
      const now = await v.until((s) => s.availability.status !== 'checking' || v.clock.pending > 0);
      if (now.availability.status !== 'checking') break;
      await v.clock.advance(1_000);
      polls += 1;
    }
    expect(polls).toBe(2);
    const state = v.state();
    expect(state.availability).toEqual({ status: 'unavailable', message: TEXTS.notAvailable });
    expect(selectLauncher(state).visible).toBe(false);
  });

  it('no-agents: success but no staffed agent → No agents are currently available', async () => {
    const v = await open('no-agents');
    v.core.start();
    const state = await v.until((s) => s.availability.status !== 'checking');
    expect(state.availability).toEqual({ status: 'unavailable', message: TEXTS.noAgents });
    expect(selectLauncher(state).visible).toBe(false);
  });

  it('chat-lite: the callback form is offered, the callback succeeds, the card shows and the button hides', async () => {
    const v = await open('chat-lite', { page: { chatLite: true } });
    v.core.start();
    expect(selectLauncher(v.state()).visible).toBe(true);
    await v.until((s) => s.availability.status === 'chatLite' && s.flags.variant === 'older');
    expect(v.state().views).toEqual(['callback']);
    await v.core.submitCallback(callback);
    const state = v.state();
    expect(state.statusCard).toEqual({ tone: 'success', title: TEXTS.successTitle, body: TEXTS.successBody });
    expect(state.callback).toEqual({ status: 'submitted', ok: true });
    expect(selectLauncher(state).visible).toBe(false);
  });

  it('callback-failure: Something went wrong! / Please try again later.', async () => {
    const v = await open('callback-failure', { page: { chatLite: true } });
    v.core.start();
    await v.until((s) => s.flags.variant === 'older' && s.availability.status === 'chatLite');
    await v.core.submitCallback(callback);
    expect(v.state().statusCard).toEqual({ tone: 'error', title: TEXTS.failureTitle, body: TEXTS.failureBody });
    expect(v.state().callback).toEqual({ status: 'submitted', ok: false });
  });
});
