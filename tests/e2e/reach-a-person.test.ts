/**
 * Issue 12, items 1 to 6, in real Chromium on the demo page against mock-chat: every visitor
 * reaches a person or a callback, and nothing typed is lost. One test per numbered item; each
 * groups its checks into as few page loads as it can.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WAIT_MS } from '../support/patience.js';
import {
  browserPerFile,
  chatButton,
  dialog,
  eventually,
  fillPreChatForm,
  receivedFrames,
  seriousViolations,
  switchScenario,
} from './harness.js';

const demo = browserPerFile();

const callbackDialog = (page: Page) => page.getByRole('dialog', { name: 'Request a Callback' });

async function fillCallbackForm(page: Page): Promise<void> {
  const form = callbackDialog(page);
  await form.getByLabel('First Name').fill('Ada');
  await form.getByLabel('Last Name').fill('Lovelace');
  await form.getByLabel('Email Address').fill('ada@example.com');
  await form.getByLabel('Phone Number').fill('2025550143');
  await form.getByLabel('Postal Code').fill('94105');
  await form.getByLabel('Model Y').check();
}

/** The values the visitor sees in the callback form, by label. */
async function callbackValues(page: Page): Promise<string[]> {
  const form = callbackDialog(page);
  return Promise.all(
    ['First Name', 'Last Name', 'Email Address', 'Phone Number', 'Postal Code'].map((label) =>
      form.getByLabel(label).inputValue(),
    ),
  );
}

