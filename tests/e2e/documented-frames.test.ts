/**
 * What a visitor sees when the contact centre writes its frames as the vendor documents them,
 * in real Chromium on the demo page: the `vendor-shapes` scenario, and the same contact centre
 * never acknowledging anything. The greeting without senderType and type, at the time it was
 * sent (epoch seconds); a confirmation without workRequestId; a message refused with error 1
 * (and the composer's limit at the vendor's 10,000); the pushed page; closeConversation with
 * result true; the documented pong the widget does not take for one (it reconnects, closing
 * with 4001) and the renew refused with error 2. And the same behaviours against the misbehaving
 * mock: half-open (4001, then "Successfully reconnected" once the renew is answered) and no-acks.
 * (The header: chat-header.test.ts.)
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../../widget/ui/i18n/catalogues/i18n-en.js';
import { scenarioFiles } from '../support/scenario-files.js';
import { vendorShapesNeverAcknowledging } from '../support/vendor-shapes.js';
import {
  browserPerFile,
  customerMessages,
  dialog,
  eventually,
  screenshot,
  sendMessage,
  seriousViolations,
  startChat,
  transcript,
} from './harness.js';

const demo = browserPerFile();

const scenarioFile = scenarioFiles('documented-frames');

/** Every close the page asks of a WebSocket, with its code (the server's own closes are not in it). */
const RECORD_CLOSES = `(() => {
  const closes = [];
  const close = WebSocket.prototype.close;
  WebSocket.prototype.close = function (code, reason) {
    if (this.readyState === WebSocket.OPEN) closes.push(code);
    return close.call(this, code, reason);
  };
  Object.defineProperty(window, '__socketCloses', { value: closes });
})();`;

/**
 * The console errors but one kind: the documented pong written as a request, which the widget
 * reports as an unknown message type (section 8) and does not take for a pong.
 */
const unreadablePongsAside = (errors: string[]) => errors.filter((e) => !e.includes('unknown type "request"'));

const closesAsked = (page: Page) =>
  page.evaluate(() => [...(window as unknown as { __socketCloses: number[] }).__socketCloses]);

/**
 * Short socket timers (page options) for the test that waits for the documented pong to fail:
 * a ping a second, a dead socket after two, retries at once. The others keep the defaults, so
 * the chat outlives them by ten seconds or more once that pong takes over.
 */
const QUICK = { 'opt.pingTimer': '1000', 'opt.livenessTimeout': '2000', 'opt.retryInterval': '300' };
const GREETING = 'Hello, my name is Sam. How can I help you?';
const log = (page: Page) => page.getByRole('log');

async function chatting(scenario: string, query: Record<string, string> = {}) {
  const opened = await demo({ scenario, query, initScripts: [RECORD_CLOSES] });
  await startChat(opened.page);
  await log(opened.page).getByText(GREETING).waitFor();
  return opened;
}

/** Asks Sam about the offers: he answers, pushes the offers page and shares the brochure. */
async function askAboutOffers(page: Page): Promise<void> {
  await sendMessage(page, 'Tell me about your offers');
  await log(page)
    .getByRole('link', { name: /model-brochure\.pdf/ })
    .waitFor();
}

const SCENARIOS: [string, () => string][] = [
  ['vendor-shapes', () => 'vendor-shapes'],
  ['vendor-shapes never acknowledging', () => scenarioFile(vendorShapesNeverAcknowledging())],
];

