import { describe, expect, it, vi } from 'vitest';
import { available, harness, withFakeClock } from './support/core-harness.js';

withFakeClock();

describe('callback form submit (section 4, chat-lite)', () => {
  const request = {
    formId: '179' as const,
    formType: 'legacy' as const,
    formLocale: 'en-US',
    formData: { fields: [{ name: 'firstName', value: 'Ada' }] },
  };

  it('§4 callback form submit: success card, auto-hidden after statusCardShowTime; button hidden afterwards', async () => {
    const h = harness({ page: { chatLite: true }, availability: { success: false } });
    await available(h);
    const done = h.core.submitCallback(request);
    expect(h.core.getSnapshot().callback).toEqual({ status: 'submitting' });
    await done;
    const state = h.core.getSnapshot();
    expect(state.statusCard).toEqual({ tone: 'success', title: 'Thank you!', body: 'We will contact you soon.' });
    expect(state.callback).toEqual({ status: 'submitted', ok: true });
    expect(h.posts.at(-1)).toEqual({ path: '/cua-api/forms/callback', body: request });
    expect(h.env.analytics).toHaveBeenCalledWith({ name: 'callback_submitted', detail: { ok: true } });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(h.core.getSnapshot().statusCard).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(h.core.getSnapshot().statusCard).toBeNull();
  });

  it('§8 callback failure: Something went wrong! / Please try again later.', async () => {
    const h = harness({ page: { chatLite: true }, availability: { success: false }, callbackStatus: 500 });
    await available(h);
    await h.core.submitCallback(request);
    expect(h.core.getSnapshot().statusCard).toEqual({
      tone: 'error',
      title: 'Something went wrong!',
      body: 'Please try again later.',
    });
    h.core.dismissStatusCard();
    expect(h.core.getSnapshot().statusCard).toBeNull();
  });
});