/** Resolves once the page logged that the availability call failed (the widget has acted on it). */
describe('every visitor reaches a person or a callback', () => {
  it('a chat-lite page offers chat when agents are available, the callback only when not', async () => {
    // Agents available: chat, not the callback form.
    const available = await demo({ scenario: 'happy-path', query: { chat_lite: '1' } });
    await chatButton(available.page).click();
    await dialog(available.page).getByRole('button', { name: 'Start chat' }).waitFor();
    expect(await callbackDialog(available.page).count()).toBe(0);
    // Before the answer the button shows at once with the callback offer; when the (slow)
    // answer says an agent is available, the open callback form offers the chat.
    const slow = await demo({ scenario: 'slow-availability', speed: 2, query: { chat_lite: '1' } });
    await chatButton(slow.page).click();
    await callbackDialog(slow.page).getByRole('button', { name: 'Request a Callback' }).waitFor();
    await callbackDialog(slow.page).getByLabel('First Name').fill('Grace');
    const chatNow = slow.page.getByRole('button', { name: 'Chat now' });
    await chatNow.waitFor();
    await slow.page.getByText('An agent is available to chat now.').waitFor();
    expect(await seriousViolations(slow.page)).toEqual([]);
    await chatNow.click();
    const form = dialog(slow.page);
    await form.getByRole('button', { name: 'Start chat' }).waitFor();
    // What was typed for the callback is there for the chat.
    expect(await form.getByLabel('First Name').inputValue()).toBe('Grace');
  });

  it('a failed callback keeps the typed data and offers Retry; a hung POST times out the same way', async () => {
    const failing = await demo({ scenario: 'callback-failure', query: { chat_lite: '1' } });
    await chatButton(failing.page).click();
    await fillCallbackForm(failing.page);
    await callbackDialog(failing.page).getByRole('button', { name: 'Request a Callback' }).click();
    await failing.page.getByText('Something went wrong!').waitFor();
    const retry = callbackDialog(failing.page).getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    expect(await callbackValues(failing.page)).toEqual(['Ada', 'Lovelace', 'ada@example.com', '2025550143', '94105']);
    expect(await callbackDialog(failing.page).getByLabel('Model Y').isChecked()).toBe(true);
    expect(await failing.page.getByText('Your callback request could not be sent.').isVisible()).toBe(true);
    // The service is back: Retry sends the same data and succeeds.
    await switchScenario(failing.server, 'chat-lite');
    await retry.click();
    await failing.page.getByText('Thank you!').waitFor();
    const sent = await eventually(
      () => failing.page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name)),
      (names) => names.filter((name) => name.includes('/cua-api/forms/callback')).length === 2,
    );
    expect(sent.filter((name) => name.includes('/cua-api/forms/callback'))).toHaveLength(2);

    // A POST that never answers: after callbackTimeout the same failure, data kept, Retry works.
    const hung = await demo({
      scenario: 'callback-hangs',
      query: { chat_lite: '1', 'opt.callbackTimeout': '1500' },
    });
    await chatButton(hung.page).click();
    await fillCallbackForm(hung.page);
    await callbackDialog(hung.page).getByRole('button', { name: 'Request a Callback' }).click();
    await hung.page.getByText('Sending your request…').waitFor();
    await hung.page.getByText('Something went wrong!').waitFor();
    expect(await callbackValues(hung.page)).toEqual(['Ada', 'Lovelace', 'ada@example.com', '2025550143', '94105']);
    await switchScenario(hung.server, 'chat-lite');
    await callbackDialog(hung.page).getByRole('button', { name: 'Retry' }).click();
    await hung.page.getByText('Thank you!').waitFor();
    await hung.page.keyboard.press('Escape');
    await callbackDialog(hung.page).waitFor({ state: 'detached' });
    // Sent: the button goes (section 4).
    expect(await chatButton(hung.page).count()).toBe(0);
  });

  it("triage + chat-lite without chat: 'Chat with a Live Agent' leads to the callback form, no chat is requested", async () => {
    const { page, server } = await demo({
      scenario: 'chat-lite',
      query: { chat_lite: '1', triage: '1', variant: 'classic' },
    });
    await chatButton(page).click();
    await page.getByRole('button', { name: 'Chat with a Live Agent' }).click();
    await callbackDialog(page).getByRole('button', { name: 'Request a Callback' }).waitFor();
    // Back returns to the topics.
    await callbackDialog(page).getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: 'Vehicle' }).click();
    await page.getByRole('button', { name: 'Placing an order' }).click();
    await fillCallbackForm(page);
    await callbackDialog(page).getByRole('button', { name: 'Request a Callback' }).click();
    await page.getByText('Thank you!').waitFor();
    expect(server.sessions()).toEqual([]);
  });

  it('the chat-lite fallback stays: a failing availability call, no agents, or a wait over maxWaitTime', async () => {
    const down = await demo({ scenario: 'availability-down', query: { chat_lite: '1' } });
    await chatButton(down.page).waitFor();
    await eventually(
      () => down.page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name)),
      (names) => names.some((name) => name.includes('check-availability')),
    );
    // The availability call has failed (500) and the callback is still offered.
    await chatButton(down.page).click();
    await callbackDialog(down.page).getByRole('button', { name: 'Request a Callback' }).waitFor();
    await fillCallbackForm(down.page);
    await callbackDialog(down.page).getByRole('button', { name: 'Request a Callback' }).click();
    await down.page.getByText('Thank you!').waitFor();

    for (const [scenario, query] of [
      ['no-agents', {}],
      ['happy-path', { 'opt.maxWaitTime': '20' }],
    ] as const) {
      const { page } = await demo({ scenario, query: { chat_lite: '1', ...query } });
      const loaded = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
      await eventually(loaded, (names) => names.some((name) => name.includes('check-availability')));
      await chatButton(page).click();
      await callbackDialog(page).getByRole('button', { name: 'Request a Callback' }).waitFor();
      expect(await page.getByRole('button', { name: 'Start chat' }).count()).toBe(0);
    }
  });

  it('typed data survives a route cancel, triage remounts, and goes with "call me back instead"', async () => {
    const cancelled = await demo({ scenario: 'route-cancel' });
    await chatButton(cancelled.page).click();
    await fillPreChatForm(cancelled.page);
    await dialog(cancelled.page).getByLabel('Last Name').fill('Lovelace');
    await dialog(cancelled.page).getByRole('button', { name: 'Start chat' }).click();
    await cancelled.page.getByText('No suitable agents could be found').first().waitFor();
    const form = dialog(cancelled.page);
    await form.getByLabel('First Name').waitFor();
    expect(await form.getByLabel('First Name').inputValue()).toBe('Ada');
    expect(await form.getByLabel('Last Name').inputValue()).toBe('Lovelace');
    expect(await form.getByLabel('Email Address').inputValue()).toBe('ada@example.com');
    expect(await form.getByLabel('Phone Number').inputValue()).toBe('2025550143');
    expect(await form.getByLabel('Postal Code').inputValue()).toBe('94105');

    const triage = await demo({ scenario: 'happy-path', query: { triage: '1', variant: 'classic' } });
    await chatButton(triage.page).click();
    await triage.page.getByRole('button', { name: 'Chat with a Live Agent' }).click();
    await dialog(triage.page).getByLabel('First Name').fill('Ada');
    await dialog(triage.page).getByLabel('Phone Number').fill('2025550143');
    await dialog(triage.page).getByRole('button', { name: 'Back' }).click();
    await triage.page.getByRole('button', { name: 'Energy Products' }).click();
    await triage.page.getByRole('button', { name: 'Solar Roof' }).click();
    expect(await dialog(triage.page).getByLabel('First Name').inputValue()).toBe('Ada');
    expect(await dialog(triage.page).getByLabel('Phone Number').inputValue()).toBe('2025550143');

    // Chat-lite page with chat on offer: from the queue, "Call me back instead" ends the queued
    // chat and opens the callback form with the name and phone already there.
    const queued = await demo({ scenario: 'queue-on-hold', speed: 2, query: { chat_lite: '1' } });
    await chatButton(queued.page).click();
    await fillPreChatForm(queued.page);
    await dialog(queued.page).getByRole('button', { name: 'Start chat' }).click();
    const callMe = queued.page.getByRole('button', { name: 'Call me back instead' });
    await queued.page.getByText('Waiting for an agent…').waitFor();
    await callMe.click();
    await callbackDialog(queued.page).getByRole('button', { name: 'Request a Callback' }).waitFor();
    expect(await callbackValues(queued.page)).toEqual(['Ada', '', 'ada@example.com', '2025550143', '94105']);
    await queued.server.waitFor((sessions) => receivedFrames(sessions, 'closeConversation').length === 1, WAIT_MS);
  });

  it('the estimated wait is shown: on the pre-chat form and while queued (section 4 rule 7, in minutes)', async () => {
    const quick = await demo({ scenario: 'happy-path' });
    await chatButton(quick.page).click();
    // EWT 30 s: max(floor(30 / 60), 1) = 1 minute, singular.
    await dialog(quick.page).getByText('Estimated wait: about 1 minute').waitFor();

    const busy = await demo({ scenario: 'queue-on-hold', speed: 2 });
    await chatButton(busy.page).click();
    await dialog(busy.page).getByText('Estimated wait: about 4 minutes').waitFor();
    await fillPreChatForm(busy.page);
    await dialog(busy.page).getByRole('button', { name: 'Start chat' }).click();
    const queue = busy.page.locator('.cw-queue');
    await queue.getByText('Waiting for an agent…').waitFor();
    expect(await queue.getByText('Estimated wait: about 4 minutes').isVisible()).toBe(true);
    expect(await seriousViolations(busy.page)).toEqual([]);
    // The banner goes when Sam joins.
    await busy.page.getByText('An agent has joined the chat').first().waitFor();
    await queue.waitFor({ state: 'detached' });
  });
});
