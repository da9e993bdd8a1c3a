import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../../../widget/core/config/defaults.js';
import {
  buildForm,
  countryRules,
  createFormController,
  type FormController,
  type FormControllerOptions,
  loadCountryRules,
} from '../../../widget/core/forms/index.js';
import { hostTimers } from '../../support/host-timers.js';

type TimerProvider = FormControllerOptions['timers'];

/** Timers through the injected provider, counted so tests can prove every timer is owned. */
function countingTimers(): TimerProvider & { pending: () => number } {
  const live = new Set<unknown>();
  return {
    setTimeout(callback, ms) {
      const handle = setTimeout(() => {
        live.delete(handle);
        callback();
      }, ms);
      live.add(handle);
      return handle;
    },
    clearTimeout(handle) {
      live.delete(handle);
      clearTimeout(handle as ReturnType<typeof setTimeout>);
    },
    pending: () => live.size,
  };
}

const countryData = {
  provinceList: [
    { value: 'Beijing', label: '北京市' },
    { value: 'Guangdong', label: '广东省' },
  ],
  cityList: {
    Beijing: [{ value: 'Beijing', label: '北京市' }],
    Guangdong: [
      { value: 'Guangzhou', label: '广州市' },
      { value: 'Shenzhen', label: '深圳市' },
    ],
  },
};

// The phone and postal code rules load when a form first needs them; these forms have them in
// (the tests at the end of this file start without).
beforeAll(() => Promise.all(['US', 'CN'].map(loadCountryRules)));

let timers: ReturnType<typeof countingTimers>;
let controllers: FormController[] = [];

function preChatForm(overrides: Partial<FormControllerOptions> = {}): FormController {
  const controller = createFormController({
    fields: buildForm({ form: 'preChat', country: 'US', chinaRegion: false }),
    country: 'US',
    timers,
    ...overrides,
  });
  controllers.push(controller);
  return controller;
}

function fillValidPreChat(form: FormController): void {
  form.change('firstName', 'Ada');
  form.change('email', 'ada@example.com');
  form.change('phoneNumber', '2025550143');
  form.change('postalCode', '94105');
}

const fieldOf = (form: FormController, name: string) => form.getSnapshot().fields.find((field) => field.name === name);

beforeEach(() => {
  vi.useFakeTimers();
  timers = countingTimers();
  controllers = [];
});

afterEach(() => {
  for (const controller of controllers) controller.dispose();
  vi.useRealTimers();
});

