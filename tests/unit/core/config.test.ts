import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULTS,
  DURATION_LIMITS,
  NUMBER_LIMITS,
  ON_HOLD_SECONDS_LIMITS,
} from '../../../widget/core/config/defaults.js';
import { normalizeLocale, readPageConfig, toFlag } from '../../../widget/core/config/page-config.js';
import { resolveSettings } from '../../../widget/core/config/settings.js';
import { repoRoot } from '../../support/specs.js';

describe('page configuration (section 3)', () => {
  it('§3 locale: default en-us, lowercased, underscore normalised to hyphen', () => {
    expect(normalizeLocale(undefined)).toBe('en-us');
    expect(normalizeLocale('')).toBe('en-us');
    expect(normalizeLocale('zh_CN')).toBe('zh-cn');
    expect(normalizeLocale(' EN-GB ')).toBe('en-gb');
  });

  it('§3 reads every field from window.chatWidgetConfig', () => {
    const page = readPageConfig({
      chatWidgetConfig: {
        locale: 'fr_CA',
        chat_lite: true,
        triage: 'true',
        mobile: true,
        energy: true,
        options: { apiEndpointsDomain: 'https://api.example.com', retryInterval: 1000 },
        attributes: { pageId: 'models', count: 3 },
      },
    });
    expect(page).toEqual({
      locale: 'fr-ca',
      chatLite: true,
      triage: true,
      hideOnMobile: true,
      energy: true,
      options: { apiEndpointsDomain: 'https://api.example.com', retryInterval: 1000 },
      attributes: { pageId: 'models', count: '3' },
    });
  });

  it('§3 falls back to the older global flags when the object lacks a field', () => {
    const page = readPageConfig({
      chat_lite: 'true',
      triage: true,
      isMobile: true,
      isEnergyPage: '1',
      chatLocale: 'de_DE',
      chatOptions: { apiEndpointsDomain: 'https://x' },
      chatAttributes: { a: 'b' },
    });
    expect(page.chatLite).toBe(true);
    expect(page.triage).toBe(true);
    expect(page.hideOnMobile).toBe(true);
    expect(page.energy).toBe(true);
    expect(page.locale).toBe('de-de');
    expect(page.options).toEqual({ apiEndpointsDomain: 'https://x' });
    expect(page.attributes).toEqual({ a: 'b' });
  });

  it('§3 isChatLite and isMobile override chat_lite and mobile', () => {
    const page = readPageConfig({
      chatWidgetConfig: { chat_lite: true, isChatLite: false, mobile: false, isMobile: true },
    });
    expect(page.chatLite).toBe(false);
    expect(page.hideOnMobile).toBe(true);
    expect(readPageConfig({ isChatLite: true, chat_lite: false }).chatLite).toBe(true);
  });

  it('§3 an empty page gives the defaults', () => {
    expect(readPageConfig({})).toEqual({
      locale: 'en-us',
      chatLite: false,
      triage: false,
      hideOnMobile: false,
      energy: false,
      options: {},
      attributes: {},
    });
    expect(readPageConfig({ chatWidgetConfig: 'nonsense', chatOptions: [1] }).options).toEqual({});
  });

  it('flags accept true, "true", 1 and "1" only', () => {
    expect([true, 'true', 1, '1'].map(toFlag)).toEqual([true, true, true, true]);
    expect([false, 'false', 0, 'yes', null, undefined].map(toFlag)).toEqual([false, false, false, false, false, false]);
  });
});

describe('settings: defaults < chatWidgetParams < page options (sections 3 and 9)', () => {
  it('§9 every constant has its section 9 default', () => {
    const settings = resolveSettings();
    expect(settings.maxWaitTime).toBe(600);
    expect(settings.retryInterval).toBe(3000);
    expect(settings.maxNumberOfRetries).toBe(200);
    expect(settings.refreshTimeoutSeconds).toBe(300);
    expect(settings.timeBetweenMsgs).toBe(10_000);
    expect(settings.pingTimer).toBe(5000);
    expect(settings.priority).toBe(5);
    expect(settings.leaseTime).toBe(0);
    expect(settings.routePointIdentifier).toBe('Sales_prod');
    expect(settings.attributes).toEqual(['Country.US', 'Language.English', 'LOB.Sales', 'Concern.Drive']);
    expect(settings.webChatUrl).toBeNull();
    expect(settings.apiEndpointsDomain).toBe('');
  });

  it('§3 chatWidgetParams override defaults and page options win over chatWidgetParams', () => {
    const settings = resolveSettings(
      { retryInterval: 1000, maxNumberOfRetries: 3, webChatUrl: 'ws://a/chat', notifyObserve: true },
      { retryInterval: 500, webChatUrl: 'ws://b/chat' },
    );
    expect(settings.retryInterval).toBe(500);
    expect(settings.maxNumberOfRetries).toBe(3);
    expect(settings.webChatUrl).toBe('ws://b/chat');
    expect(settings.notifyObserve).toBe(true);
  });

  it('§9 a value of the wrong type is ignored, not trusted', () => {
    const settings = resolveSettings({ retryInterval: 'soon', attributes: [1, 2], maxWaitTime: Number.NaN });
    expect(settings.retryInterval).toBe(DEFAULTS.retryInterval);
    expect(settings.attributes).toEqual(DEFAULTS.attributes);
    expect(settings.maxWaitTime).toBe(600);
  });
});

describe('clamped ranges (every server-supplied or overridable duration)', () => {
  it('any source is clamped: a server cannot make a timer spin or overflow', () => {
    const settings = resolveSettings({ pingTimer: 2 ** 40, retryInterval: -5, retryJitter: 7, maxWaitTime: 1e12 });
    // The vendor's limits: a client pings at least every 60 s; a message is at most 10,000 characters.
    expect(settings.pingTimer).toBe(60_000);
    expect(resolveSettings({}, { maxMessageLength: 100_000 }).maxMessageLength).toBe(10_000);
    expect(settings.retryInterval).toBe(100);
    expect(settings.retryJitter).toBe(1);
    expect(settings.maxWaitTime).toBe(86_400);
  });

  it("the core README's table lists every clamped setting with the code's range", () => {
    const readme = readFileSync(path.join(repoRoot, 'widget/core/README.md'), 'utf8');
    // | `pingTimer` | ms | 1000 – 60000 |, names without backticks or a note in brackets.
    const rows = new Map(
      [...readme.matchAll(/^\| (.+?) \| [\w ]+ \| (\d+) – (\d+)/gm)].map((m) => [
        (m[1] as string).replace(/`/g, '').replace(/ \(.*\)$/, ''),
        [Number(m[2]), Number(m[3])],
      ]),
    );
    for (const [key, range] of Object.entries({ ...DURATION_LIMITS, ...NUMBER_LIMITS })) {
      expect([key, rows.get(key)]).toEqual([key, [...range]]);
    }
    expect(rows.get('comfort delay, URL holdTime')).toEqual([...ON_HOLD_SECONDS_LIMITS]);
  });
});
