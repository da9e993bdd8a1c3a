import { describe, expect, it } from 'vitest';
import { validateCallbackRequest, validateLeadRequest } from '../../../generated/widget-http.validators.js';
import { DEFAULTS } from '../../../widget/core/config/defaults.js';
import {
  buildCallbackPayload,
  buildForm,
  buildLeadPayload,
  customerDetailsFromForm,
  isFirstChatConfirmation,
  loadCountryRules,
} from '../../../widget/core/forms/index.js';

// The payloads are built after a submit, which waits for the country's rules (country-rules.ts).
await Promise.all(['US', 'GB', 'CN'].map(loadCountryRules));

const callbackFields = buildForm({ form: 'callback', country: 'US', chinaRegion: false });
const callbackValues = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '(202) 555-0143',
  postalCode: '94105',
  productInterested: ['Model 3', 'Solar Roof'],
};

describe('callback payload (§3 callback form, §7 callback call)', () => {
  it("§7 callback: formId '179', formType 'legacy', formLocale, fields as name/value pairs", () => {
    const payload = buildCallbackPayload({
      fields: callbackFields,
      values: callbackValues,
      country: 'US',
      locale: 'en_us',
    });
    expect(payload).toEqual({
      formId: DEFAULTS.callbackFormId,
      formType: 'legacy',
      formLocale: 'en-US',
      formData: {
        fields: [
          { name: 'firstName', value: 'Ada' },
          { name: 'lastName', value: 'Lovelace' },
          { name: 'email', value: 'ada@example.com' },
          { name: 'phone', value: { country: 'US', code: '1', number: '2025550143' } },
          { name: 'postalCode', value: '94105' },
          { name: 'productInterested', value: ['Model 3', 'Solar Roof'] },
        ],
      },
    });
    expect(validateCallbackRequest(payload), JSON.stringify(validateCallbackRequest.errors)).toBe(true);
  });

  it('§3 productInterested is grouped into one entry whose value is the list of chosen options', () => {
    const payload = buildCallbackPayload({ fields: callbackFields, values: callbackValues, country: 'US' });
    const entries = payload.formData.fields.filter((entry) => entry.name === 'productInterested');
    expect(entries).toEqual([{ name: 'productInterested', value: ['Model 3', 'Solar Roof'] }]);
  });

  it('§3 phone becomes an object with country, code and number (trunk prefix stripped)', () => {
    const fields = buildForm({ form: 'callback', country: 'GB', chinaRegion: false });
    const payload = buildCallbackPayload({
      fields,
      values: { ...callbackValues, phoneNumber: '07400 123456', postalCode: 'SW1A 1AA' },
      country: 'GB',
    });
    expect(payload.formData.fields.find((entry) => entry.name === 'phone')?.value).toEqual({
      country: 'GB',
      code: '44',
      number: '7400123456',
    });
    expect(payload.formLocale).toBe(DEFAULTS.chatLocale);
    expect(validateCallbackRequest(payload)).toBe(true);
  });

  it('§5 engagement placeholder data: empty values and empty groups are left out; the payload stays valid', () => {
    const payload = buildCallbackPayload({
      fields: callbackFields,
      values: { firstName: 'Ada', lastName: '', email: ' ', phoneNumber: '', productInterested: [] },
      country: 'US',
    });
    expect(payload.formData.fields).toEqual([{ name: 'firstName', value: 'Ada' }]);
    expect(validateCallbackRequest(payload)).toBe(true);
  });

  it('§7 an unparsable phone keeps the visitor text under its own name', () => {
    const payload = buildCallbackPayload({ fields: callbackFields, values: { phoneNumber: 'call me' }, country: 'US' });
    expect(payload.formData.fields).toEqual([{ name: 'phoneNumber', value: 'call me' }]);
  });
});