describe.each(SCENARIOS)('%s in a real browser', (name, scenario) => {
  it("the documented greeting is Sam's, at the time it was sent; the chat confirmed without workRequestId works and is stored for a renew", async () => {
    const { page, errors } = await chatting(scenario());
    const greeting = log(page).getByRole('listitem').filter({ hasText: GREETING });
    expect(await greeting.locator('.cw-msg__sender').textContent()).toBe('Sam');
    // Sent in epoch seconds: today's time, not 1970's.
    const when = await greeting.locator('time').getAttribute('datetime');
    const now = await page.evaluate(() => Date.now());
    expect(Math.abs(Date.parse(when ?? '') - now)).toBeLessThan(10 * 60_000);
    expect(await dialog(page).getByRole('heading', { level: 2 }).textContent()).toBe('Sam');
    // Confirmed: stored for a renew, with no context id the service never gave.
    const stored = await page.evaluate(() => ({
      guid: localStorage.getItem('chatWidget:guid'),
      contextId: localStorage.getItem('chatWidget:contextId'),
    }));
    expect(stored.guid).toMatch(/^\d+$/);
    expect(stored.contextId).toBeNull();
    await askAboutOffers(page);
    expect(await customerMessages(page)).toEqual(['Tell me about your offers']);
    expect(
      await eventually(
        () => log(page).getByText(en.core.sending).count(),
        (pending) => pending === 0,
      ),
    ).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `documented-frames-${name.replaceAll(' ', '-')}`);
    expect(unreadablePongsAside(errors)).toEqual([]);
  });

  it('a message the server refuses (error 1) says Not delivered with Retry; the next is delivered; the pushed page is a link for a new tab', async () => {
    // The page asks for more than the vendor allows: the composer stops at 10,000 characters.
    const { page } = await chatting(scenario(), { 'opt.maxMessageLength': '50000' });
    const composer = dialog(page).getByRole('textbox', { name: 'Type message' });
    await composer.fill('x'.repeat(10_001));
    await dialog(page).getByRole('alert').filter({ hasText: 'at most 10,000 characters' }).waitFor();
    // Within the widget's limit, over this server's (200 characters).
    const long = `About the offers: ${'details '.repeat(30)}`.trim();
    await sendMessage(page, long);
    const refused = log(page).getByRole('listitem').filter({ hasText: 'About the offers' });
    await refused.getByRole('button', { name: /^Retry/ }).waitFor();
    expect(await refused.textContent()).toContain(en.core.notDelivered);
    // Retry sends it again, at the end; this server refuses it again.
    await refused.getByRole('button', { name: /^Retry/ }).click();
    const last = log(page).getByRole('listitem').last();
    await last
      .filter({ hasText: 'About the offers' })
      .getByRole('button', { name: /^Retry/ })
      .waitFor();
    expect(await customerMessages(page)).toEqual([long]);
    await askAboutOffers(page);
    const asked = log(page).getByRole('listitem').filter({ hasText: 'Tell me about your offers' });
    expect(
      await eventually(
        () => asked.getByText(en.core.sending).count(),
        (pending) => pending === 0,
      ),
    ).toBe(0);
    expect(await asked.getByText(en.core.notDelivered).count()).toBe(0);
    const offers = log(page).getByRole('link', { name: 'https://www.example.com/offers' });
    expect(await offers.getAttribute('href')).toBe('https://www.example.com/offers');
    expect(await offers.getAttribute('target')).toBe('_blank');
    expect(await offers.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('goodbye: the agent ends the chat with closeConversation result true, the thank-you card shows, and the widget closes the socket itself', async () => {
    const { page, errors } = await chatting(scenario());
    await askAboutOffers(page);
    await sendMessage(page, 'Thanks, goodbye');
    await dialog(page).getByText(en.ui.thankYouTitle).waitFor();
    expect((await transcript(page)).some((line) => line.includes('Thanks for chatting. Goodbye!'))).toBe(true);
    expect(await closesAsked(page)).toEqual([1000]);
    expect(unreadablePongsAside(errors)).toEqual([]);
  });

  it('pongs the widget cannot read: it reconnects closing with 4001; the refused renew says the chat could not be resumed, never "Successfully reconnected"', async () => {
    const { page, errors } = await chatting(scenario(), QUICK);
    await askAboutOffers(page);
    // From here the server answers pings with the documented pong written as a request.
    await dialog(page).getByText(en.core.chatNotResumed).first().waitFor();
    const lines = await transcript(page);
    expect(lines).toContain(en.core.attemptingReconnect);
    expect(lines).not.toContain(en.core.reconnected);
    expect(lines.at(-1)).toBe(en.core.chatNotResumed);
    // 4001 to reconnect (a normal close may end the session); 1000 once the refusal ended the chat.
    expect(await closesAsked(page)).toEqual([4001, 1000]);
    expect(await page.evaluate(() => localStorage.getItem('chatWidget:guid'))).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `renew-refused-${name.replaceAll(' ', '-')}`);
    expect(unreadablePongsAside(errors)).toEqual([]);
  });
});

describe('the misbehaving contact centres in a real browser', () => {
  it('half-open: unanswered pings give the socket up with 4001; "Successfully reconnected" once the renew is answered; what vanished is delivered', async () => {
    const { page, server, errors } = await demo({ scenario: 'half-open', query: QUICK, initScripts: [RECORD_CLOSES] });
    await startChat(page);
    await sendMessage(page, 'first');
    await log(page).getByText('Let me look into that.').waitFor();
    await server.waitFor((sessions) => sessions[0]?.socket === 'half-open');
    await sendMessage(page, 'into the void');
    await log(page).getByText('You said: "into the void".').waitFor();
    const lines = await transcript(page);
    const dropped = lines.indexOf(en.core.attemptingReconnect);
    expect(dropped).toBeGreaterThanOrEqual(0);
    expect(lines.indexOf(en.core.reconnected)).toBeGreaterThan(dropped);
    // Said once the renew is answered: before what the renewed chat then answers.
    const answered = lines.findIndex((line) => line.includes('You said: "into the void".'));
    expect(lines.indexOf(en.core.reconnected)).toBeLessThan(answered);
    expect(await closesAsked(page)).toEqual([4001]);
    expect(await customerMessages(page)).toEqual(['first', 'into the void']);
    expect(
      await eventually(
        () => log(page).getByText(en.core.sending).count(),
        (pending) => pending === 0,
      ),
    ).toBe(0);
    expect(errors).toEqual([]);
  });

  it('no-acks: nothing stays "Sending…", before or after the drop, and nothing is sent twice', async () => {
    const { page, errors } = await demo({ scenario: 'no-acks', initScripts: [RECORD_CLOSES] });
    await startChat(page);
    for (const question of ['one?', 'two?', 'three?']) {
      await sendMessage(page, question);
      await log(page).getByText(`You said: "${question}".`).waitFor();
    }
    await log(page)
      .getByText(/We got disconnected for a moment/)
      .waitFor();
    await sendMessage(page, 'four?');
    await log(page).getByText('You said: "four?".').waitFor();
    expect(await customerMessages(page)).toEqual(['one?', 'two?', 'three?', 'four?']);
    // Each answered once: the renew sent nothing again that the server already had.
    for (const question of ['one?', 'two?', 'three?', 'four?']) {
      expect(await log(page).getByText(`You said: "${question}".`).count()).toBe(1);
    }
    expect(
      await eventually(
        () => log(page).getByText(en.core.sending).count(),
        (pending) => pending === 0,
      ),
    ).toBe(0);
    // The server dropped the socket; the widget closed none itself.
    expect(await closesAsked(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
