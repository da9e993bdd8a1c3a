import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../widget/core/config/defaults.js';
import {
  buildForm,
  FORM_MESSAGE_TEMPLATES,
  type FormField,
  isValidEmail,
  isValidPostalCode,
  loadCountryRules,
  validateField,
} from '../../../widget/core/forms/index.js';
import { formatText } from '../../../widget/core/texts.js';

const preChat = buildForm({ form: 'preChat', country: 'US', chinaRegion: false });
const callback = buildForm({ form: 'callback', country: 'US', chinaRegion: false });
const field = (fields: readonly FormField[], name: string): FormField => {
  const found = fields.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no field ${name}`);
  return found;
};
const us = { country: 'US' };
// The phone and postal code rules of a country load when a form first needs them (country-rules.ts).
beforeAll(() => Promise.all(['US', 'DE'].map(loadCountryRules)));
const phoneOf = async (country: string) => {
  const rules = await loadCountryRules(country);
  return {
    isValid: (value: string, minLength: number) => rules.isValidPhone(value, minLength),
    parse: (value: string) => rules.parsePhone(value),
  };
};

describe('§8 form message templates', () => {
  it('§8 the four templates are worded as the spec quotes them', () => {
    expect(FORM_MESSAGE_TEMPLATES).toEqual({
      required: '{0} is a required property',
      invalid: '{0} is invalid',
      maxLength: 'Maximum length of {0} is {1} characters',
      email: 'Please provide a valid email address',
    });
  });

  it('§8 placeholders are replaced in order; a placeholder with no argument is kept', () => {
    expect(formatText(FORM_MESSAGE_TEMPLATES.maxLength, 'First Name', 50)).toBe(
      'Maximum length of First Name is 50 characters',
    );
    expect(formatText('{0} and {1}', 'a')).toBe('a and {1}');
  });
});

describe('§5 required fields', () => {
  it('§5 required text fields must be non-empty after trimming; the message is lower-cased when shown', () => {
    expect(validateField(field(preChat, 'firstName'), '   ', us)).toBe('first name is a required property');
    expect(validateField(field(preChat, 'firstName'), ' Ada ', us)).toBeUndefined();
  });

  it('§5 required checkbox groups need at least one checked option', () => {
    expect(validateField(field(callback, 'productInterested'), [], us)).toBe(
      'product interested is a required property',
    );
    expect(validateField(field(callback, 'productInterested'), ['Model Y'], us)).toBeUndefined();
  });

  it('§5 an empty optional field is valid', () => {
    expect(validateField(field(preChat, 'lastName'), '', us)).toBeUndefined();
  });

  it('§5 engagement placeholder data: empty required fields are ignored, filled ones still checked', () => {
    const context = { country: 'US', useEngagementPlaceholderData: true };
    expect(validateField(field(preChat, 'firstName'), '', context)).toBeUndefined();
    expect(validateField(field(callback, 'productInterested'), [], context)).toBeUndefined();
    expect(validateField(field(preChat, 'email'), 'not-an-email', context)).toBe(
      'please provide a valid email address',
    );
  });

  it('§5 province and city must be non-empty (China)', () => {
    const china = buildForm({ form: 'preChat', country: 'CN', chinaRegion: true });
    expect(validateField(field(china, 'province'), '', { country: 'CN' })).toBe('province is a required property');
    expect(validateField(field(china, 'city'), '', { country: 'CN' })).toBe('city is a required property');
    expect(validateField(field(china, 'city'), 'Beijing', { country: 'CN' })).toBeUndefined();
  });

  it('§5 hidden fields are never validated (China email)', () => {
    const china = buildForm({ form: 'preChat', country: 'CN', chinaRegion: true });
    expect(validateField(field(china, 'email'), '', { country: 'CN' })).toBeUndefined();
  });
});

describe('§5 email', () => {
  it("§5 email: invalid shape gives 'please provide a valid email address'", () => {
    expect(validateField(field(preChat, 'email'), 'ada@', us)).toBe('please provide a valid email address');
    expect(validateField(field(preChat, 'email'), 'ada@example.com', us)).toBeUndefined();
  });

  it.each(['<', '>', '"', "'", '/'])('§5 email rejects the character %s', (character) => {
    expect(isValidEmail(`ad${character}a@example.com`)).toBe(false);
    expect(isValidEmail(`ada@exa${character}mple.com`)).toBe(false);
  });

  it.each(['ada@example.com', 'ada.lovelace+chat@mail.example.co.uk', 'o_brien@ex-ample.io', '  ada@example.com  '])(
    '§5 email accepts the standard address shape: %s',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );

  it.each([
    'ada',
    'ada@example',
    '@example.com',
    'ada@@example.com',
    'ada..l@example.com',
    'ada@example.c',
    'ad a@example.com',
    'ada@-example.com',
    `${'a'.repeat(250)}@example.com`,
  ])('§5 email requires the standard address shape: rejects %s', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('§5 phone or phoneNumber', () => {
  it('§5 phone: national trunk prefix is stripped before matching (GB 07400 123456)', async () => {
    const gb = await phoneOf('GB');
    expect(gb.isValid('07400 123456', 4)).toBe(true);
    expect(gb.parse('07400 123456')).toEqual({
      e164: '+447400123456',
      phone: { country: 'GB', code: '44', number: '7400123456' },
    });
    expect((await phoneOf('DE')).parse('0151 12345678')?.phone.number).toBe('15112345678');
  });

  it("§5 phone: must match the national number pattern of the visitor's country, else '{0} is invalid'", async () => {
    expect(validateField(field(preChat, 'phoneNumber'), '(202) 555-0143', us)).toBeUndefined();
    expect(validateField(field(preChat, 'phoneNumber'), '12345', us)).toBe('phone number is invalid');
    // A valid German number is not a US visitor's number.
    const usPhone = await phoneOf('US');
    expect(usPhone.isValid('+49 151 12345678', 4)).toBe(false);
    expect(usPhone.isValid('+1 202 555 0143', 4)).toBe(true);
  });

  it('§5 phone: at least 4 characters (checked before the pattern)', async () => {
    // "1234" is a valid German number by pattern, so only the length rule can reject it.
    const de = await phoneOf('DE');
    expect(de.isValid('1234', DEFAULTS.phoneMinLength)).toBe(true);
    expect(de.isValid('1234', 5)).toBe(false);
    expect(de.isValid(' 12 ', 4)).toBe(false);
    expect(validateField(field(preChat, 'phoneNumber'), '1234', { country: 'DE', phoneMinLength: 5 })).toBe(
      'phone number is invalid',
    );
  });

  it('§5 phone: a country without numbering data accepts phone-like text of the minimum length', async () => {
    const eu = await phoneOf('EU');
    expect(eu.isValid('+32 470 12 34 56', 4)).toBe(true);
    expect(eu.isValid('call me', 4)).toBe(false);
    expect(eu.parse('+32 470 12 34 56')).toBeUndefined();
  });

  it('§5 phone: countries sharing a calling code share one numbering plan (documented choice)', async () => {
    // A Toronto number for a US visitor, a Guernsey-range mobile for a GB visitor.
    expect((await phoneOf('US')).isValid('416 555 0123', 4)).toBe(true);
    expect((await phoneOf('GB')).parse('07911 123456')?.phone).toEqual({
      country: 'GB',
      code: '44',
      number: '7911123456',
    });
  });

  it('§5 phone: text that is no number is invalid', async () => {
    expect((await phoneOf('US')).isValid('abcdef', 4)).toBe(false);
  });
});

describe('§5 postalCode or zip', () => {
  it('§5 postal code: valid for the country, else invalid', () => {
    expect(isValidPostalCode('94105', 'US')).toBe(true);
    expect(isValidPostalCode('9410', 'US')).toBe(false);
    expect(isValidPostalCode('SW1A 1AA', 'gb')).toBe(true);
    expect(validateField(field(preChat, 'postalCode'), '9410', us)).toBe('postal code is invalid');
  });

  it('§5 postal code: the zip alias follows the same rule', () => {
    const [zip] = buildForm({
      form: 'preChat',
      country: 'US',
      chinaRegion: false,
      definitions: [{ type: 'InputItem', attributes: { name: 'zip', required: true }, label: 'Zip' }],
    });
    expect(zip && validateField(zip, 'ABCDE', us)).toBe('zip is invalid');
  });

  it('§5 postal code: default pattern for countries without one is letters, digits, hyphen, space', () => {
    expect(isValidPostalCode('AB-12 3', 'AE')).toBe(true);
    expect(isValidPostalCode('12#34', 'AE')).toBe(false);
    expect(isValidPostalCode('12_34', 'HK')).toBe(false);
  });
});

describe('§5 firstName and lastName', () => {
  it('§5 names: at most namesMaxCharCount (50) characters', () => {
    const first = field(preChat, 'firstName');
    expect(validateField(first, 'a'.repeat(DEFAULTS.namesMaxCharCount), us)).toBeUndefined();
    expect(validateField(first, 'a'.repeat(DEFAULTS.namesMaxCharCount + 1), us)).toBe(
      'maximum length of first name is 50 characters',
    );
    expect(validateField(field(preChat, 'lastName'), 'b'.repeat(51), us)).toBe(
      'maximum length of last name is 50 characters',
    );
  });

  it('§5 names: the limit is configurable and counts characters, not UTF-16 units', () => {
    expect(validateField(field(preChat, 'firstName'), 'abc', { country: 'US', namesMaxCharCount: 2 })).toBe(
      'maximum length of first name is 2 characters',
    );
    expect(validateField(field(preChat, 'firstName'), '𠀀'.repeat(50), us)).toBeUndefined();
  });

  it('§5 fields without a rule of their own accept any non-empty value', () => {
    expect(validateField(field(preChat, 'getUpdates'), 'No', us)).toBeUndefined();
  });
});
