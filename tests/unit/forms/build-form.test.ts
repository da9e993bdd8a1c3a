import { describe, expect, it } from 'vitest';
import { buildForm, type FieldDefinition, parseFieldDefinitions } from '../../../widget/core/forms/index.js';

const names = (fields: readonly { name: string }[]) => fields.map((field) => field.name);

describe('field definitions from configuration (§3 form field definition)', () => {
  it('§3 reads InputItem, SelectItem and CheckboxItem with attributes, label and options', () => {
    const parsed = parseFieldDefinitions([
      {
        type: 'InputItem',
        attributes: { name: 'firstName', type: 'text', required: true, placeholder: 'Ada' },
        label: 'First',
      },
      {
        type: 'SelectItem',
        attributes: { name: 'getUpdates', required: 'true' },
        label: 'Updates',
        options: [{ value: 'Yes', label: 'Yes', selected: true }, { value: 'No' }, 'Maybe', { label: 'no value' }],
      },
      {
        type: 'CheckboxItem',
        attributes: { name: 'productInterested' },
        label: 'Products',
        options: ['Model S', 3, 'Model Y'],
      },
    ]);
    expect(parsed).toEqual([
      {
        type: 'InputItem',
        attributes: { name: 'firstName', type: 'text', required: true, placeholder: 'Ada' },
        label: 'First',
      },
      {
        type: 'SelectItem',
        attributes: { name: 'getUpdates', required: true },
        label: 'Updates',
        options: [
          { value: 'Yes', label: 'Yes', selected: true },
          { value: 'No', label: 'No' },
          { value: 'Maybe', label: 'Maybe' },
        ],
      },
      {
        type: 'CheckboxItem',
        attributes: { name: 'productInterested' },
        label: 'Products',
        options: ['Model S', 'Model Y'],
      },
    ]);
  });

  it('§3 drops entries that are not a known item type or have no name, and reports each', () => {
    const problems: string[] = [];
    const parsed = parseFieldDefinitions(
      [
        { type: 'RadioItem', attributes: { name: 'x' } },
        { type: 'InputItem', attributes: {} },
        null,
        { type: 'InputItem', attributes: { name: 'email', readOnly: true } },
      ],
      (problem) => problems.push(problem),
    );
    expect(parsed).toEqual([{ type: 'InputItem', attributes: { name: 'email', readOnly: true }, label: 'email' }]);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('unknown type RadioItem');
    expect(parseFieldDefinitions('nope', (problem) => problems.push(problem))).toEqual([]);
    expect(problems.at(-1)).toContain('expected an array');
  });

  it('§3 missing option lists become empty lists', () => {
    const parsed = parseFieldDefinitions([
      { type: 'SelectItem', attributes: { name: 'subject' }, label: 'Subject' },
      { type: 'CheckboxItem', attributes: { name: 'productInterested' }, label: 'Products' },
    ]);
    expect(parsed.map((definition) => ('options' in definition ? definition.options : undefined))).toEqual([[], []]);
  });
});

