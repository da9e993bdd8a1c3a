/**
 * Issue 24 in real Chromium on the demo page: the pre-chat form's phone and postal code rules
 * are not part of opening the chat; the first phone edit fetches them, with the numbering plan
 * of the page country's calling code and no other, and the form judges with them.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerFile, chatButton, dialog } from './harness.js';

const demo = browserPerFile();
const RULES = /\/widget\/chunks\/(country-rules-code|phone|phone-plan-\d+)-[\w-]{8}\.js$/;

/** The widget's chunks the page fetched that belong to the country rules, as their base names without the hash. */
async function rulesFetched(page: Page): Promise<string[]> {
  const names = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  return names
    .map((name) => new URL(name).pathname)
    .filter((path) => RULES.test(path))
    .map((path) => (path.split('/').at(-1) as string).replace(/-[\w-]{8}\.js$/, ''))
    .sort();
}

describe('country rules on demand', { timeout: 45_000 }, () => {
  it('en-US: opening the chat fetches no rules; the first phone edit fetches the code and the +1 plan only', async () => {
    const { page } = await demo({ scenario: 'happy-path' });
    await chatButton(page).click();
    const form = dialog(page);
    await form.getByLabel('First Name').fill('Ada');
    await form.getByLabel('Email Address').fill('ada@example.com');
    expect(await rulesFetched(page)).toEqual([]);
    await form.getByLabel('Phone Number').fill('12345');
    await form.getByLabel('Postal Code').fill('9410');
    await form.getByLabel('Postal Code').blur();
    await form.getByText('postal code is invalid').waitFor();
    await form.getByLabel('Phone Number').focus();
    await form.getByLabel('Phone Number').blur();
    await form.getByText('phone number is invalid').waitFor();
    expect(await rulesFetched(page)).toEqual(['country-rules-code', 'phone', 'phone-plan-1']);
    await form.getByLabel('Phone Number').fill('(202) 555-0143');
    await form.getByLabel('Postal Code').fill('94105');
    await form.getByLabel('Postal Code').blur();
    await form.getByRole('button', { name: 'Start chat', disabled: false }).waitFor();
    expect(await form.getByText('phone number is invalid').count()).toBe(0);
  });

  it("de-DE: the form fetches Germany's plan (+49) and judges German numbers", async () => {
    const { page } = await demo({ scenario: 'happy-path', query: { locale: 'de-de' } });
    await chatButton(page).click();
    const form = page.locator('.cw-dialog');
    const phone = form.locator('input[name="phoneNumber"]');
    await phone.fill('+1 202 555 0143');
    await phone.blur();
    await form.getByText('Telefonnummer ist ungültig').waitFor();
    await phone.fill('0151 12345678');
    await phone.blur();
    await form.getByText('Telefonnummer ist ungültig').waitFor({ state: 'detached' });
    expect(await rulesFetched(page)).toEqual(['country-rules-code', 'phone', 'phone-plan-49']);
  });
});
