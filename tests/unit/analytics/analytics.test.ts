import { describe, expect, it, vi } from 'vitest';
import {
  analyticsSink,
  CHAT_EVENT_NAME,
  createAnalytics,
  isAnalyticsEnabled,
  isChineseLocale,
  isReeuRegion,
  REEU_COUNTRIES,
} from '../../../widget/core/analytics/index.js';
import { NEWSLETTER_OPT_OUT_COUNTRIES } from '../../../widget/core/locale/index.js';

const on = { chatLite: false, triage: false };

function setup(
  locale: string,
  options: { chatLite?: boolean; triage?: boolean; region?: string; country?: string } = {},
) {
  const dataLayer = { push: vi.fn() };
  const tracker = { track: vi.fn() };
  const analytics = createAnalytics({ dataLayer, tracker, locale, chatLite: false, triage: false, ...options });
  return { dataLayer, tracker, analytics };
}

describe('§6 analytics', () => {
  it('§6 when on, a chat event with an interaction name goes to the data layer', () => {
    const { dataLayer, analytics } = setup('en-US');
    expect(analytics.enabled).toBe(true);
    analytics.chatEvent('chat_started', { agent: 'Sam', event: 'ignored' });
    expect(dataLayer.push).toHaveBeenCalledWith({ agent: 'Sam', event: CHAT_EVENT_NAME, interaction: 'chat_started' });
  });

  it.each(['de-DE', 'fr-FR', 'en-GB', 'de-CH', 'nb-NO', 'is-IS', 'bg-BG'])(
    '§6 analytics is off for the REEU region group (%s)',
    (locale) => {
      const { dataLayer, analytics } = setup(locale);
      expect(analytics.enabled).toBe(false);
      analytics.chatEvent('chat_started');
      expect(dataLayer.push).not.toHaveBeenCalled();
    },
  );

  it('§6 REEU: a deployment-declared region, or the UI country, decides over the locale', () => {
    expect(isAnalyticsEnabled({ locale: 'en-US', region: 'reeu', ...on })).toBe(false);
    expect(isAnalyticsEnabled({ locale: 'en-US', country: 'DE', ...on })).toBe(false);
    expect(isAnalyticsEnabled({ locale: 'de-DE', country: 'US', ...on })).toBe(true);
  });

  it('§6 REEU group: the European countries of the newsletter opt-out list are all in it; the others are not', () => {
    const european = [...NEWSLETTER_OPT_OUT_COUNTRIES].filter((country) => !['IL', 'AE', 'JO'].includes(country));
    expect(european.every((country) => REEU_COUNTRIES.has(country))).toBe(true);
    expect(['IL', 'AE', 'JO', 'US', 'CN'].some((country) => isReeuRegion({ country }))).toBe(false);
    expect(isReeuRegion({})).toBe(false);
  });

  it('§6 analytics is off in chat-lite without triage, on in chat-lite with triage', () => {
    expect(isAnalyticsEnabled({ locale: 'en-US', chatLite: true, triage: false })).toBe(false);
    expect(isAnalyticsEnabled({ locale: 'en-US', chatLite: true, triage: true })).toBe(true);
    expect(isAnalyticsEnabled({ locale: 'en-US', chatLite: false, triage: true })).toBe(true);
  });

  it('§6 Chinese locale: web_chat_click and web_chat_start_click go to the tracker', () => {
    const { tracker, analytics } = setup('zh-CN');
    analytics.chatButtonClicked();
    analytics.startChatClicked();
    expect(tracker.track.mock.calls).toEqual([['web_chat_click'], ['web_chat_start_click']]);
  });

  it('§6 the Chinese tracking calls are not made for other locales, nor when analytics is off', () => {
    const other = setup('zh-TW');
    other.analytics.chatButtonClicked();
    expect(other.tracker.track).not.toHaveBeenCalled();
    const off = setup('zh-CN', { chatLite: true });
    off.analytics.startChatClicked();
    expect(off.tracker.track).not.toHaveBeenCalled();
    expect(isChineseLocale('zh_cn')).toBe(true);
    expect(isChineseLocale('en-CN')).toBe(false);
  });

  it('§6 a missing or throwing data layer or tracker never breaks the widget', () => {
    const bare = createAnalytics({ locale: 'zh-CN', chatLite: false, triage: false });
    expect(() => {
      bare.chatEvent('chat_started');
      bare.chatButtonClicked();
    }).not.toThrow();
    const throwing = createAnalytics({
      locale: 'zh-CN',
      chatLite: false,
      triage: false,
      dataLayer: {
        push: () => {
          throw new Error('tag manager down');
        },
      },
      tracker: {
        track: () => {
          throw new Error('tracker down');
        },
      },
    });
    expect(() => {
      throwing.chatEvent('callback_submitted');
      throwing.startChatClicked();
    }).not.toThrow();
  });
});

describe('§4 chat-started event through the core analytics sink', () => {
  it('§4 the first agent join (chat_started from the core) becomes a data-layer chat event when analytics is on', () => {
    const { dataLayer, analytics } = setup('en-US');
    analyticsSink(analytics)({ name: 'chat_started', detail: { agentId: 'a1' } });
    analyticsSink(analytics)({ name: 'chat_ended' });
    expect(dataLayer.push.mock.calls).toEqual([
      [{ agentId: 'a1', event: 'chat', interaction: 'chat_started' }],
      [{ event: 'chat', interaction: 'chat_ended' }],
    ]);
  });

  it('§6 the sink respects the REEU gate', () => {
    const { dataLayer, analytics } = setup('fr-FR');
    analyticsSink(analytics)({ name: 'chat_started' });
    expect(dataLayer.push).not.toHaveBeenCalled();
  });
});