describe('pre-chat defaults (§3)', () => {
  it('§3 pre-chat defaults: firstName, email, phoneNumber, postalCode, getUpdates required; lastName optional', () => {
    const fields = buildForm({ form: 'preChat', country: 'US', chinaRegion: false });
    expect(names(fields)).toEqual(['firstName', 'lastName', 'email', 'phoneNumber', 'postalCode', 'getUpdates']);
    expect(Object.fromEntries(fields.map((field) => [field.name, field.required]))).toEqual({
      firstName: true,
      lastName: false,
      email: true,
      phoneNumber: true,
      postalCode: true,
      getUpdates: true,
    });
  });

  it('§3 getUpdates is a Yes/No select preselected Yes', () => {
    const getUpdates = buildForm({ form: 'preChat', country: 'US', chinaRegion: false }).find(
      (field) => field.name === 'getUpdates',
    );
    expect(getUpdates?.control).toBe('select');
    expect(getUpdates?.options.map((option) => option.value)).toEqual(['Yes', 'No']);
    expect(getUpdates?.initialValue).toBe('Yes');
  });

  it.each([
    'BE',
    'CZ',
    'DK',
    'DE',
    'GR',
    'ES',
    'FR',
    'HR',
    'HU',
    'IE',
    'IS',
    'IT',
    'LU',
    'NL',
    'NO',
    'AT',
    'PL',
    'PT',
    'RO',
    'SI',
    'CH',
    'SE',
    'FI',
    'GB',
    'EU',
    'IL',
    'AE',
    'JO',
  ])('§6 newsletter opt-out: getUpdates preselection is inverted to No in %s', (country) => {
    const getUpdates = buildForm({ form: 'preChat', country, chinaRegion: false }).find(
      (field) => field.name === 'getUpdates',
    );
    expect(getUpdates?.initialValue).toBe('No');
  });

  it('§6 newsletter opt-out also inverts a configured getUpdates select', () => {
    const definitions: FieldDefinition[] = [
      {
        type: 'SelectItem',
        attributes: { name: 'getUpdates', required: true },
        label: 'Updates',
        options: [
          { value: 'Yes', label: 'Yes', selected: true },
          { value: 'No', label: 'No' },
        ],
      },
    ];
    expect(buildForm({ form: 'preChat', country: 'DE', chinaRegion: false, definitions })[0]?.initialValue).toBe('No');
    expect(buildForm({ form: 'preChat', country: 'US', chinaRegion: false, definitions })[0]?.initialValue).toBe('Yes');
  });

  it('§3 known fields: phone/phoneNumber and postalCode/zip are aliased to one kind', () => {
    const fields = buildForm({
      form: 'preChat',
      country: 'US',
      chinaRegion: false,
      definitions: parseFieldDefinitions([
        { type: 'InputItem', attributes: { name: 'phone', required: true }, label: 'Phone' },
        { type: 'InputItem', attributes: { name: 'zip', required: true }, label: 'Zip' },
        { type: 'InputItem', attributes: { name: 'favouriteColour' }, label: 'Colour' },
      ]),
      prefill: { phoneNumber: '2025550143', postalCode: '94105' },
    });
    expect(fields.map((field) => [field.name, field.kind, field.initialValue])).toEqual([
      ['phone', 'phone', '2025550143'],
      ['zip', 'postalCode', '94105'],
      ['favouriteColour', 'other', ''],
    ]);
  });
});

describe('callback form (§3)', () => {
  it('§3 callback form: firstName, lastName, email, phoneNumber, postalCode, productInterested, all required', () => {
    const fields = buildForm({ form: 'callback', country: 'US', chinaRegion: false });
    expect(names(fields)).toEqual(['firstName', 'lastName', 'email', 'phoneNumber', 'postalCode', 'productInterested']);
    expect(fields.every((field) => field.required)).toBe(true);
    const products = fields.find((field) => field.name === 'productInterested');
    expect(products?.control).toBe('checkboxGroup');
    expect(products?.options.map((option) => option.value)).toEqual([
      'Model S',
      'Model 3',
      'Model X',
      'Model Y',
      'Solar Panels',
      'Solar Roof',
    ]);
    expect(products?.initialValue).toEqual([]);
  });
});

describe('labels (§5 optional fields)', () => {
  it("§5 optional fields are labelled '(Optional)'", () => {
    const lastName = buildForm({ form: 'preChat', country: 'US', chinaRegion: false }).find(
      (field) => field.name === 'lastName',
    );
    expect(lastName?.label).toBe('Last Name (Optional)');
    expect(lastName?.messageLabel).toBe('Last Name');
  });

  it.each(['TW', 'HK', 'MO', 'CN'])("§5 optional labels use full-width brackets '（Optional）' in %s", (country) => {
    const lastName = buildForm({ form: 'preChat', country, chinaRegion: false }).find(
      (field) => field.name === 'lastName',
    );
    expect(lastName?.label).toBe('Last Name（Optional）');
  });

  it('§5 required fields carry no optional marker', () => {
    const firstName = buildForm({ form: 'preChat', country: 'CN', chinaRegion: true }).find(
      (field) => field.name === 'firstName',
    );
    expect(firstName?.label).toBe('First Name');
  });
});

