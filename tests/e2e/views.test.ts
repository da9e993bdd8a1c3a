/**
 * The remaining views of section 2 in a real browser against mock-chat, each with axe:
 * the whole path by keyboard alone, the chat-ended panel, a file download, on-hold
 * messages while waiting, the typing indicator, a bot hand-over, both triage topic lists,
 * and the full-screen dialog on a phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  browserPerFile,
  chatButton,
  dialog,
  fillPreChatForm,
  screenshot,
  sendMessage,
  seriousViolations,
  startChat,
} from './harness.js';

const demo = browserPerFile();

/** The accessible name or text of the focused element inside the widget's shadow root. */
function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.getElementById('chat-widget-host')?.shadowRoot?.activeElement;
    if (!active) return null;
    const labelledBy = active.getAttribute('aria-labelledby');
    return (
      active.getAttribute('aria-label') ??
      (labelledBy ? (active.getRootNode() as ShadowRoot).getElementById(labelledBy)?.textContent : null) ??
      (active as HTMLInputElement).labels?.[0]?.textContent ??
      active.textContent
    );
  });
}

/** Presses Tab until the focused element's name matches, at most `max` times. */
async function tabTo(page: Page, name: RegExp, max = 25): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (name.test((await focusedName(page)) ?? '')) return;
  }
  throw new Error(`Tab never reached an element named ${name}; last focus: ${await focusedName(page)}`);
}

