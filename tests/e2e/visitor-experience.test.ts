/**
 * Issue 12, items 7 to 12, in real Chromium on the demo page against mock-chat: a form that
 * explains itself, a real modal, undisturbed reading, the page's language, the spec items
 * wired, and the newer look's contrast. One test per numbered item.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WAIT_MS } from '../support/patience.js';
import {
  browserPerFile,
  chatButton,
  dialog,
  eventually,
  fillPreChatForm,
  heldAnswers,
  receivedFrames,
  scrollLogToTop,
  sendMessage,
  seriousViolations,
  startChat,
} from './harness.js';

const demo = browserPerFile();

/** The widget's shadow root, for what only the page's script can see (attributes, styles). */
function inWidget<T>(page: Page, read: (root: ShadowRoot) => T): Promise<T> {
  return page.evaluate(`(${read.toString()})(document.getElementById('chat-widget-host').shadowRoot)`) as Promise<T>;
}

/** WCAG contrast ratio of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const style = (locator: Locator, property: string) =>
  locator.evaluate((el, name) => getComputedStyle(el).getPropertyValue(name), property);

/** Makes the tab look hidden (or shown) to the page: headless Chromium keeps every tab visible. */
async function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (value ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

describe('a widget that explains itself, reads well and speaks the page language', () => {
  it("'Start chat' explains itself: required fields marked, a press shows every error and focuses the first, Enter submits", async () => {
    const { page } = await demo({ scenario: 'happy-path' });
    await chatButton(page).click();
    const form = dialog(page);
    const start = form.getByRole('button', { name: 'Start chat' });
    await start.waitFor();
    // Required fields carry a visible mark and aria-required; the optional one says so.
    expect(await form.getByText('Fields marked * are required.').isVisible()).toBe(true);
    expect(await form.getByLabel('First Name').getAttribute('aria-required')).toBe('true');
    expect(await form.getByLabel('Last Name (Optional)').getAttribute('aria-required')).toBeNull();
    expect(await form.locator('.cw-field__required').count()).toBe(5);
    // Not valid yet: shown as disabled, but a press explains.
    expect(await start.getAttribute('aria-disabled')).toBe('true');
    await start.click({ force: true });
    await form.getByText('4 fields need your attention.').waitFor();
    for (const label of ['First Name', 'Email Address', 'Phone Number', 'Postal Code']) {
      expect(await form.getByLabel(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(await form.getByText('first name is a required property').isVisible()).toBe(true);
    const focused = () => inWidget(page, (root) => root.activeElement?.id);
    await expect.poll(focused, { timeout: WAIT_MS }).toBe('cw-prechat-firstName');
    // Enter in a field submits too: still invalid, so focus moves to the next field to fix.
    await form.getByLabel('First Name').fill('Ada');
    await form.getByLabel('First Name').press('Enter');
    await form.getByText('3 fields need your attention.').waitFor();
    await expect.poll(focused, { timeout: WAIT_MS }).toBe('cw-prechat-email');
    expect(await seriousViolations(page)).toEqual([]);
    await fillPreChatForm(page);
    // Valid once the phone and postal code rules, fetched on the first phone edit, are in (issue 24).
    await expect.poll(() => start.getAttribute('aria-disabled')).toBeNull();
    await form.getByLabel('Postal Code').press('Enter');
    await page.getByText('An agent has joined the chat').first().waitFor();
  });

  it('a real modal: backdrop and inert page, scroll back with hide-on-mobile, End Chat? above the loader, no Minimize after a transfer', async () => {
    const { page } = await demo({ scenario: 'happy-path', query: { mobile: '1' } });
    await chatButton(page).click();
    await dialog(page).waitFor();
    // The page under the dialog takes no clicks: the backdrop is on top, the page is inert.
    const energyLink = page.getByRole('link', { name: 'Energy', exact: true });
    const box = await energyLink.boundingBox();
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x as number, y as number)?.id ?? '',
      [(box?.x ?? 0) + 5, (box?.y ?? 0) + 5],
    );
    expect(hit).toBe('chat-widget-host');
    await page.mouse.click((box?.x ?? 0) + 5, (box?.y ?? 0) + 5);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('main').getAttribute('inert')).toBe('');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    // Hide-on-mobile hides the open dialog below 600 px: the page scrolls and works again.
    await page.setViewportSize({ width: 500, height: 800 });
    await eventually(
      () => page.evaluate(() => document.body.style.overflow),
      (overflow) => overflow === '',
    );
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    expect(await page.locator('main').getAttribute('inert')).toBeNull();
    await page.setViewportSize({ width: 1280, height: 800 });
    await eventually(
      () => page.evaluate(() => document.body.style.overflow),
      (overflow) => overflow === 'hidden',
    );
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await page.locator('main').getAttribute('inert')).toBeNull();

    // 'End Chat?' asked while connecting lies above the loader and can be answered.
    const connecting = await demo({ scenario: 'connect-timeout', query: { 'opt.maxWaitTime': '30' } });
    await chatButton(connecting.page).click();
    await fillPreChatForm(connecting.page);
    await dialog(connecting.page).getByRole('button', { name: 'Start chat' }).click();
    await connecting.page.locator('.cw-loader').waitFor();
    await dialog(connecting.page).getByRole('button', { name: 'Close chat' }).click({ force: true });
    const prompt = connecting.page.getByRole('alertdialog', { name: 'End Chat?' });
    await prompt.waitFor();
    // A real click (Playwright checks the button is what the pointer hits).
    await prompt.getByRole('button', { name: 'No' }).click();
    await prompt.waitFor({ state: 'detached' });
    await connecting.page.keyboard.press('Escape');
    await prompt.getByRole('button', { name: 'Yes' }).click();
    await dialog(connecting.page).waitFor({ state: 'detached' });

    // After another tab took the chat over: only Close, no Minimize (the button is gone too).
    const first = await demo({ scenario: 'happy-path' });
    await startChat(first.page);
    const second = await first.openTab();
    await second.getByText('Transferring chat session from previous page or tab.').first().waitFor();
    await first.page.getByText('Chat was opened in another tab, continue conversation there').first().waitFor();
    expect(await dialog(first.page).getByRole('button', { name: 'Minimize chat' }).count()).toBe(0);
    expect(await dialog(first.page).getByRole('button', { name: 'Close chat' }).count()).toBe(1);
  });

  it('reading: no jump while scrolled up (a new-messages pill), local timestamps, title count when hidden, draft kept, queue and loader say what happens', async () => {
    const { page } = await demo({ scenario: 'showcase', speed: 2 });
    const answers = await heldAnswers(page);
    await chatButton(page).click();
    await fillPreChatForm(page);
    // The loader lasts until the confirmation, the queue until Sam joins: each held while looked at.
    answers.hold();
    await dialog(page).getByRole('button', { name: 'Start chat' }).click();
    // The loader says what it waits for.
    await page.locator('.cw-loader').getByText('Connecting you to an agent…').waitFor();
    answers.release('requestChat');
    // Queued: the wait is explained, and the composer looks (and is) unavailable.
    await page.locator('.cw-queue').getByText('Waiting for an agent…').waitFor();
    expect(await page.locator('.cw-queue').getByText('Estimated wait: about 4 minutes').isVisible()).toBe(true);
    const composer = dialog(page).getByRole('textbox', { name: 'Type message' });
    expect(await composer.isDisabled()).toBe(true);
    expect(await dialog(page).getByText('You can write as soon as an agent joins.').isVisible()).toBe(true);
    const disabledLook = {
      cursor: await style(composer, 'cursor'),
      background: await style(composer, 'background-color'),
    };
    answers.release();
    await page.getByText('What would you like to start with?').waitFor();
    expect(await composer.isDisabled()).toBe(false);
    expect(disabledLook.cursor).toBe('not-allowed');
    expect(disabledLook.background).not.toBe(await style(composer, 'background-color'));

    // Timestamps in the visitor's language (Intl, hours and minutes).
    const stamp = page.locator('.cw-msg--agent time').first();
    const dateTime = (await stamp.getAttribute('datetime')) ?? '';
    const expected = await page.evaluate(
      (iso) => new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' }).format(new Date(iso)),
      dateTime,
    );
    expect(await stamp.textContent()).toBe(expected);

    // The live region announces only what is added: nothing already there is added again.
    await page.evaluate(() => {
      const log = document.getElementById('chat-widget-host')?.shadowRoot?.querySelector('[role="log"]');
      const added: string[] = [];
      (window as unknown as { __added: string[] }).__added = added;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (node instanceof Element && node.matches('[role="listitem"]')) added.push(node.textContent ?? '');
          }
        }
      }).observe(log as Node, { childList: true, subtree: true });
    });
    expect(await page.locator('[role="log"]').getAttribute('aria-relevant')).toBe('additions');

    // Scrolled up to read: the answer does not pull the list down; a pill says it arrived.
    answers.hold();
    await composer.fill('Is the Model Y available in white?');
    await composer.press('Enter');
    const log = page.locator('.cw-log');
    await scrollLogToTop(page, 'Is the Model Y available in white?');
    answers.release();
    const pill = page.getByRole('button', { name: /1 new message/ });
    await pill.waitFor();
    expect(await log.evaluate((el) => el.scrollTop)).toBe(0);
    await pill.click();
    expect(await log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(40);
    await pill.waitFor({ state: 'detached' });
    const added = await page.evaluate(() => (window as unknown as { __added: string[] }).__added);
    expect(added).toHaveLength(2);
    expect(added[0]).toContain('Is the Model Y available in white?');
    expect(added[1]).toContain('You said: "Is the Model Y available in white?"');

    // Another tab in front: the page title counts the answers that arrive meanwhile, then comes back.
    const title = await page.title();
    await setTabHidden(page, true);
    await composer.fill('And in red?');
    await composer.press('Enter');
    await eventually(
      () => page.title(),
      (now) => now === `(1) ${title}`,
    );
    expect(await page.title()).toBe(`(1) ${title}`);
    await setTabHidden(page, false);
    expect(await page.title()).toBe(title);

    // The draft stays through minimize.
    await composer.fill('A question I have not sent yet');
    await dialog(page).getByRole('button', { name: 'Minimize chat' }).click();
    await chatButton(page).click();
    expect(await dialog(page).getByRole('textbox', { name: 'Type message' }).inputValue()).toBe(
      'A question I have not sent yet',
    );
  });

  it('the page language: Chinese labels with full-width (Optional) on zh-CN, Arabic right to left with textDirection RTL, 16 px inputs', async () => {
    const zh = await demo({ scenario: 'happy-path', query: { locale: 'zh-cn' } });
    await chatButton(zh.page).click();
    const zhDialog = zh.page.getByRole('dialog', { name: '问题中心' });
    await zhDialog.getByLabel('省份').waitFor();
    expect(await zhDialog.getByLabel('城市').count()).toBe(1);
    expect(await zhDialog.getByLabel('姓氏（选填）').count()).toBe(1);
    await zhDialog.getByRole('button', { name: '开始聊天' }).click({ force: true });
    await zhDialog.getByText('名字为必填项').waitFor();
    // No English chrome anywhere in the dialog: its text and its accessible names.
    const zhWords = await inWidget(zh.page, (root) => {
      const el = root.querySelector('[role="dialog"]') as HTMLElement;
      const names = [...el.querySelectorAll('[aria-label], [placeholder]')].map(
        (node) => `${node.getAttribute('aria-label') ?? ''} ${node.getAttribute('placeholder') ?? ''}`,
      );
      return `${el.innerText} ${names.join(' ')}`.match(/[A-Za-z]{2,}/g) ?? [];
    });
    expect(zhWords).toEqual([]);
    // 16 px text in every input: iOS does not zoom in on focus.
    const sizes = await inWidget(zh.page, (root) =>
      [...root.querySelectorAll('input, select, textarea')].map((el) => getComputedStyle(el).fontSize),
    );
    expect(new Set(sizes)).toEqual(new Set(['16px']));

    const ar = await demo({ scenario: 'happy-path', query: { locale: 'ar-ae' } });
    await chatButton(ar.page).click();
    const arDialog = ar.page.getByRole('dialog', { name: 'مركز الأسئلة' });
    await arDialog.getByRole('button', { name: 'بدء المحادثة' }).waitFor();
    expect(await inWidget(ar.page, (root) => root.querySelector('.cw-root')?.getAttribute('dir'))).toBe('rtl');
    // Mirrored: the close button sits at the left of the title.
    const close = await arDialog.getByRole('button', { name: 'إغلاق المحادثة' }).boundingBox();
    const heading = await arDialog.locator('.cw-dialog__title').boundingBox();
    expect((close?.x ?? 0) + (close?.width ?? 0)).toBeLessThanOrEqual(heading?.x ?? 0);
    const arWords = await inWidget(ar.page, (root) => {
      const el = root.querySelector('[role="dialog"]') as HTMLElement;
      return el.innerText.match(/[A-Za-z]{2,}/g) ?? [];
    });
    expect(arWords).toEqual([]);
    await arDialog.locator('#cw-prechat-firstName').fill('Ada');
    await arDialog.locator('#cw-prechat-email').fill('ada@example.com');
    await arDialog.locator('#cw-prechat-phoneNumber').fill('501234567');
    await arDialog.locator('#cw-prechat-postalCode').fill('00000');
    await arDialog.getByRole('button', { name: 'بدء المحادثة' }).click();
    await ar.page.getByText('انضم أحد الموظفين إلى المحادثة').first().waitFor();
    expect(await seriousViolations(ar.page)).toEqual([]);
    const [arRequest] = receivedFrames(ar.server.sessions(), 'requestChat');
    expect(arRequest?.body.intrinsics).toMatchObject({ textDirection: 'RTL' });

    const en = await demo({ scenario: 'happy-path' });
    await startChat(en.page);
    const [enRequest] = receivedFrames(en.server.sessions(), 'requestChat');
    expect(enRequest?.body.intrinsics).toMatchObject({ textDirection: 'LTR' });
  });

  it('mobile: the dialog takes the visual viewport, and a page back from the bfcache reconnects at once', async () => {
    const phone = await demo({ scenario: 'happy-path', viewport: { width: 390, height: 844 } });
    await chatButton(phone.page).click();
    const box = await dialog(phone.page).boundingBox();
    const viewport = await phone.page.evaluate(() => ({
      height: Math.round(window.visualViewport?.height ?? 0),
      top: Math.round(window.visualViewport?.offsetTop ?? 0),
    }));
    expect(
      await dialog(phone.page).evaluate((el) => (el as HTMLElement).style.getPropertyValue('--cw-vv-height')),
    ).toBe(`${viewport.height}px`);
    expect(Math.round(box?.height ?? 0)).toBe(viewport.height);
    expect(Math.round(box?.y ?? -1)).toBe(viewport.top);

    // The socket is lost (as in the back/forward cache); a long retry interval would keep the
    // visitor waiting, but pageshow (persisted) reconnects now.
    const { page } = await demo({ scenario: 'network-drop', query: { 'opt.retryInterval': '60000' } });
    await startChat(page);
    await sendMessage(page, 'Is the Model Y in stock?');
    await page.getByText('Attempting to reconnect...').first().waitFor();
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    await page
      .getByText(/Welcome back/)
      .first()
      .waitFor();
  });

  it('spec items wired: the four storage keys, support link sets, the .cn base URL, prefilled read-only inputs', async () => {
    const { page } = await demo({
      scenario: 'happy-path',
      query: {
        triage: '1',
        variant: 'classic',
        'opt.siteName': 'www.example',
        'prefill.firstName': 'Ada',
        'prefill.email': 'ada@example.com',
        'opt.readOnlyPrefilled': 'true',
      },
    });
    await chatButton(page).click();
    await page.getByRole('button', { name: 'Vehicle', exact: true }).click();
    // The vehicle-ownership link set, absolute on the .com site (en-US has no locale segment).
    const ownership = page.locator('.cw-support');
    await ownership.getByRole('heading', { name: /Vehicle Ownership/ }).waitFor();
    expect(await ownership.getByRole('link', { name: /Contact Us/ }).getAttribute('href')).toBe(
      'https://www.example.com/contact?issue=vehicle&issueSubcategory=ownership',
    );
    expect(await page.getByRole('link', { name: /Trade-In/ }).getAttribute('href')).toBe(
      'https://www.example.com/tradein',
    );
    await page.getByRole('button', { name: 'Placing an order' }).click();
    // Prefilled by the page and read-only.
    const form = dialog(page);
    expect(await form.getByLabel('First Name').inputValue()).toBe('Ada');
    expect(await form.getByLabel('First Name').getAttribute('readonly')).toBe('');
    expect(await form.getByLabel('Email Address').getAttribute('readonly')).toBe('');
    await form.getByLabel('Phone Number').fill('2025550143');
    await form.getByLabel('Postal Code').fill('94105');
    await form.getByRole('button', { name: 'Start chat' }).click();
    await page.getByText('An agent has joined the chat').first().waitFor();
    const stored = await page.evaluate(() =>
      Object.fromEntries(
        ['triageConfig', 'preEngagementConfig', 'callBackFormConfig', 'chatAttributes'].map((key) => [
          key,
          // The widget's keys are namespaced (chatWidget:<spec name>): the page's own are never touched.
          JSON.parse(localStorage.getItem(`chatWidget:${key}`) ?? 'null'),
        ]),
      ),
    );
    expect(stored.triageConfig).toEqual({
      enabled: true,
      energyPage: false,
      topic: 'Placing an order',
      views: ['topics', 'vehicle', 'form'],
    });
    expect(stored.preEngagementConfig.map((field: { attributes: { name: string } }) => field.attributes.name)).toEqual([
      'firstName',
      'lastName',
      'email',
      'phoneNumber',
      'postalCode',
      'getUpdates',
    ]);
    expect(stored.callBackFormConfig.at(-1)).toMatchObject({
      type: 'CheckboxItem',
      attributes: { name: 'productInterested' },
    });
    expect(stored.chatAttributes).toEqual({
      routing: ['Country.US', 'Language.English', 'LOB.Sales', 'Concern.Drive'],
      page: {},
    });

    // A locale ending in CN: the same links on the .cn site, without a locale segment.
    const zh = await demo({
      scenario: 'happy-path',
      query: { triage: '1', variant: 'tds', locale: 'zh-cn', 'opt.siteName': 'www.example' },
    });
    await chatButton(zh.page).click();
    const drive = zh.page.getByRole('link', { name: /预约试驾/ });
    expect(await drive.getAttribute('href')).toBe('https://www.example.cn/drive');
  });

  it('the newer look: field edges at 3:1 against the panel, even triage cards, links that look like links', async () => {
    for (const variant of ['tds', 'classic'] as const) {
      const { page } = await demo({ scenario: 'happy-path', query: { variant } });
      await chatButton(page).click();
      const field = dialog(page).getByLabel('First Name');
      const panel = await style(dialog(page), 'background-color');
      expect(contrast(await style(field, 'border-top-color'), panel)).toBeGreaterThanOrEqual(3);
      expect(
        contrast(await style(field, 'border-top-color'), await style(field, 'background-color')),
      ).toBeGreaterThanOrEqual(3);
      const label = dialog(page).locator('.cw-field__label').first();
      expect(contrast(await style(label, 'color'), panel)).toBeGreaterThanOrEqual(4.5);
    }
    const { page } = await demo({ scenario: 'happy-path', query: { triage: '1', variant: 'tds' } });
    await chatButton(page).click();
    const cards = dialog(page).locator('.cw-topics--cards .cw-topics__item');
    await cards.first().waitFor();
    const heights = await cards.evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().height)),
    );
    expect(new Set(heights).size).toBe(1);
    // A link out is a link: underlined, in the link colour, with its arrow out; in the grid it
    // is a card with the same edge as the topics (issue 21: a grid of cards and bare links is ragged).
    const link = dialog(page).locator('a.cw-topic').first();
    const topic = dialog(page).locator('button.cw-topic').first();
    expect(await style(link.locator('.cw-topic__label'), 'text-decoration-line')).toBe('underline');
    expect(await style(link, 'color')).not.toBe(await style(topic, 'color'));
    expect(await style(topic, 'border-top-color')).not.toBe('rgba(0, 0, 0, 0)');
    expect(await style(link, 'border-top-color')).toBe(await style(topic, 'border-top-color'));
    expect(await link.locator('.cw-topic__external').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
