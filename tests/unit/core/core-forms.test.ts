/**
 * core.forms without React: what a page that draws its own views gets from the core. The
 * pre-chat form starts the chat, the callback form posts the request, both on the core's own
 * timers, fetch and logger (fake here), in the page's language.
 */
import { describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../../../widget/core/config/defaults.js';
import type { FormController } from '../../../widget/core/forms/index.js';
import de from '../../../widget/ui/i18n/catalogues/i18n-de.js';
import { available, harness, page, socket, withFakeClock } from './support/core-harness.js';
import { jsonResponse } from './support/fake-env.js';

withFakeClock();

function fill(form: FormController, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) form.change(name, value);
}

const visitor = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '2025550143',
  postalCode: '94105',
};

describe('core.forms: the pre-chat flow', () => {
  it('a valid pre-chat form starts the chat with the details typed and the triage topic', async () => {
    const h = harness();
    await available(h);
    const form = h.core.forms.preChat({ topic: 'Test Drive' });
    fill(form, visitor);
    const result = await form.submit();
    expect(result.ok).toBe(true);
    socket().open();
    expect(socket().sent[0]).toMatchObject({
      body: {
        method: 'requestChat',
        intrinsics: {
          name: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          phoneNumber: '+12025550143',
          topic: 'Test Drive',
        },
      },
    });
    form.dispose();
  });

  it('an invalid one starts nothing and shows every error; idle validation runs on the core timers and goes with dispose', async () => {
    const h = harness();
    await available(h);
    const form = h.core.forms.preChat();
    form.change('email', 'not-an-email');
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(DEFAULTS.validationIdleDelay);
    const email = () => form.getSnapshot().fields.find((field) => field.name === 'email');
    expect(email()?.error).toBe('please provide a valid email address');
    expect((await form.submit()).ok).toBe(false);
    expect(form.getSnapshot().fields.find((field) => field.name === 'firstName')?.error).toBe(
      'first name is a required property',
    );
    expect(h.core.getSnapshot().chat.status).toEqual({ kind: 'idle' });
    form.change('email', 'still-not');
    const before = vi.getTimerCount();
    form.dispose();
    expect(vi.getTimerCount()).toBe(before - 1);
  });

  it("is in the page's language once the catalogue is in", async () => {
    const h = harness({ page: { locale: 'de-de' }, core: { catalogue: de } });
    await available(h);
    const form = h.core.forms.preChat();
    expect(form.getSnapshot().fields.find((field) => field.name === 'lastName')?.label).toBe('Nachname (optional)');
  });

  it('an unreadable configured entry is dropped with a warning on the core logger; the rest of the form stays', async () => {
    const preEngagementConfig = [
      { type: 'InputItem', attributes: { name: 'firstName', required: true }, label: 'Your name' },
      { type: 'Slider', attributes: { name: 'age' } },
    ];
    const h = harness({ page: { options: { ...page.options, preEngagementConfig } } });
    await available(h);
    const form = h.core.forms.preChat();
    expect(form.getSnapshot().fields.map((field) => field.label)).toEqual(['Your name']);
    expect(h.env.logger.warn).toHaveBeenCalledWith(expect.stringContaining('preEngagementConfig'));
  });

  it('China region: provinces and cities come over the core fetch', async () => {
    const h = harness({ page: { locale: 'zh-cn' } });
    const base = h.env.fetch;
    const countryData = {
      provinceList: [{ value: 'Beijing', label: '北京市' }],
      cityList: { Beijing: [{ value: 'Beijing', label: '北京市' }] },
    };
    h.env.fetch = vi.fn(async (input: RequestInfo | URL) =>
      new URL((input as Request).url).pathname === '/cua-api/drive/country-data'
        ? jsonResponse(countryData)
        : base(input),
    ) as typeof fetch;
    await available(h);
    const form = h.core.forms.preChat();
    await vi.advanceTimersByTimeAsync(0);
    const requested = vi.mocked(h.env.fetch).mock.calls.map(([input]) => new URL((input as Request).url));
    expect(requested.find((url) => url.pathname === '/cua-api/drive/country-data')?.search).toBe(
      '?locale=zh_CN&additional=true',
    );
    expect(form.getSnapshot().fields.find((field) => field.name === 'province')?.options).toEqual(
      countryData.provinceList,
    );
  });
});

describe('core.forms: the callback flow (chat-lite)', () => {
  const callbackVisitor = { ...visitor };

  it('a valid callback form is posted; the form stays disabled under the success card', async () => {
    const h = harness({ page: { chatLite: true }, availability: { success: false } });
    await available(h);
    const form = h.core.forms.callback();
    fill(form, callbackVisitor);
    form.toggle('productInterested', 'Model Y');
    expect((await form.submit()).ok).toBe(true);
    expect(h.posts.at(-1)).toEqual({
      path: '/cua-api/forms/callback',
      body: expect.objectContaining({
        formId: '179',
        formData: {
          fields: expect.arrayContaining([
            { name: 'firstName', value: 'Ada' },
            { name: 'phone', value: { country: 'US', code: '1', number: '2025550143' } },
            { name: 'productInterested', value: ['Model Y'] },
          ]),
        },
      }),
    });
    expect(h.core.getSnapshot().statusCard).toMatchObject({ tone: 'success', title: 'Thank you!' });
    expect(form.getSnapshot()).toMatchObject({ submitted: true, submitDisabled: true });
  });

  it('a failed request leaves the form editable with everything typed (Retry)', async () => {
    const h = harness({ page: { chatLite: true }, availability: { success: false }, callbackStatus: 503 });
    await available(h);
    const form = h.core.forms.callback();
    fill(form, callbackVisitor);
    form.toggle('productInterested', 'Model Y');
    expect((await form.submit()).ok).toBe(true);
    expect(h.core.getSnapshot().callback).toEqual({ status: 'submitted', ok: false });
    expect(form.getSnapshot()).toMatchObject({ submitted: false, submitDisabled: false });
    expect(form.getSnapshot().values).toMatchObject({ firstName: 'Ada', productInterested: ['Model Y'] });
  });

  it('what was typed in one form is where the other starts', async () => {
    const h = harness({ page: { chatLite: true } });
    await available(h);
    const preChat = h.core.forms.preChat();
    fill(preChat, { firstName: 'Ada', email: 'ada@example.com' });
    preChat.dispose();
    expect(h.core.forms.callback().getSnapshot().values).toMatchObject({ firstName: 'Ada', email: 'ada@example.com' });
  });
});