describe('every view', () => {
  it('the whole path works by keyboard alone: open, fill, start, send, end', async () => {
    const { page, errors } = await demo({ scenario: 'happy-path' });
    await chatButton(page).waitFor();
    await tabTo(page, /chat/i, 40);
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    await tabTo(page, /^First Name$/);
    await page.keyboard.type('Ada');
    await tabTo(page, /^Email Address$/);
    await page.keyboard.type('ada@example.com');
    await tabTo(page, /^Phone Number$/);
    await page.keyboard.type('2025550143');
    await tabTo(page, /^Postal Code$/);
    await page.keyboard.type('94105');
    await tabTo(page, /^Start chat$/);
    await page.keyboard.press('Enter');
    await page.getByText('An agent has joined the chat').first().waitFor();
    await dialog(page).getByRole('textbox', { name: 'Type message' }).waitFor();
    await tabTo(page, /^Type message$/);
    await page.keyboard.type('Typed by keyboard only');
    await page.keyboard.press('Enter');
    await page.getByText('Thanks for your message: "Typed by keyboard only"').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('End Chat?').waitFor();
    await tabTo(page, /^Yes$/);
    await page.keyboard.press('Enter');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await focusedName(page)).toMatch(/chat/i);
    expect(errors).toEqual([]);
  });

  it('a long chat scrolls the list to the newest message and gives the header its scroll class', async () => {
    const { page } = await demo({ scenario: 'happy-path' });
    await startChat(page);
    for (const n of [1, 2, 3, 4, 5]) {
      await sendMessage(page, `Question number ${n}`);
      await page.getByText(`Thanks for your message: "Question number ${n}"`).waitFor();
    }
    await page.locator('.cw-dialog--scrolled').waitFor();
    expect(await page.getByText('Thanks for your message: "Question number 5"').isVisible()).toBe(true);
    await screenshot(page, 'long-chat-scrolled');
  });

  it('agent-closes: the chat-ended panel with its thank-you card; the next close resets', async () => {
    const { page } = await demo({ scenario: 'agent-closes' });
    await startChat(page);
    await sendMessage(page, 'That is all, thanks');
    await page.getByText('Thank you for chatting with us').waitFor();
    expect(await dialog(page).getByRole('textbox', { name: 'Type message' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'chat-ended');
    await dialog(page).getByRole('button', { name: 'Close chat' }).click();
    await dialog(page).waitFor({ state: 'detached' });
  });

  it('file-transfer: a download link to the file', async () => {
    const { page } = await demo({ scenario: 'file-transfer' });
    await startChat(page);
    const link = page.getByRole('log').getByRole('link');
    await link.first().waitFor();
    expect(await link.first().getAttribute('href')).toMatch(/\/cua-api\/chat\/files\/[^/]+\/3b7f0c62-/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'file-transfer');
  });

  it('queue-on-hold: comfort messages while waiting, input disabled until Sam joins', async () => {
    const { page } = await demo({ scenario: 'queue-on-hold', speed: 2 });
    await chatButton(page).click();
    await fillPreChatForm(page);
    await dialog(page).getByRole('button', { name: 'Start chat' }).click();
    await page.getByText('You are in the queue. An agent will be with you soon.').first().waitFor();
    expect(await dialog(page).getByRole('textbox', { name: 'Type message' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'queue-on-hold');
    await page.getByText('An agent has joined the chat').first().waitFor();
    expect(await dialog(page).getByRole('textbox', { name: 'Type message' }).isDisabled()).toBe(false);
  });

  it('connect-timeout: the loader overlay while connecting, then the error card and the form again', async () => {
    // maxWaitTime 6 s (EWT is 5 s, so chat is still offered) keeps the wait short.
    const { page } = await demo({ scenario: 'connect-timeout', query: { 'opt.maxWaitTime': '6' } });
    await chatButton(page).click();
    await fillPreChatForm(page);
    await dialog(page).getByRole('button', { name: 'Start chat' }).click();
    await page.locator('.cw-loader').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'loader-overlay');
    await page.getByText('Something went wrong!').waitFor();
    expect(await page.locator('.cw-loader').count()).toBe(0);
    await dialog(page).getByLabel('First Name').waitFor();
    await screenshot(page, 'connect-timeout');
  });

  it('typing: the agent typing indicator shows, then the message replaces it', async () => {
    const { page } = await demo({ scenario: 'typing', speed: 1 });
    await chatButton(page).click();
    await fillPreChatForm(page);
    await dialog(page).getByRole('button', { name: 'Start chat' }).click();
    await page.getByText('Sam is typing').waitFor();
    await screenshot(page, 'agent-typing');
    await page.getByText(/sorry, I was looking something up/).waitFor();
    expect(await page.getByText('Sam is typing').count()).toBe(0);
  });

  it('bot-escalation: bot messages in the chatbot style, then the live agent', async () => {
    const { page } = await demo({ scenario: 'bot-escalation' });
    await startChat(page);
    await page.locator('.cw-msg--bot').first().waitFor();
    await sendMessage(page, 'I need a person');
    await page.getByText(/I have read your conversation with the assistant/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'bot-escalation');
  });

  for (const variant of ['classic', 'tds'] as const) {
    it(`triage main topics, ${variant} look (${variant === 'tds' ? 'variant list as cards' : 'main list'})`, async () => {
      const { page } = await demo({ scenario: 'happy-path', query: { triage: '1', variant } });
      await chatButton(page).click();
      const questionCenter = dialog(page);
      await questionCenter.getByRole('button', { name: 'Vehicle' }).waitFor();
      if (variant === 'tds') {
        await questionCenter.getByRole('link', { name: 'Schedule demo drive' }).waitFor();
        await questionCenter.getByRole('button', { name: 'Upcoming delivery' }).waitFor();
      } else {
        await questionCenter.getByRole('link', { name: 'Account Support' }).waitFor();
        await questionCenter.getByRole('button', { name: 'Energy Products' }).click();
        await questionCenter.getByRole('button', { name: 'Solar Roof' }).waitFor();
        await questionCenter.getByRole('button', { name: 'Back' }).click();
      }
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `triage-topics-${variant}`);
    });
  }

  it('energy page: no Schedule test drive in the variant list', async () => {
    const { page } = await demo({ scenario: 'happy-path', path: '/energy', query: { triage: '1', variant: 'tds' } });
    await chatButton(page).click();
    await dialog(page).getByRole('button', { name: 'Energy Products' }).waitFor();
    expect(await dialog(page).getByRole('link', { name: /drive/i }).count()).toBe(0);
  });

  it("analytics: the page's data layer gets the button click, the Start chat click and chat_started", async () => {
    const opened = await demo({ scenario: 'happy-path' });
    const page = await opened.context.newPage();
    // A page with a tag manager has a data layer before the widget loads.
    await page.addInitScript(() => {
      (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
    });
    await page.goto(opened.server.url);
    await startChat(page);
    const interactions = await page.evaluate(() =>
      (window as unknown as { dataLayer: { interaction?: string }[] }).dataLayer.map((entry) => entry.interaction),
    );
    expect(interactions).toEqual(expect.arrayContaining(['chat_button_click', 'start_chat_click', 'chat_started']));
  });

  it('on a phone (hide-on-mobile off) the dialog fills the screen', async () => {
    const { page } = await demo({ scenario: 'happy-path', viewport: { width: 390, height: 844 } });
    await chatButton(page).click();
    const box = await dialog(page).boundingBox();
    expect(box?.width).toBe(390);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'mobile-dialog');
  });
});
