/**
 * Issue 12 through the core on fake timers: what is offered (chat when available, the callback
 * otherwise on chat-lite pages), the callback's timeout and retry, a callback instead of a
 * queued chat, drafts, the storage keys that describe a chat, the page's language in the
 * texts the core writes and in requestChat, and the bfcache reconnect.
 */
import { describe, expect, it, vi } from 'vitest';
import { createDrafts } from '../../../widget/core/chat/drafts.js';
import { defaultFlags, initialState } from '../../../widget/core/chat/initial-state.js';
import { reduce } from '../../../widget/core/chat/reducer.js';
import { canMinimize, selectLauncher, selectMode, selectOffer } from '../../../widget/core/chat/selectors.js';
import { STORAGE_KEYS } from '../../../widget/core/session/storage-keys.js';
import { TEXTS } from '../../../widget/core/texts.js';
import de from '../../../widget/ui/i18n/catalogues/i18n-de.js';
import {
  available,
  availableAnswer,
  chatting,
  details,
  harness,
  page,
  socket,
  texts,
  withFakeClock,
} from './support/core-harness.js';
import { confirmed } from './support/frames.js';

withFakeClock();

const request = {
  formId: '179' as const,
  formType: 'legacy' as const,
  formLocale: 'en-US',
  formData: { fields: [{ name: 'firstName', value: 'Ada' }] },
};

const method = (frame: unknown) => (frame as { body: { method: string } }).body.method;

describe('§1 what is offered on a chat-lite page', () => {
  it('offers the callback at once, then chat when the answer says an agent is available', async () => {
    const h = harness({ page: { chatLite: true } });
    expect(h.core.getSnapshot().views).toEqual(['callback']);
    await available(h);
    expect(h.core.getSnapshot().availability).toEqual({ status: 'available', waitMinutes: 2 });
    expect(h.core.getSnapshot().views).toEqual(['form']);
  });

  it('keeps the open callback form when the answer comes while the visitor is on it (the view offers the switch)', async () => {
    const h = harness({ page: { chatLite: true } });
    h.core.openDialog();
    await available(h);
    expect(h.core.getSnapshot().views).toEqual(['callback']);
  });

  it.each([
    ['a failing availability call', { fetchFails: true, answer: availableAnswer() }],
    [
      'no staffed agents',
      {
        fetchFails: false,
        answer: availableAnswer({
          ccPrerequisite: { serviceMetricsResponseMap: { '1': { metrics: { EWT: '10', ResourceStaffedCount: '0' } } } },
        }),
      },
    ],
    [
      'a wait over maxWaitTime',
      {
        fetchFails: false,
        answer: availableAnswer({
          ccPrerequisite: {
            serviceMetricsResponseMap: { '1': { metrics: { EWT: '900', ResourceStaffedCount: '3' } } },
          },
        }),
      },
    ],
  ])('keeps offering the callback after %s', async (_, { fetchFails, answer }) => {
    const h = harness({ page: { chatLite: true }, availability: answer });
    if (fetchFails) {
      h.env.fetch = vi.fn(async () => {
        throw new TypeError('offline');
      }) as typeof fetch;
    }
    await available(h);
    expect(h.core.getSnapshot().availability).toEqual({ status: 'chatLite' });
    expect(h.core.getSnapshot().views).toEqual(['callback']);
  });

  it('without chat-lite the same failures offer nothing, as before', async () => {
    const h = harness();
    h.env.fetch = vi.fn(async () => {
      throw new TypeError('offline');
    }) as typeof fetch;
    await available(h);
    expect(h.core.getSnapshot().availability).toEqual({ status: 'unavailable', message: null });
  });
});