describe('China rules (§5 China region)', () => {
  it('§5 China: the email field is hidden in the pre-chat form, also when prefilled', () => {
    const fields = buildForm({
      form: 'preChat',
      country: 'CN',
      chinaRegion: true,
      prefill: { email: 'li@example.cn' },
    });
    const email = fields.find((field) => field.name === 'email');
    expect(email?.hidden).toBe(true);
    expect(email?.initialValue).toBe('li@example.cn');
    expect(fields.find((field) => field.name === 'postalCode')?.hidden).toBe(false);
  });

  it('§5 China: zip is hidden in chat-lite (the callback form), email is not', () => {
    const fields = buildForm({ form: 'callback', country: 'CN', chinaRegion: true });
    expect(fields.find((field) => field.name === 'postalCode')?.hidden).toBe(true);
    expect(fields.find((field) => field.name === 'email')?.hidden).toBe(false);
  });

  it('§5 China: province and city dependent selects are added after the postal code', () => {
    const fields = buildForm({ form: 'preChat', country: 'CN', chinaRegion: true });
    expect(names(fields)).toEqual([
      'firstName',
      'lastName',
      'email',
      'phoneNumber',
      'postalCode',
      'province',
      'city',
      'getUpdates',
    ]);
    expect(
      fields
        .filter((field) => field.kind === 'province' || field.kind === 'city')
        .every((field) => field.required && field.control === 'select'),
    ).toBe(true);
  });

  it('§5 China: configured province and city are kept, not doubled; without a postal code they go last', () => {
    const definitions = parseFieldDefinitions([
      { type: 'InputItem', attributes: { name: 'firstName', required: true }, label: 'Name' },
      { type: 'SelectItem', attributes: { name: 'province', required: true }, label: 'Province', options: [] },
    ]);
    expect(names(buildForm({ form: 'preChat', country: 'CN', chinaRegion: true, definitions }))).toEqual([
      'firstName',
      'province',
      'city',
    ]);
    const both = parseFieldDefinitions([
      { type: 'SelectItem', attributes: { name: 'province' }, label: 'P', options: [] },
      { type: 'SelectItem', attributes: { name: 'city' }, label: 'C', options: [] },
    ]);
    expect(names(buildForm({ form: 'preChat', country: 'CN', chinaRegion: true, definitions: both }))).toEqual([
      'province',
      'city',
    ]);
  });

  it('§5 outside China nothing is hidden and no province or city is added', () => {
    const fields = buildForm({ form: 'preChat', country: 'US', chinaRegion: false });
    expect(fields.some((field) => field.hidden)).toBe(false);
    expect(fields.some((field) => field.kind === 'province')).toBe(false);
  });

  it('§5 prefilled inputs may be read-only', () => {
    const fields = buildForm({
      form: 'preChat',
      country: 'US',
      chinaRegion: false,
      prefill: { firstName: 'Ada', getUpdates: 'No', lastName: '' },
      readOnlyPrefilled: true,
    });
    expect(fields.find((field) => field.name === 'firstName')).toMatchObject({ readOnly: true, initialValue: 'Ada' });
    expect(fields.find((field) => field.name === 'lastName')).toMatchObject({ readOnly: false, initialValue: '' });
    expect(fields.find((field) => field.name === 'getUpdates')?.initialValue).toBe('No');
    const notReadOnly = buildForm({
      form: 'preChat',
      country: 'US',
      chinaRegion: false,
      prefill: { firstName: 'Ada' },
    });
    expect(notReadOnly.find((field) => field.name === 'firstName')?.readOnly).toBe(false);
  });

  it('§3 a prefilled select value that is not one of its options is ignored', () => {
    const fields = buildForm({ form: 'preChat', country: 'US', chinaRegion: false, prefill: { getUpdates: 'Maybe' } });
    expect(fields.find((field) => field.name === 'getUpdates')?.initialValue).toBe('Yes');
  });
});
