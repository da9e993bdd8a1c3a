/**
 * Connection trouble in a real browser against mock-chat: a network drop and reconnect,
 * route cancel, and maintenance (error 503).
 */
import { describe, expect, it } from 'vitest';
import {
  browserPerFile,
  chatButton,
  customerMessages,
  dialog,
  eventually,
  fillPreChatForm,
  screenshot,
  sendMessage,
  seriousViolations,
  startChat,
  transcript,
} from './harness.js';

const demo = browserPerFile();

describe('connection trouble', () => {
  it("network-drop: 'Attempting to reconnect...', then 'Successfully reconnected', the pending message delivered once, nothing doubled", async () => {
    const { page } = await demo({ scenario: 'network-drop', query: { 'opt.retryInterval': '2000' } });
    await startChat(page);
    // The scripted drop follows the customer's first message.
    await sendMessage(page, 'Is the Model Y in stock?');
    await page.getByText('Attempting to reconnect...').first().waitFor();
    // Typed while the socket is down: shown as pending, delivered after the renew.
    await sendMessage(page, 'Sent during the drop');
    await page.getByText('Successfully reconnected').first().waitFor();
    const lines = await eventually(
      () => transcript(page),
      (items) => items.some((line) => line.includes('Thanks for your message: "Sent during the drop"')),
      15_000,
    );
    await screenshot(page, 'network-drop-reconnected');
    expect(await customerMessages(page)).toEqual(['Is the Model Y in stock?', 'Sent during the drop']);
    const agentLines = lines.filter((line) => line.startsWith('Sam'));
    expect(new Set(agentLines).size).toBe(agentLines.length);
    expect(lines.filter((line) => line.includes('Welcome back'))).toHaveLength(1);
  });

  it("route-cancel: 'No suitable agents could be found' and back to the form", async () => {
    const { page } = await demo({ scenario: 'route-cancel' });
    await chatButton(page).click();
    await fillPreChatForm(page);
    await dialog(page).getByRole('button', { name: 'Start chat' }).click();
    await page.getByText('No suitable agents could be found').first().waitFor();
    await screenshot(page, 'route-cancel');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("maintenance-503: 'Contact centre is shutting down for maintenance. Please try again later'", async () => {
    const { page } = await demo({ scenario: 'maintenance-503' });
    await chatButton(page).click();
    await fillPreChatForm(page);
    await dialog(page).getByRole('button', { name: 'Start chat' }).click();
    await page.getByText('Contact centre is shutting down for maintenance. Please try again later').first().waitFor();
    await screenshot(page, 'maintenance-503');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