describe('callback: a failure keeps the offer and may be retried; a hung POST times out', () => {
  it('a failed request leaves the button and allows a second submission', async () => {
    const h = harness({ page: { chatLite: true }, availability: { success: false }, callbackStatus: 500 });
    await available(h);
    await h.core.submitCallback(request);
    expect(h.core.getSnapshot().callback).toEqual({ status: 'submitted', ok: false });
    expect(h.core.getSnapshot().availability).toEqual({ status: 'chatLite' });
    await h.core.submitCallback(request);
    expect(h.posts.filter((post) => post.path === '/cua-api/forms/callback')).toHaveLength(2);
  });

  it('a POST with no answer within callbackTimeout is a failure; the late answer changes nothing', async () => {
    let answer: () => void = () => {};
    const late = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const h = harness({
      page: { chatLite: true, options: { apiEndpointsDomain: 'https://api.example.com', callbackTimeout: 4000 } },
      availability: { success: false },
      callbackAnswer: late,
    });
    await available(h);
    const sent = h.core.submitCallback(request);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(h.core.getSnapshot().callback).toEqual({ status: 'submitting' });
    // A second press while it is on its way sends nothing more.
    await h.core.submitCallback(request);
    expect(h.posts.filter((post) => post.path === '/cua-api/forms/callback')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await sent;
    expect(h.core.getSnapshot().callback).toEqual({ status: 'submitted', ok: false });
    expect(h.core.getSnapshot().statusCard).toEqual({
      tone: 'error',
      title: TEXTS.failureTitle,
      body: TEXTS.failureBody,
    });
    expect(h.env.logger.error).toHaveBeenCalledWith(expect.stringContaining('no answer within 4000 ms'));
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.core.getSnapshot().callback).toEqual({ status: 'submitted', ok: false });
  });

  it('dispose clears a pending callback timer', async () => {
    const h = harness({
      page: { chatLite: true },
      availability: { success: false },
      callbackAnswer: new Promise(() => {}),
    });
    await available(h);
    void h.core.submitCallback(request);
    await vi.advanceTimersByTimeAsync(0);
    h.core.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('a callback instead of the chat (chat-lite, README decision)', () => {
  it('from the queue: the chat is ended with the service, the dialog stays open on the callback form', async () => {
    const h = harness({ page: { chatLite: true } });
    await available(h);
    h.core.openDialog();
    const preChat = h.core.forms.preChat();
    preChat.change('firstName', 'Ada');
    preChat.change('phoneNumber', '2025550143');
    h.core.startChat(details);
    socket().open();
    socket().notify(confirmed());
    await vi.advanceTimersByTimeAsync(0);
    expect(h.core.getSnapshot().chat.status).toEqual({ kind: 'waiting' });
    h.core.requestCallbackInstead();
    expect(socket().sent.map(method)).toContain('closeConversation');
    const state = h.core.getSnapshot();
    expect(selectMode(state)).toBe('logon');
    expect(state.views).toEqual(['form', 'callback']);
    expect(state.dialog.status).toBe('open');
    expect(state.chat.status).toEqual({ kind: 'idle' });
    expect(h.env.storage.getItem('guid')).toBeNull();
    // What was typed for the chat is what the callback form starts from.
    expect(h.core.forms.callback().getSnapshot().values).toMatchObject({ firstName: 'Ada', phoneNumber: '2025550143' });
  });

  it('is ignored on a page without chat-lite', async () => {
    const h = harness();
    await chatting(h);
    h.core.requestCallbackInstead();
    expect(h.core.getSnapshot().chat.status).toEqual({ kind: 'active' });
  });
});

describe("drafts: the forms' and the composer's", () => {
  it('keeps form values by field name across views, and the composer text per chat', async () => {
    const h = harness();
    await chatting(h);
    h.core.saveComposerDraft('half a question');
    h.core.minimize();
    h.core.openDialog();
    expect(h.core.composerDraft()).toBe('half a question');
    h.core.confirmEndChat(true);
    await vi.advanceTimersByTimeAsync(500);
    h.core.startChat(details);
    expect(h.core.composerDraft()).toBe('');
  });

  it('merges, bounds, and seeds only what was not typed', () => {
    const drafts = createDrafts();
    drafts.saveForm({ firstName: 'Ada', productInterested: ['Model Y'] });
    drafts.saveForm({ lastName: 'Lovelace', firstName: '' });
    drafts.seedForm({
      firstName: 'Grace',
      email: 'grace@example.com',
      phone: { country: 'US', code: '1', number: '2025550143' },
    });
    expect(drafts.form()).toEqual({
      firstName: '',
      lastName: 'Lovelace',
      productInterested: ['Model Y'],
      email: 'grace@example.com',
      phoneNumber: '2025550143',
    });
    drafts.saveForm({ note: 'x'.repeat(20_000) });
    expect((drafts.form().note as string).length).toBe(10_000);
  });
});

describe('§3 storage keys describing a chat', () => {
  it('triageConfig, preEngagementConfig, callBackFormConfig and chatAttributes are written when a chat is requested', async () => {
    const preChat = [{ type: 'InputItem', attributes: { name: 'firstName', required: true }, label: 'First Name' }];
    const callback = [
      {
        type: 'CheckboxItem',
        attributes: { name: 'productInterested', required: true },
        label: 'P',
        options: ['Model Y'],
      },
    ];
    const options = { ...page.options, preEngagementConfig: preChat, callBackFormConfig: callback };
    const h = harness({ page: { triage: true, attributes: { model: 'Y' }, options } });
    await available(h);
    h.core.navigate('vehicle');
    h.core.navigate('form');
    // The pre-chat form as shown (the configured fields of both forms are what the keys describe).
    h.core.forms.preChat();
    h.core.startChat({ ...details, topic: 'Placing an order' });
    const read = (key: keyof typeof STORAGE_KEYS) => JSON.parse(h.env.storage.getItem(STORAGE_KEYS[key]) ?? 'null');
    expect(read('triageConfig')).toEqual({
      enabled: true,
      energyPage: false,
      topic: 'Placing an order',
      views: ['topics', 'vehicle', 'form'],
    });
    expect(read('preEngagementConfig')).toEqual(preChat);
    expect(read('callBackFormConfig')).toEqual(callback);
    expect(read('chatAttributes')).toEqual({
      routing: ['Country.US', 'Language.English', 'LOB.Sales', 'Concern.Drive'],
      page: { model: 'Y' },
    });
  });
});

describe("the page's language", () => {
  it('writes its notices and cards in the catalogue language; a resumed chat waits for the catalogue', async () => {
    let deliver: (value: typeof de) => void = () => {};
    const catalogue = new Promise<typeof de>((resolve) => {
      deliver = resolve;
    });
    const h = harness({
      page: { locale: 'de-de' },
      core: { catalogue },
      storage: { guid: '42', ak: 'key-42', lastChatRequestTimestamp: String(Date.now() - 1000) },
    });
    h.core.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.core.getSnapshot().availability).toEqual({ status: 'resuming' });
    expect(texts(h)).toEqual([]);
    deliver(de);
    await vi.advanceTimersByTimeAsync(0);
    expect(texts(h)).toEqual([de.core.transferringSession]);
  });

  it('a catalogue that fails to load leaves English, with a warning', async () => {
    const h = harness({ core: { catalogue: Promise.reject(new Error('offline')) } });
    await available(h);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.env.logger.warn).toHaveBeenCalledWith(expect.stringContaining('English is used'), expect.any(Error));
  });

  it('requestChat says RTL on an Arabic page, LTR elsewhere', async () => {
    for (const [locale, direction] of [
      ['ar-ae', 'RTL'],
      ['he-il', 'LTR'],
      ['en-us', 'LTR'],
    ] as const) {
      const h = harness({ page: { locale } });
      await available(h);
      h.core.startChat(details);
      socket().open();
      const sent = socket().sent[0] as { body: { intrinsics: { textDirection: string } } };
      expect(sent.body.intrinsics.textDirection).toBe(direction);
      h.core.dispose();
    }
  });
});

describe('back/forward cache (mobile)', () => {
  it('a page shown again reconnects at once instead of after retryInterval', async () => {
    const h = harness();
    await chatting(h);
    const before = socket();
    h.core.pageShown();
    before.close(1006);
    await vi.advanceTimersByTimeAsync(0);
    expect(socket()).not.toBe(before);
  });

  it('without it, a lost socket waits for the retry interval', async () => {
    const h = harness();
    await chatting(h);
    const before = socket();
    before.close(1006);
    await vi.advanceTimersByTimeAsync(0);
    expect(socket()).toBe(before);
  });
});

describe('selectors for the views', () => {
  it('after a transfer to another tab there is no minimize (the launcher is gone); a failed callback keeps the launcher', () => {
    const base = initialState({ ...defaultFlags(), chatLite: true });
    const transferred = { ...base, chat: { ...base.chat, status: { kind: 'transferred' as const } } };
    expect(canMinimize(base)).toBe(true);
    expect(canMinimize(transferred)).toBe(false);
    const card = { tone: 'error' as const, title: TEXTS.failureTitle, body: TEXTS.failureBody };
    const failed = reduce(base, { type: 'callbackSubmitted', ok: false, card });
    expect(selectLauncher(failed).visible).toBe(true);
    expect(selectLauncher(reduce(base, { type: 'callbackSubmitted', ok: true, card })).visible).toBe(false);
  });

  it('triage on a chat-lite page starts on the topics; the offer decides where a chat topic leads', () => {
    const triage = initialState({ ...defaultFlags(), chatLite: true, triage: true });
    expect(triage.views).toEqual(['topics']);
    expect(selectOffer(triage)).toBe('callback');
    const open = reduce(triage, {
      type: 'availabilityResolved',
      availability: { status: 'available', waitMinutes: 1 },
    });
    expect(selectOffer(open)).toBe('chat');
  });
});
