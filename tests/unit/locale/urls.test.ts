import { describe, expect, it } from 'vitest';
import {
  hyphenLocale,
  isChinaRegion,
  isNewsletterOptOutCountry,
  localePathSegment,
  localizedPath,
  parseLocale,
  showsDeliveryTriage,
  siteBaseUrl,
  siteUrl,
  underscoreLocale,
  usesDemoDriveWording,
  usesFullWidthBrackets,
} from '../../../widget/core/locale/index.js';

describe('locale spelling', () => {
  it('reads language and country from any spelling', () => {
    expect(parseLocale('en-us')).toEqual({ language: 'en', country: 'US' });
    expect(parseLocale(' zh_CN ')).toEqual({ language: 'zh', country: 'CN' });
    expect(parseLocale('fr')).toEqual({ language: 'fr', country: '' });
    expect(underscoreLocale('de-de')).toBe('de_DE');
    expect(underscoreLocale('de')).toBe('de');
    expect(hyphenLocale('en_us')).toBe('en-US');
    expect(hyphenLocale('EN')).toBe('en');
  });
});

describe('§2 URL building', () => {
  it.each(['en-us', 'es_US', 'zh-cn', 'en-CN'])('§2 no locale segment for the US and China locales (%s)', (locale) => {
    expect(localePathSegment(locale)).toBe('');
    expect(localizedPath('/drive', locale)).toBe('/drive');
  });

  it('§2 locale segments are added to paths for every other locale', () => {
    expect(localePathSegment('de-de')).toBe('de_DE');
    expect(localizedPath('/drive', 'de-de')).toBe('/de_DE/drive');
    expect(localizedPath('support/delivery-day', 'fr_CA')).toBe('/fr_CA/support/delivery-day');
    expect(localizedPath('/contact?issue=a', 'en-gb')).toBe('/en_GB/contact?issue=a');
  });

  it('§2 a locale without a country gets no segment', () => {
    expect(localePathSegment('en')).toBe('');
  });

  it('§2 a locale ending in CN uses the China domain suffix instead of .com', () => {
    expect(siteBaseUrl('zh-CN', 'www.example')).toBe('https://www.example.cn');
    expect(siteBaseUrl('en_cn', 'www.example')).toBe('https://www.example.cn');
    expect(siteBaseUrl('en-US', 'www.example')).toBe('https://www.example.com');
    expect(siteBaseUrl('zh-TW', 'www.example')).toBe('https://www.example.com');
    expect(siteUrl('/drive', 'de-DE', 'www.example')).toBe('https://www.example.com/de_DE/drive');
    expect(siteUrl('/drive', 'zh-CN', 'www.example')).toBe('https://www.example.cn/drive');
  });
});

describe('§2 China region check', () => {
  it('§2 China region: country CN', () => {
    expect(isChinaRegion({ country: 'cn' })).toBe(true);
  });

  it('§2 China region: UI country CN', () => {
    expect(isChinaRegion({ country: 'US', uiCountry: 'CN' })).toBe(true);
  });

  it('§2 China region: a host ending in .cn (port ignored)', () => {
    expect(isChinaRegion({ host: 'www.example.cn' })).toBe(true);
    expect(isChinaRegion({ host: 'WWW.EXAMPLE.CN:8443' })).toBe(true);
  });

  it('§2 China region: anything else is not China', () => {
    expect(isChinaRegion({ country: 'HK', uiCountry: 'TW', host: 'www.example.com' })).toBe(false);
    expect(isChinaRegion({ host: 'cn.example.com' })).toBe(false);
    expect(isChinaRegion({})).toBe(false);
  });
});

describe('§9 region groups', () => {
  it.each(['CA', 'US', 'MX', 'PR'])('§9 demo-drive wording in %s', (country) => {
    expect(usesDemoDriveWording(country)).toBe(true);
  });

  it('§9 test-drive wording elsewhere', () => {
    expect(usesDemoDriveWording('GB')).toBe(false);
    expect(usesDemoDriveWording('de')).toBe(false);
  });

  it('§9 delivery triage US only', () => {
    expect(showsDeliveryTriage('us')).toBe(true);
    expect(['CA', 'MX', 'PR', 'GB', 'CN'].some(showsDeliveryTriage)).toBe(false);
  });

  it('§6 newsletter opt-out countries, and only those', () => {
    expect(isNewsletterOptOutCountry('jo')).toBe(true);
    expect(isNewsletterOptOutCountry('EU')).toBe(true);
    expect(isNewsletterOptOutCountry('US')).toBe(false);
    expect(isNewsletterOptOutCountry('BG')).toBe(false);
  });

  it('§5 full-width brackets in TW, HK, MO and CN only', () => {
    expect(['TW', 'HK', 'MO', 'cn'].every(usesFullWidthBrackets)).toBe(true);
    expect(usesFullWidthBrackets('SG')).toBe(false);
  });
});
