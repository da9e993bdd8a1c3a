/**
 * The built widget on the demo page in real Chromium against mock-chat: the acceptance path
 * from the button to 'End Chat?' Yes, both looks, minimize with the unread badge, a page
 * refresh mid-chat, and a second tab taking the chat over.
 */
import { describe, expect, it } from 'vitest';
import {
  browserPerFile,
  chatButton,
  customerMessages,
  dialog,
  eventually,
  heldAnswers,
  screenshot,
  sendMessage,
  seriousViolations,
  startChat,
  transcript,
} from './harness.js';

const demo = browserPerFile();

describe('chat in a real browser', () => {
  it('acceptance: button → Question Center → form → Start chat → agent joins → Enter sends → answer → End Chat? Yes', async () => {
    const { page, errors } = await demo({ scenario: 'happy-path' });
    const button = chatButton(page);
    await button.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await button.click();
    const questionCenter = dialog(page);
    await questionCenter.waitFor();
    // Focus moves into the dialog; the page body does not scroll behind it.
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await questionCenter.getByLabel('First Name').fill('Ada');
    await questionCenter.getByLabel('Email Address').fill('ada@example.com');
    await questionCenter.getByLabel('Phone Number').fill('2025550143');
    await questionCenter.getByLabel('Postal Code').fill('94105');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'prechat-form');
    await questionCenter.getByRole('button', { name: 'Start chat' }).click();
    await page.getByText('An agent has joined the chat').first().waitFor();
    await sendMessage(page, 'Hello, I would like a test drive');
    // The agent answers every customer message, quoting it.
    const lines = await eventually(
      () => transcript(page),
      (items) => items.some((line) => line.includes('Thanks for your message: "Hello, I would like a test drive"')),
    );
    expect(lines.some((line) => line.includes('Thanks for your message'))).toBe(true);
    expect(await customerMessages(page)).toEqual(['Hello, I would like a test drive']);
    expect(await seriousViolations(page)).toEqual([]);
    // happy-path's availability answer says useLatestTDS: the newer look.
    expect(await page.locator('.cw-root').getAttribute('data-look')).toBe('tds');
    await screenshot(page, 'chat-tds');
    await questionCenter.getByRole('button', { name: 'Close chat' }).click();
    await page.getByText('End Chat?').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'end-chat-prompt');
    await questionCenter.getByRole('button', { name: 'Yes' }).click();
    // Reset after 500 ms: the dialog goes, focus returns to the button, the page scrolls again.
    await questionCenter.waitFor({ state: 'detached' });
    await button.waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    expect(errors).toEqual([]);
  });

  it('the classic look (page option useLatestTDS false) over the same components', async () => {
    const { page, errors } = await demo({ scenario: 'happy-path', query: { variant: 'classic' } });
    await startChat(page);
    expect(await page.locator('.cw-root').getAttribute('data-look')).toBe('classic');
    await sendMessage(page, 'Hi from the classic look');
    await eventually(
      () => transcript(page),
      (items) => items.some((line) => line.includes('Thanks for your message: "Hi from the classic look"')),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'chat-classic');
    expect(errors).toEqual([]);
  });

  it('Escape closes the pre-chat dialog and focus returns to the button', async () => {
    const { page } = await demo({ scenario: 'happy-path' });
    await chatButton(page).click();
    await dialog(page).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    const focused = await page.evaluate(
      () => document.getElementById('chat-widget-host')?.shadowRoot?.activeElement?.getAttribute('aria-label') ?? null,
    );
    expect(focused).toMatch(/chat/i);
  });

  it('minimize keeps the chat and the button shows an unread badge for new messages', async () => {
    const { page } = await demo({ scenario: 'happy-path' });
    const answers = await heldAnswers(page);
    await startChat(page);
    await dialog(page).getByRole('button', { name: 'Minimize chat' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const button = chatButton(page);
    await button.waitFor();
    // Sending needs the window: reopen, send and minimize; the answer comes after that.
    await button.click();
    answers.hold();
    await sendMessage(page, 'Are you there?');
    await dialog(page).getByRole('button', { name: 'Minimize chat' }).click();
    answers.release();
    await page.getByRole('button', { name: /chat, \d+ unread/i }).waitFor();
    await screenshot(page, 'minimized-unread-badge');
    await page.getByRole('button', { name: /chat, \d+ unread/i }).click();
    await dialog(page).waitFor();
    const lines = await transcript(page);
    expect(lines.some((line) => line.includes('Are you there?'))).toBe(true);
  });

  it('a page refresh mid-chat resumes with the transcript', async () => {
    const { page, errors } = await demo({ scenario: 'happy-path' });
    await startChat(page);
    await sendMessage(page, 'Message before refresh');
    await eventually(
      () => transcript(page),
      (items) => items.some((line) => line.includes('Thanks for your message: "Message before refresh"')),
    );
    await page.reload();
    // A stored chat resumes at once, with the dialog open.
    await page.getByText('Transferring chat session from previous page or tab.').first().waitFor();
    const mine = await eventually(
      () => customerMessages(page),
      (items) => items.includes('Message before refresh'),
    );
    expect(mine).toEqual(['Message before refresh']);
    const lines = await transcript(page);
    expect(lines.filter((line) => line.includes('Thanks for your message: "Message before refresh"'))).toHaveLength(1);
    await screenshot(page, 'resumed-after-refresh');
    expect(errors).toEqual([]);
  });

  it('leaving the page during a chat asks for confirmation (beforeunload)', async () => {
    const { page } = await demo({ scenario: 'happy-path' });
    await startChat(page);
    // Chromium shows beforeunload prompts only after a user gesture on the page.
    await dialog(page).getByRole('textbox', { name: 'Type message' }).click();
    const prompt = new Promise<string>((resolve) => {
      page.once('dialog', (shown) => {
        resolve(shown.type());
        void shown.dismiss();
      });
    });
    await page.close({ runBeforeUnload: true });
    expect(await prompt).toBe('beforeunload');
  });

  it("a second tab takes over; the first shows 'Chat was opened in another tab, continue conversation there'", async () => {
    const opened = await demo({ scenario: 'happy-path' });
    const { page } = opened;
    await startChat(page);
    const second = await opened.openTab();
    // The second tab resumes the stored chat at once and takes it over.
    await second.getByText('Transferring chat session from previous page or tab.').first().waitFor();
    await page.getByText('Chat was opened in another tab, continue conversation there').first().waitFor();
    expect(await chatButton(page).count()).toBe(0);
    await page.bringToFront();
    await screenshot(page, 'transferred-to-another-tab');
  });
});
