/**
 * What the page offers, in a real browser against mock-chat: no button when unavailable or
 * without agents, chat-lite callback success and failure, triage navigation and back, the
 * China form, hide-on-mobile, the 'trips' position and the Shadow DOM isolation.
 */
import { describe, expect, it } from 'vitest';
import {
  AVAILABILITY_READS,
  availabilityRead,
  browserPerFile,
  chatButton,
  type Demo,
  dialog,
  screenshot,
  seriousViolations,
} from './harness.js';

const demo = browserPerFile();

/**
 * Everything the availability answer sets going has happened: the page has acted on the answer
 * (the button is drawn or not in that same task), anything it left for an idle moment (a
 * prefetch waits for one) has started, since idle callbacks run in the order asked, and every
 * request since has finished.
 */
async function settle(demoPage: Demo): Promise<void> {
  await availabilityRead(demoPage.page);
  await demoPage.page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await demoPage.page.waitForLoadState('networkidle');
}

describe('what the page offers', () => {
  for (const scenario of ['unavailable', 'no-agents']) {
    it(`${scenario}: no chat button, and the React UI is never downloaded`, async () => {
      const opened = await demo({ scenario, initScripts: [AVAILABILITY_READS], fakeClock: true });
      await settle(opened);
      // "unavailable" answers "not yet" up to maxAttempts (3): the page's clock is run to each
      // next poll (availabilityPollInterval, 15 s), so what is checked is the final decision.
      const attempts = scenario === 'unavailable' ? 3 : 1;
      for (let attempt = 2; attempt <= attempts; attempt++) {
        await opened.page.clock.runFor(15_000);
        await availabilityRead(opened.page, attempt);
      }
      await settle(opened);
      expect(await chatButton(opened.page).count()).toBe(0);
      const loaded = opened.requests;
      expect(loaded.filter((name) => name.includes('check-availability'))).toHaveLength(attempts);
      expect(loaded.some((name) => name.includes('/widget/chunks/start-'))).toBe(true);
      expect(loaded.some((name) => /\/widget\/chunks\/(react|mount)-/.test(name))).toBe(false);
      expect(await opened.page.locator('#chat-widget-host').count()).toBeLessThanOrEqual(1);
      await screenshot(opened.page, `no-button-${scenario}`);
    });
  }

  it('chat-lite: the button shows at once; a callback request shows the success card and hides the button', async () => {
    const { page, errors } = await demo({ scenario: 'chat-lite', query: { chat_lite: '1' } });
    await chatButton(page).click();
    const form = page.getByRole('dialog', { name: 'Request a Callback' });
    await form.waitFor();
    await form.getByLabel('First Name').fill('Ada');
    await form.getByLabel('Last Name').fill('Lovelace');
    await form.getByLabel('Email Address').fill('ada@example.com');
    await form.getByLabel('Phone Number').fill('2025550143');
    await form.getByLabel('Postal Code').fill('94105');
    await form.getByLabel('Model 3').check();
    expect(await form.getByText(/computer-assisted dialing/).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'callback-form');
    await form.getByRole('button', { name: 'Request a Callback' }).click();
    await page.getByText('Thank you!').waitFor();
    await page.getByText('We will contact you soon.').waitFor();
    await screenshot(page, 'callback-success');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    expect(await chatButton(page).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("callback-failure: 'Something went wrong!' / 'Please try again later.'", async () => {
    const { page } = await demo({ scenario: 'callback-failure', query: { chat_lite: '1' } });
    await chatButton(page).click();
    const form = page.getByRole('dialog', { name: 'Request a Callback' });
    await form.getByLabel('First Name').fill('Ada');
    await form.getByLabel('Last Name').fill('Lovelace');
    await form.getByLabel('Email Address').fill('ada@example.com');
    await form.getByLabel('Phone Number').fill('2025550143');
    await form.getByLabel('Postal Code').fill('94105');
    await form.getByLabel('Solar Roof').check();
    await form.getByRole('button', { name: 'Request a Callback' }).click();
    await page.getByText('Something went wrong!').waitFor();
    await page.getByText('Please try again later.').waitFor();
    await screenshot(page, 'callback-failure');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('triage: topics → Vehicle (Demo Drive link, US wording) → Upcoming Delivery → back, back, then Chat with a Live Agent opens the form', async () => {
    const { page } = await demo({ scenario: 'happy-path', query: { triage: '1', variant: 'classic' } });
    await chatButton(page).click();
    const questionCenter = dialog(page);
    await questionCenter.getByRole('button', { name: 'Vehicle' }).click();
    await questionCenter.getByRole('link', { name: 'Demo Drive' }).waitFor();
    await questionCenter.getByRole('button', { name: 'Upcoming Delivery' }).click();
    await questionCenter.getByRole('link', { name: 'Go to Account' }).waitFor();
    const resource = questionCenter.getByRole('link', { name: 'Prepare For Delivery' });
    expect(await resource.getAttribute('href')).toBe('/support/delivery-day');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'triage-upcoming-delivery');
    await questionCenter.getByRole('button', { name: 'Back' }).click();
    await questionCenter.getByRole('button', { name: 'Placing an order' }).waitFor();
    await questionCenter.getByRole('button', { name: 'Back' }).click();
    await questionCenter.getByRole('button', { name: 'Chat with a Live Agent' }).click();
    await questionCenter.getByLabel('First Name').waitFor();
    await screenshot(page, 'triage-to-form');
  });

  it('China locale: province and city selects, no email', async () => {
    const { page } = await demo({ scenario: 'happy-path', query: { locale: 'zh-cn' } });
    await chatButton(page).click();
    // A zh-CN page speaks Simplified Chinese: 'Question Center', Province, City, Email Address.
    const questionCenter = page.getByRole('dialog', { name: '问题中心' });
    const province = questionCenter.getByLabel('省份');
    await province.waitFor();
    expect(await questionCenter.getByLabel('电子邮箱').count()).toBe(0);
    const provinces = await province.locator('option').allTextContents();
    expect(provinces.filter((text) => text.trim() !== '').length).toBeGreaterThan(0);
    const firstValue = await province.locator('option').nth(1).getAttribute('value');
    await province.selectOption(firstValue ?? '');
    const cities = await questionCenter.getByLabel('城市').locator('option').allTextContents();
    expect(cities.filter((text) => text.trim() !== '').length).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'china-form');
  });

  it('hide-on-mobile: hidden at 599 px and below, shown when wider', async () => {
    const narrow = await demo({
      scenario: 'happy-path',
      query: { mobile: '1' },
      viewport: { width: 599, height: 800 },
    });
    // Mounted (the button is in the shadow DOM) but not shown.
    await narrow.page.locator('.cw-fab').waitFor({ state: 'attached' });
    expect(await narrow.page.locator('.cw-fab').isVisible()).toBe(false);
    await screenshot(narrow.page, 'mobile-hidden');
    await narrow.page.setViewportSize({ width: 600, height: 800 });
    await chatButton(narrow.page).waitFor({ state: 'visible' });
  });

  it("works under a strict Content-Security-Policy (script-src 'self': no inline script, no eval) and adds one global", async () => {
    const opened = await demo({ scenario: 'happy-path', path: '/energy' });
    const page = await opened.context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') violations.push(message.text());
    });
    await page.route(/\/energy$/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: {
          ...response.headers(),
          'content-security-policy': "script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'",
        },
      });
    });
    await page.addInitScript(() => {
      (window as unknown as { __globalsBefore: string[] }).__globalsBefore = Object.getOwnPropertyNames(window);
    });
    await page.goto(`${opened.server.url}/energy`);
    await chatButton(page).click();
    await dialog(page).getByLabel('First Name').waitFor();
    const added = await page.evaluate(() => {
      const before = new Set((window as unknown as { __globalsBefore: string[] }).__globalsBefore);
      return Object.getOwnPropertyNames(window).filter((name) => !before.has(name));
    });
    // chatWidgetConfig is the page's own configuration (demo/page-config.js), not the widget's.
    expect(added.filter((name) => name !== 'chatWidgetConfig' && name !== '__globalsBefore')).toEqual(['chatWidget']);
    expect(violations).toEqual([]);
  });

  it('the demo control panel switches the scenario and the page configuration, then reloads', async () => {
    const { page } = await demo({ scenario: 'happy-path' });
    await chatButton(page).waitFor();
    const panel = page.getByRole('form', { name: 'Demo controls' });
    await panel.getByLabel('Scenario').locator('option[value="chat-lite"]').waitFor({ state: 'attached' });
    await panel.getByLabel('Scenario').selectOption('chat-lite');
    await panel.getByLabel('Chat-lite (callback)').check();
    await panel.getByLabel('Look').selectOption('tds');
    await Promise.all([
      page.waitForURL(/chat_lite=1/),
      panel.getByRole('button', { name: 'Apply and reload' }).click(),
    ]);
    expect(page.url()).toContain('variant=tds');
    expect(page.url()).toContain('scenario=chat-lite');
    await chatButton(page).click();
    await page.getByRole('dialog', { name: 'Request a Callback' }).waitFor();
    expect(await page.locator('.cw-root').getAttribute('data-look')).toBe('tds');
    await screenshot(page, 'demo-panel-switched');
  });

  it('?scenario= plays a scenario for this page only; an unknown one is said on the page, not silently replaced', async () => {
    const { page } = await demo({ scenario: 'happy-path', query: { scenario: 'chat-lite', chat_lite: '1' } });
    await chatButton(page).click();
    await page.getByRole('dialog', { name: 'Request a Callback' }).waitFor();
    const unknown = await demo({ scenario: 'happy-path', query: { scenario: 'happy-pat' } });
    const alert = unknown.page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Unknown scenario "happy-pat".*happy-path/);
  });

  it("a 'trips' page moves the button; host-page CSS does not reach into the widget", async () => {
    const { page } = await demo({ scenario: 'happy-path', path: '/trips' });
    const button = chatButton(page);
    await button.waitFor();
    expect(await button.getAttribute('class')).toContain('cw-fab--trips');
    // demo.css paints every page button hot pink; the shadow root keeps it out.
    const background = await button.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe('rgb(255, 105, 180)');
    // One global at most, and init() mounts only once.
    await page.evaluate(() => (window as unknown as { chatWidget: { init(): Promise<void> } }).chatWidget.init());
    expect(await page.locator('#chat-widget-host').count()).toBe(1);
    await screenshot(page, 'trips-page');
  });
});