describe('customer details from the pre-chat form (§3 customer details)', () => {
  it('§3 customer details: names, email, E.164 phone and phone object, both postal spellings, getUpdates and the brand flag', () => {
    const details = customerDetailsFromForm(
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phoneNumber: '07400 123456',
        postalCode: 'SW1A 1AA',
        getUpdates: 'No',
        subject: 'Model Y',
        productInterested: ['Model Y'],
      },
      'GB',
    );
    expect(details).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phoneNumber: '+447400123456',
      phone: { country: 'GB', code: '44', number: '7400123456' },
      postalCode: 'SW1A 1AA',
      zip: 'SW1A 1AA',
      getUpdates: 'No',
      getBrandUpdates: false,
      subject: 'Model Y',
      displayName: 'Ada Lovelace',
    });
  });

  it('§3 customer details: the zip and phone aliases, China province and city, no empty fields', () => {
    const details = customerDetailsFromForm(
      { firstName: '', phone: '13800138000', zip: '100000', province: 'Beijing', city: 'Beijing', getUpdates: 'Yes' },
      'CN',
    );
    expect(details).toEqual({
      phoneNumber: '+8613800138000',
      phone: { country: 'CN', code: '86', number: '13800138000' },
      postalCode: '100000',
      zip: '100000',
      province: 'Beijing',
      city: 'Beijing',
      getUpdates: 'Yes',
      getBrandUpdates: true,
    });
  });

  it('§3 customer details: an unparsable phone is kept as typed, without a phone object', () => {
    expect(customerDetailsFromForm({ phoneNumber: 'n/a', lastName: 'Lovelace' }, 'US')).toEqual({
      phoneNumber: 'n/a',
      lastName: 'Lovelace',
      displayName: 'Lovelace',
    });
  });
});

describe('lead payload (§7 lead call)', () => {
  const customerDetails = customerDetailsFromForm(
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phoneNumber: '2025550143',
      postalCode: '94105',
      getUpdates: 'Yes',
    },
    'US',
  );

  it('§7 lead: useEngagementPlaceholderData, formId (page type), formData with phone object and attributes joined by commas, locale, contextID', () => {
    const payload = buildLeadPayload({ customerDetails, contextID: 'WR-1', locale: 'en-us' });
    expect(payload).toEqual({
      useEngagementPlaceholderData: false,
      formId: DEFAULTS.pageType,
      locale: 'en-US',
      contextID: 'WR-1',
      formData: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phoneNumber: '+12025550143',
        phone: { country: 'US', code: '1', number: '2025550143' },
        postalCode: '94105',
        zip: '94105',
        getUpdates: 'Yes',
        getBrandUpdates: 'true',
        attributes: DEFAULTS.attributes.join(','),
      },
    });
    expect(validateLeadRequest(payload), JSON.stringify(validateLeadRequest.errors)).toBe(true);
  });

  it('§7 lead: configured page type, attributes, placeholder flag and topic; session-only details are left out', () => {
    const payload = buildLeadPayload({
      customerDetails: { ...customerDetails, topic: 'Solar Roof', isContinuingAfterRefresh: true, displayName: 'Ada' },
      contextID: 'WR-2',
      pageType: 'Energy',
      attributes: ['Country.DE', 'LOB.Energy'],
      useEngagementPlaceholderData: true,
    });
    expect(payload).toMatchObject({
      formId: 'Energy',
      useEngagementPlaceholderData: true,
      locale: DEFAULTS.chatLocale,
    });
    expect(payload.formData.attributes).toBe('Country.DE,LOB.Energy');
    expect(payload.formData.topic).toBe('Solar Roof');
    expect(payload.formData).not.toHaveProperty('displayName');
    expect(payload.formData).not.toHaveProperty('isContinuingAfterRefresh');
    expect(validateLeadRequest(payload)).toBe(true);
  });

  it('§7 lead is sent only when a chat is first confirmed: a workRequestId and no earlier timestamp', () => {
    expect(isFirstChatConfirmation('WR-1', undefined)).toBe(true);
    expect(isFirstChatConfirmation('WR-1', null)).toBe(true);
    expect(isFirstChatConfirmation('WR-1', 1_700_000_000_000)).toBe(false);
    expect(isFirstChatConfirmation('', undefined)).toBe(false);
    expect(isFirstChatConfirmation(null, undefined)).toBe(false);
  });
});
