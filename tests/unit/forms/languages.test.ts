/**
 * Issue 12 item 10: the forms and the triage data in the page's language. Labels, the
 * '(Optional)' mark (full-width brackets for TW, HK, MO and CN, section 5), fixed options and
 * the section 8 message templates come from the catalogue; values sent stay the same.
 */
import { describe, expect, it } from 'vitest';
import { buildForm, createFormController, formDefinitions } from '../../../widget/core/forms/index.js';
import { mainTopics, supportLinkSets, upcomingDeliveryHelp, variantTopics } from '../../../widget/core/locale/index.js';
import de from '../../../widget/ui/i18n/catalogues/i18n-de.js';
import zhCN from '../../../widget/ui/i18n/catalogues/i18n-zh-CN.js';
import zhTW from '../../../widget/ui/i18n/catalogues/i18n-zh-TW.js';
import { hostTimers } from '../../support/host-timers.js';

describe('§5 forms in the page language', () => {
  it('zh-CN: Chinese labels, （选填） with full-width brackets, province and city, and Chinese messages', async () => {
    const fields = buildForm({ form: 'preChat', country: 'CN', chinaRegion: true, texts: zhCN.forms });
    const labels = Object.fromEntries(fields.map((field) => [field.name, field.label]));
    expect(labels).toMatchObject({ firstName: '名字', lastName: '姓氏（选填）', province: '省份', city: '城市' });
    expect(fields.find((field) => field.name === 'province')?.placeholder).toBe('请选择');
    const form = createFormController({ fields, country: 'CN', texts: zhCN.forms, timers: hostTimers });
    await form.submit();
    const errors = Object.fromEntries(form.getSnapshot().fields.map((field) => [field.name, field.error]));
    expect(errors.firstName).toBe('名字为必填项');
    expect(errors.province).toBe('省份为必填项');
  });

  it('zh-TW uses Traditional Chinese with the full-width mark; de keeps its capitals (no lower-casing)', async () => {
    const tw = buildForm({ form: 'preChat', country: 'TW', chinaRegion: false, texts: zhTW.forms });
    expect(tw.find((field) => field.name === 'lastName')?.label).toBe('姓氏（選填）');
    const german = buildForm({ form: 'preChat', country: 'DE', chinaRegion: false, texts: de.forms });
    expect(german.find((field) => field.name === 'lastName')?.label).toBe('Nachname (optional)');
    const form = createFormController({ fields: german, country: 'DE', texts: de.forms, timers: hostTimers });
    form.change('email', 'not-an-email');
    form.blur('email');
    expect(form.getSnapshot().fields.find((field) => field.name === 'email')?.error).toBe(
      'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    );
  });

  it('option labels are translated, the values sent are not', () => {
    const [getUpdates] = buildForm({ form: 'preChat', country: 'DE', chinaRegion: false, texts: de.forms }).filter(
      (field) => field.name === 'getUpdates',
    );
    expect(getUpdates?.options).toEqual([
      { value: 'Yes', label: 'Ja' },
      { value: 'No', label: 'Nein', selected: true },
    ]);
    const callback = buildForm({ form: 'callback', country: 'DE', chinaRegion: false, texts: de.forms });
    expect(callback.find((field) => field.name === 'productInterested')?.options).toContainEqual({
      value: 'Solar Roof',
      label: 'Solardach',
    });
  });

  it('configured fields keep the deployment labels; formDefinitions is what the form was built from', () => {
    const definitions = [{ type: 'InputItem' as const, attributes: { name: 'subject' }, label: 'Betreff (Händler)' }];
    expect(
      formDefinitions({ form: 'preChat', country: 'DE', chinaRegion: false, definitions, texts: de.forms }),
    ).toEqual(definitions);
    expect(
      buildForm({ form: 'preChat', country: 'DE', chinaRegion: false, definitions, texts: de.forms })[0]?.label,
    ).toBe('Betreff (Händler) (optional)');
  });
});

describe('drafts and prefill reach the fields', () => {
  it('a draft fills the fields (aliases too) but never a read-only prefilled one', () => {
    const fields = buildForm({
      form: 'callback',
      country: 'US',
      chinaRegion: false,
      prefill: { email: 'owner@example.com' },
      readOnlyPrefilled: true,
      draft: {
        firstName: 'Ada',
        phone: '2025550143',
        email: 'typed@example.com',
        productInterested: ['Model Y', 'Nope'],
      },
    });
    const initial = Object.fromEntries(fields.map((field) => [field.name, field.initialValue]));
    expect(initial).toMatchObject({
      firstName: 'Ada',
      phoneNumber: '2025550143',
      email: 'owner@example.com',
      productInterested: ['Model Y'],
    });
    expect(fields.find((field) => field.name === 'email')?.readOnly).toBe(true);
  });
});

describe('§2 triage and support links in the page language, on the .com or .cn site', () => {
  it('labels from the catalogue, topics sent in English, absolute links with a site name', () => {
    const topics = mainTopics({ locale: 'zh-CN', energyPage: false, texts: zhCN.triage, siteName: 'www.example' });
    expect(topics.map((topic) => topic.label)).toEqual(['车辆', '能源产品', '账户支持', '与人工客服聊天']);
    expect(topics[2]).toMatchObject({ href: 'https://www.example.cn/contact' });
    const variant = variantTopics({ locale: 'de-DE', energyPage: false, texts: de.triage, siteName: 'www.example' });
    expect(variant[1]).toMatchObject({ label: 'Probefahrt vereinbaren', href: 'https://www.example.com/de_DE/drive' });
    const help = upcomingDeliveryHelp('en-US', { siteName: 'www.example' });
    expect(help.stillNeedHelp).toEqual({ label: 'I Still Need Help', topic: 'Upcoming Delivery' });
    expect(help.resources[1]?.href).toBe('https://www.example.com/support/delivery-day');
    const [ownership] = supportLinkSets('zh-CN', { texts: zhCN.triage, siteName: 'www.example' });
    expect(ownership?.contactUs).toEqual({
      label: '联系我们',
      href: 'https://www.example.cn/contact?issue=vehicle&issueSubcategory=ownership',
    });
  });
});
