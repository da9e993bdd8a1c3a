/**
 * Issue 24: the phone and postal code rules come in a chunk of their own, fetched when a form
 * first needs them. A fetch can fail (the visitor went offline after opening the chat): then
 * nothing is kept, the form stays not valid rather than judging with nothing, and the next
 * edit or submit asks again. The chunk is replaced here so that it can fail.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildForm,
  type CountryRules,
  countryRules,
  createFormController,
  loadCountryRules,
} from '../../../widget/core/forms/index.js';

const rulesOf = vi.hoisted(() => vi.fn<(country: string) => Promise<CountryRules>>());
vi.mock('../../../widget/core/forms/country-rules-code.js', () => ({ rulesOf }));

const offline = () => new TypeError('Failed to fetch dynamically imported module');
const acceptingAll = (): CountryRules => ({
  isValidPhone: () => true,
  parsePhone: () => undefined,
  isValidPostalCode: () => true,
});

afterEach(() => {
  rulesOf.mockReset();
});

describe('country rules: loading', () => {
  it('a failed fetch keeps nothing, and the next request fetches again', async () => {
    const rules = acceptingAll();
    rulesOf.mockRejectedValueOnce(offline()).mockResolvedValue(rules);
    await expect(loadCountryRules('FR')).rejects.toThrow('Failed to fetch');
    expect(countryRules('FR')).toBeUndefined();
    await expect(loadCountryRules('fr')).resolves.toBe(rules);
    expect(countryRules('FR')).toBe(rules);
    expect(rulesOf).toHaveBeenCalledTimes(2);
  });

  it('one fetch per country, however many ask at once, and none once loaded', async () => {
    const rules = acceptingAll();
    rulesOf.mockResolvedValue(rules);
    const [a, b] = await Promise.all([loadCountryRules('IT'), loadCountryRules('it')]);
    expect(a).toBe(rules);
    expect(b).toBe(rules);
    await loadCountryRules('IT');
    expect(rulesOf).toHaveBeenCalledTimes(1);
    expect(rulesOf).toHaveBeenCalledWith('IT');
  });

  it('a form whose rules could not be fetched is not valid, and asks again on the next edit and on submit', async () => {
    const rules = acceptingAll();
    rulesOf.mockRejectedValueOnce(offline()).mockRejectedValueOnce(offline()).mockResolvedValue(rules);
    const timers = { setTimeout: () => 0, clearTimeout: () => {} };
    const form = createFormController({
      fields: buildForm({ form: 'callback', country: 'ES', chinaRegion: false }),
      country: 'ES',
      timers,
    });
    for (const [name, value] of Object.entries({ firstName: 'Ada', lastName: 'L', email: 'ada@example.com' })) {
      form.change(name, value);
    }
    form.toggle('productInterested', 'Model Y');
    form.change('postalCode', '28001');
    // The first fetch fails.
    await expect(loadCountryRules('ES')).rejects.toThrow();
    expect(form.getSnapshot().valid).toBe(false);
    // The next edit fetches again; this one fails too.
    form.change('phoneNumber', '612 34 56 78');
    await expect(loadCountryRules('ES')).rejects.toThrow();
    expect(form.getSnapshot().valid).toBe(false);
    // The submit fetches again, and now the form is judged.
    expect(await form.submit()).toMatchObject({ ok: true, values: { phoneNumber: '612 34 56 78' } });
    expect(rulesOf).toHaveBeenCalledTimes(3);
    form.dispose();
  });
});