describe('form controller (§5 validation timing)', () => {
  it('§5 errors show only for touched fields: an untouched invalid form shows none', () => {
    const form = preChatForm();
    const snapshot = form.getSnapshot();
    expect(snapshot.valid).toBe(false);
    expect(snapshot.fields.every((field) => field.error === undefined && !field.touched)).toBe(true);
  });

  it('§5 errors show after 2000 ms of idle typing, not before', () => {
    const form = preChatForm();
    form.change('email', 'ada@');
    vi.advanceTimersByTime(DEFAULTS.validationIdleDelay - 1);
    expect(fieldOf(form, 'email')?.error).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(fieldOf(form, 'email')).toMatchObject({ touched: true, error: 'please provide a valid email address' });
  });

  it('§5 idle typing: each keystroke restarts the 2000 ms wait', () => {
    const form = preChatForm();
    form.change('email', 'ada@');
    vi.advanceTimersByTime(1500);
    form.change('email', 'ada@e');
    vi.advanceTimersByTime(1500);
    expect(fieldOf(form, 'email')?.error).toBeUndefined();
    expect(timers.pending()).toBe(1);
    vi.advanceTimersByTime(500);
    expect(fieldOf(form, 'email')?.error).toBe('please provide a valid email address');
    expect(timers.pending()).toBe(0);
  });

  it('§5 errors show on blur, at once, and the idle timer is dropped', () => {
    const form = preChatForm();
    form.change('firstName', 'a'.repeat(51));
    form.blur('firstName');
    expect(fieldOf(form, 'firstName')?.error).toBe('maximum length of first name is 50 characters');
    expect(timers.pending()).toBe(0);
    form.blur('lastName');
    expect(fieldOf(form, 'lastName')).toMatchObject({ touched: true });
    expect(fieldOf(form, 'lastName')?.error).toBeUndefined();
  });

  it('§5 an error clears when the corrected value is validated again', () => {
    const form = preChatForm();
    form.blur('firstName');
    expect(fieldOf(form, 'firstName')?.error).toBe('first name is a required property');
    form.change('firstName', 'Ada');
    vi.advanceTimersByTime(DEFAULTS.validationIdleDelay);
    expect(fieldOf(form, 'firstName')?.error).toBeUndefined();
  });

  it('§5 selects validate on change', () => {
    const form = preChatForm();
    form.change('getUpdates', '');
    expect(fieldOf(form, 'getUpdates')).toMatchObject({ touched: true, error: 'get updates is a required property' });
    form.change('getUpdates', 'No');
    expect(fieldOf(form, 'getUpdates')?.error).toBeUndefined();
    expect(timers.pending()).toBe(0);
  });

  it('§5 checkbox groups validate on click', () => {
    const form = createFormController({
      fields: buildForm({ form: 'callback', country: 'US', chinaRegion: false }),
      country: 'US',
      timers,
    });
    controllers.push(form);
    form.toggle('productInterested', 'Solar Roof');
    expect(fieldOf(form, 'productInterested')).toMatchObject({ touched: true, value: ['Solar Roof'] });
    form.toggle('productInterested', 'Solar Roof');
    expect(fieldOf(form, 'productInterested')?.error).toBe('product interested is a required property');
  });

  it('§3 checkbox values keep the configured option order whatever the click order', () => {
    const form = createFormController({
      fields: buildForm({ form: 'callback', country: 'US', chinaRegion: false }),
      country: 'US',
      timers,
    });
    controllers.push(form);
    form.toggle('productInterested', 'Solar Roof');
    form.toggle('productInterested', 'Model 3');
    expect(fieldOf(form, 'productInterested')?.value).toEqual(['Model 3', 'Solar Roof']);
    // Commands aimed at the wrong control are ignored.
    form.toggle('firstName', 'x');
    form.change('productInterested', 'Model S');
    expect(fieldOf(form, 'productInterested')?.value).toEqual(['Model 3', 'Solar Roof']);
  });

  it('§5 the submit button is disabled until the whole form is valid', () => {
    const form = preChatForm();
    expect(form.getSnapshot().submitDisabled).toBe(true);
    fillValidPreChat(form);
    // Validity is known at once: the 2000 ms delay only governs when errors are shown.
    expect(form.getSnapshot()).toMatchObject({ valid: true, submitDisabled: false });
  });

  it('§5 a failed submit re-validates all fields and shows every error', async () => {
    const form = preChatForm();
    form.change('firstName', 'Ada');
    const result = await form.submit();
    expect(result).toEqual({ ok: false });
    const errors = Object.fromEntries(form.getSnapshot().fields.map((field) => [field.name, field.error]));
    expect(errors).toEqual({
      firstName: undefined,
      lastName: undefined,
      email: 'email address is a required property',
      phoneNumber: 'phone number is a required property',
      postalCode: 'postal code is a required property',
      getUpdates: undefined,
    });
    expect(timers.pending()).toBe(0);
  });

  it('§5 a valid submit hands the values over while the form is disabled', async () => {
    let release: () => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const form = preChatForm({ onSubmit });
    fillValidPreChat(form);
    const pending = form.submit();
    expect(form.getSnapshot()).toMatchObject({ submitting: true, submitDisabled: true });
    form.change('firstName', 'Grace');
    expect(await form.submit()).toEqual({ ok: false });
    release();
    const result = await pending;
    expect(result).toEqual({
      ok: true,
      values: {
        firstName: 'Ada',
        lastName: '',
        email: 'ada@example.com',
        phoneNumber: '2025550143',
        postalCode: '94105',
        getUpdates: 'Yes',
      },
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(form.getSnapshot()).toMatchObject({ submitting: false, submitted: true, submitDisabled: true });
  });

  it('a valid submit without onSubmit hands the values over and leaves the form editable', async () => {
    const form = preChatForm();
    fillValidPreChat(form);
    const result = await form.submit();
    expect(result.ok).toBe(true);
    expect(form.getSnapshot()).toMatchObject({ submitting: false, submitted: false, submitDisabled: false });
    form.change('firstName', 'Grace');
    expect(fieldOf(form, 'firstName')?.value).toBe('Grace');
  });

  it('reopen makes a submitted form editable again with its values', async () => {
    const form = preChatForm({ onSubmit: () => undefined });
    form.reopen();
    fillValidPreChat(form);
    await form.submit();
    expect(form.getSnapshot().submitted).toBe(true);
    form.change('firstName', 'Grace');
    expect(fieldOf(form, 'firstName')?.value).toBe('Ada');
    form.reopen();
    expect(form.getSnapshot()).toMatchObject({ submitted: false, submitDisabled: false });
    form.change('firstName', 'Grace');
    expect(fieldOf(form, 'firstName')?.value).toBe('Grace');
  });

  it('a throwing onSubmit rejects the submit and leaves the form submitted', async () => {
    const form = preChatForm({ onSubmit: () => Promise.reject(new Error('boom')) });
    fillValidPreChat(form);
    await expect(form.submit()).rejects.toThrow('boom');
    expect(form.getSnapshot()).toMatchObject({ submitting: false, submitted: true });
  });

  it('§5 engagement placeholder data: a form with empty required fields can be submitted', async () => {
    const form = preChatForm({ useEngagementPlaceholderData: true });
    expect(form.getSnapshot().valid).toBe(true);
    expect((await form.submit()).ok).toBe(true);
  });

  it('§5 prefilled read-only inputs ignore changes', () => {
    const fields = buildForm({
      form: 'preChat',
      country: 'US',
      chinaRegion: false,
      prefill: { firstName: 'Ada' },
      readOnlyPrefilled: true,
    });
    const form = createFormController({ fields, country: 'US', timers });
    controllers.push(form);
    form.change('firstName', 'Grace');
    expect(fieldOf(form, 'firstName')?.value).toBe('Ada');
    expect(timers.pending()).toBe(0);
  });

  it('useSyncExternalStore contract: the snapshot is stable until something changes, and listeners hear changes', () => {
    const form = preChatForm();
    const listener = vi.fn();
    const unsubscribe = form.subscribe(listener);
    const first = form.getSnapshot();
    expect(form.getSnapshot()).toBe(first);
    form.change('firstName', 'Ada');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(form.getSnapshot()).not.toBe(first);
    const second = form.getSnapshot();
    form.change('firstName', 'Ada');
    expect(form.getSnapshot()).toBe(second);
    unsubscribe();
    form.change('firstName', 'Grace');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('unknown field names are ignored', () => {
    const form = preChatForm();
    const before = form.getSnapshot();
    form.change('nope', 'x');
    form.blur('nope');
    form.toggle('nope', 'x');
    expect(form.getSnapshot()).toBe(before);
  });

  it('dispose clears every pending timer and listener', () => {
    const form = preChatForm();
    const listener = vi.fn();
    form.subscribe(listener);
    form.change('email', 'a');
    form.change('firstName', 'b');
    expect(timers.pending()).toBe(2);
    form.dispose();
    expect(timers.pending()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(fieldOf(form, 'email')?.error).toBeUndefined();
    form.blur('email');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('a controller used again after dispose (React StrictMode remount) keeps working; the next dispose clears its new timers', () => {
    const form = preChatForm();
    form.dispose();
    const listener = vi.fn();
    form.subscribe(listener);
    form.change('email', 'ada@');
    expect(listener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(DEFAULTS.validationIdleDelay);
    expect(fieldOf(form, 'email')?.error).toBe('please provide a valid email address');
    form.change('email', 'ada@e');
    expect(timers.pending()).toBe(1);
    form.dispose();
    expect(timers.pending()).toBe(0);
  });

  it('the idle delay is configurable', () => {
    const form = preChatForm({ validationIdleDelay: 500 });
    form.change('email', 'x');
    vi.advanceTimersByTime(500);
    expect(fieldOf(form, 'email')?.error).toBe('please provide a valid email address');
  });
});

describe('China province and city (§5, §7 country data)', () => {
  function chinaForm(withData: boolean): FormController {
    const form = createFormController({
      fields: buildForm({ form: 'preChat', country: 'CN', chinaRegion: true }),
      country: 'CN',
      timers,
      ...(withData ? { countryData } : {}),
    });
    controllers.push(form);
    return form;
  }

  it('§5 China: province options come from the country-data answer; city options follow the chosen province', () => {
    const form = chinaForm(true);
    expect(fieldOf(form, 'province')?.options.map((option) => option.value)).toEqual(['Beijing', 'Guangdong']);
    expect(fieldOf(form, 'city')?.options).toEqual([]);
    form.change('province', 'Guangdong');
    expect(fieldOf(form, 'city')?.options.map((option) => option.value)).toEqual(['Guangzhou', 'Shenzhen']);
  });

  it('§5 China: a new province empties the dependent city and re-validates it when touched', () => {
    const form = chinaForm(true);
    form.change('province', 'Guangdong');
    form.change('city', 'Shenzhen');
    form.change('province', 'Beijing');
    expect(fieldOf(form, 'city')).toMatchObject({ value: '', error: 'city is a required property' });
    expect(fieldOf(form, 'city')?.options.map((option) => option.value)).toEqual(['Beijing']);
  });

  it('§7 country data arriving later fills the selects', () => {
    const form = chinaForm(false);
    form.change('province', 'Guangdong');
    expect(fieldOf(form, 'city')?.options).toEqual([]);
    form.setCountryData(countryData);
    expect(fieldOf(form, 'province')?.options).toHaveLength(2);
    expect(fieldOf(form, 'city')?.options).toHaveLength(2);
  });

  it('§5 China: the hidden email does not block submit', () => {
    const form = chinaForm(true);
    form.change('firstName', '李');
    form.change('phoneNumber', '13800138000');
    form.change('postalCode', '100000');
    form.change('province', 'Beijing');
    form.change('city', 'Beijing');
    expect(form.getSnapshot().valid).toBe(true);
  });
});

describe("the country's phone and postal code rules, loaded when a field first needs them (issue 24)", () => {
  function countryForm(country: string, prefill?: Record<string, string>): FormController {
    const form = createFormController({
      fields: buildForm({ form: 'preChat', country, chinaRegion: false, ...(prefill ? { prefill } : {}) }),
      country,
      timers,
    });
    controllers.push(form);
    return form;
  }

  it('a form opens without them; the first phone edit fetches them, and until they are in the form is not valid and shows no phone error', async () => {
    const form = countryForm('FR');
    form.change('firstName', 'Ada');
    form.change('email', 'ada@example.com');
    form.blur('email');
    expect(countryRules('FR')).toBeUndefined();
    form.change('phoneNumber', '12');
    form.blur('phoneNumber');
    form.change('postalCode', '75001');
    expect(fieldOf(form, 'phoneNumber')?.touched).toBe(true);
    expect(fieldOf(form, 'phoneNumber')?.error).toBeUndefined();
    expect(form.getSnapshot()).toMatchObject({ valid: false, submitDisabled: true });
    // The same load the form started: its fields are judged as soon as it is in.
    await loadCountryRules('FR');
    expect(fieldOf(form, 'phoneNumber')?.error).toBe('phone number is invalid');
    form.change('phoneNumber', '06 12 34 56 78');
    form.blur('phoneNumber');
    expect(fieldOf(form, 'phoneNumber')?.error).toBeUndefined();
    expect(form.getSnapshot()).toMatchObject({ valid: true, submitDisabled: false });
  });

  it('a postal code edit fetches them too', async () => {
    const form = countryForm('DE');
    form.change('postalCode', '1011');
    form.blur('postalCode');
    expect(fieldOf(form, 'postalCode')?.error).toBeUndefined();
    await loadCountryRules('DE');
    expect(fieldOf(form, 'postalCode')?.error).toBe('postal code is invalid');
  });

  it('a submit before they are in waits for them, then judges the form', async () => {
    const valid = countryForm('AU');
    valid.change('firstName', 'Ada');
    valid.change('email', 'ada@example.com');
    valid.change('phoneNumber', '0412 345 678');
    valid.change('postalCode', '2000');
    expect(countryRules('AU')).toBeUndefined();
    expect(await valid.submit()).toMatchObject({ ok: true, values: { phoneNumber: '0412 345 678' } });

    const invalid = countryForm('JP');
    invalid.change('firstName', 'Ada');
    invalid.change('email', 'ada@example.com');
    invalid.change('phoneNumber', '123');
    invalid.change('postalCode', '100-0001');
    expect(await invalid.submit()).toEqual({ ok: false });
    expect(fieldOf(invalid, 'phoneNumber')?.error).toBe('phone number is invalid');
    expect(fieldOf(invalid, 'postalCode')?.error).toBeUndefined();
  });

  it('a prefilled phone fetches them as the form opens', async () => {
    const form = countryForm('NZ', {
      firstName: 'Ada',
      email: 'ada@example.com',
      phoneNumber: '021 123 4567',
      postalCode: '6011',
    });
    expect(form.getSnapshot().valid).toBe(false);
    await loadCountryRules('NZ');
    expect(form.getSnapshot()).toMatchObject({ valid: true, submitDisabled: false });
  });

  it('a form with no phone or postal code typed never fetches them', () => {
    const form = countryForm('BR');
    form.change('firstName', 'Ada');
    form.blur('phoneNumber');
    expect(fieldOf(form, 'phoneNumber')?.error).toBe('phone number is a required property');
    expect(countryRules('BR')).toBeUndefined();
  });
});

describe('host timers', () => {
  it('§5 a provider over the host timers is looked up at call time (so fake timers apply)', () => {
    vi.useFakeTimers();
    const form = createFormController({
      fields: buildForm({ form: 'preChat', country: 'US', chinaRegion: false }),
      country: 'US',
      timers: hostTimers,
    });
    form.change('email', 'x');
    expect(vi.getTimerCount()).toBe(1);
    form.change('email', 'xy');
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(DEFAULTS.validationIdleDelay);
    expect(form.getSnapshot().fields.find((field) => field.name === 'email')?.error).toBe(
      'please provide a valid email address',
    );
    form.change('email', 'xyz');
    form.dispose();
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
  });
});
