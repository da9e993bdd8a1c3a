/**
 * Every view of the widget, in one look, as a reviewer sees it: screenshots at 1280×800 and
 * 390×844 (English) and at 1280×800 in zh-CN and ar, written to
 * test-results/screenshots/views/<look>-<locale>/ (widget/ui/README.md). Every English view
 * is checked with axe first (no serious or critical violation; the other languages share the
 * markup, and visitor-experience.test.ts runs axe on zh-CN and ar pages). The views are
 * reached the way a visitor reaches them, on the demo page against mock-chat; buttons are
 * found by their names in the page's catalogue, so a missing translation fails here too.
 * One test file per look (views-gallery-classic.test.ts, views-gallery-tds.test.ts), so the
 * two looks are drawn side by side in a test run.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../widget/ui/i18n/catalogue.js';
import ar from '../../widget/ui/i18n/catalogues/i18n-ar.js';
import en from '../../widget/ui/i18n/catalogues/i18n-en.js';
import zhCN from '../../widget/ui/i18n/catalogues/i18n-zh-CN.js';
import { WAIT_MS } from '../support/patience.js';
import {
  browserPerFile,
  chatButton,
  type Demo,
  type HeldAnswers,
  heldAnswers,
  scrollLogToTop,
  seriousViolations,
  viewScreenshot,
} from './harness.js';

interface Run {
  look: 'classic' | 'tds';
  locale: 'en-us' | 'zh-cn' | 'ar-ae';
  catalogue: Catalogue;
  /** Also at 390×844 (a phone), and axe on every view. */
  phone: boolean;
}

/** Valid details for each locale's country (phone and postal code rules differ). */
const VISITOR = {
  'en-us': { phone: '2025550143', postal: '94105' },
  'zh-cn': { phone: '13800138000', postal: '100000' },
  'ar-ae': { phone: '501234567', postal: '00000' },
} as const;

/** The languages each look is drawn in; English also on a phone, with axe. */
const LANGUAGES: Omit<Run, 'look'>[] = [
  { locale: 'en-us', catalogue: en, phone: true },
  { locale: 'zh-cn', catalogue: zhCN, phone: false },
  { locale: 'ar-ae', catalogue: ar, phone: false },
];

async function frames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** axe first (English runs), then the screenshot(s) of the view as it is now. */
async function shoot(page: Page, run: Run, name: string): Promise<void> {
  await frames(page);
  if (run.phone) expect(await seriousViolations(page), `${name}: axe`).toEqual([]);
  const folder = `${run.look}-${run.locale}`;
  await viewScreenshot(page, folder, name);
  if (!run.phone) return;
  await page.setViewportSize({ width: 390, height: 844 });
  await frames(page);
  await viewScreenshot(page, folder, name);
  await page.setViewportSize({ width: 1280, height: 800 });
  await frames(page);
}

function query(run: Run, extra: Record<string, string> = {}): Record<string, string> {
  return { variant: run.look, locale: run.locale, ...extra };
}

/**
 * Fills a form by field name (labels differ per language). China (section 5): province and
 * city selects; no email on the pre-chat form, no postal code on the callback form.
 */
async function fillForm(scope: Locator, form: 'cw-prechat' | 'cw-callback', run: Run): Promise<void> {
  const visitor = VISITOR[run.locale];
  const field = (name: string) => scope.locator(`#${form}-${name}`);
  await field('firstName').fill('Ada');
  if (form === 'cw-callback') await field('lastName').fill('Lovelace');
  if (run.locale !== 'zh-cn' || form === 'cw-callback') await field('email').fill('ada@example.com');
  await field('phoneNumber').fill(visitor.phone);
  if (run.locale !== 'zh-cn' || form === 'cw-prechat') await field('postalCode').fill(visitor.postal);
  if (run.locale === 'zh-cn') {
    const province = field('province');
    await province.locator('option').nth(1).waitFor({ state: 'attached' });
    await province.selectOption({ index: 1 });
    await field('city').locator('option').nth(1).waitFor({ state: 'attached' });
    await field('city').selectOption({ index: 1 });
  }
  if (form === 'cw-callback') await scope.getByRole('checkbox').first().check();
}

/** Registers the gallery of one look in the calling test file (its own browser connection). */
export function viewsGallery(look: Run['look']): void {
  const demo = browserPerFile();
  describe(`every view in the ${look} look, three languages (screenshots in test-results/screenshots/views/)`, () => {
    for (const language of LANGUAGES) {
      const run: Run = { look, ...language };
      const { ui, core, triage } = run.catalogue;

      /** Views 01 to 05 (screenshots when `shots`): the button, the form's errors, loader, queue, chat. */
      const toChat = async (page: Page, answers: HeldAnswers, shots: boolean) => {
        const shot = (name: string) => (shots ? shoot(page, run, name) : Promise.resolve());
        const button = chatButton(page);
        await button.waitFor();
        await shot('01-button');
        await button.click();
        const dialog = page.getByRole('dialog', { name: ui.questionCenter });
        // Not ready yet (aria-disabled), and pressing it says why.
        await dialog.getByRole('button', { name: ui.startChat }).click({ force: true });
        await dialog.locator('[aria-invalid="true"]').first().waitFor();
        await shot('02-prechat-form-errors');
        await fillForm(dialog, 'cw-prechat', run);
        // The loader lasts until the confirmation, the queue until Sam joins: both held while drawn.
        answers.hold();
        await dialog.getByRole('button', { name: ui.startChat }).click();
        if (shots) {
          await page.locator('.cw-loader').getByText(ui.connecting).waitFor();
          await shot('03-loader');
        }
        answers.release('requestChat');
        if (shots) {
          await dialog.locator('.cw-queue').getByText(ui.waitingForAgent).waitFor();
          await shot('04-queue-waiting');
        }
        answers.release();
        await page.getByText('What would you like to start with?').waitFor();
        await shot('05-chat');
      };

      /** Views 06 to 10, from the chat: the new-messages pill, End Chat?, the badge, transferred, ended. */
      const fromChat = async (opened: Demo, answers: HeldAnswers) => {
        const { page } = opened;
        const button = chatButton(page);
        const dialog = page.getByRole('dialog', { name: ui.questionCenter });
        const composer = dialog.getByRole('textbox', { name: ui.typeMessage });
        answers.hold();
        await composer.fill('Can I book a test drive for Saturday?');
        await composer.press('Enter');
        await scrollLogToTop(page, 'Can I book a test drive for Saturday?');
        answers.release();
        await page.locator('.cw-pill').waitFor();
        await shoot(page, run, '06-new-messages-pill');
        await page.locator('.cw-pill').click();
        await dialog.getByRole('button', { name: ui.closeChat }).click();
        await page.getByRole('alertdialog', { name: core.endChatPrompt }).waitFor();
        await shoot(page, run, '07-end-chat-prompt');
        await page.getByRole('button', { name: ui.no, exact: true }).click();
        answers.hold();
        await composer.fill('One more question about charging');
        await composer.press('Enter');
        await dialog.getByRole('button', { name: ui.minimizeChat }).click();
        answers.release();
        await page.locator('.cw-badge').waitFor();
        await shoot(page, run, '08-button-unread-badge');
        await button.click();
        const second = await opened.openTab();
        await second.getByText(core.transferringSession).first().waitFor();
        await page.getByText(core.openedInAnotherTab).first().waitFor();
        await page.bringToFront();
        await shoot(page, run, '09-transferred');
        await second.bringToFront();
        const secondComposer = second.getByRole('textbox', { name: ui.typeMessage });
        await expect.poll(() => secondComposer.isEnabled(), { timeout: WAIT_MS }).toBe(true);
        await secondComposer.fill('That is all, goodbye');
        await secondComposer.press('Enter');
        await second.getByText(ui.thankYouTitle).waitFor();
        await shoot(second, run, '10-chat-ended');
      };

      const chatViews = 'button, form errors, loader, queue, chat';
      const laterViews = 'new-messages pill, End Chat?, badge, transferred, ended';
      if (run.phone) {
        // English draws every view twice and runs axe on it: the journey in two tests, each well
        // inside a test's time on a busy machine; the second starts its own chat.
        it(`${run.look} ${run.locale}: ${chatViews}`, async () => {
          const opened = await demo({ scenario: 'showcase', speed: 2, query: query(run) });
          await toChat(opened.page, await heldAnswers(opened.page), true);
          expect(opened.errors).toEqual([]);
        });
        it(`${run.look} ${run.locale}: ${laterViews}`, async () => {
          const opened = await demo({ scenario: 'showcase', speed: 2, query: query(run) });
          const answers = await heldAnswers(opened.page);
          await toChat(opened.page, answers, false);
          await fromChat(opened, answers);
          expect(opened.errors).toEqual([]);
        });
      } else {
        it(`${run.look} ${run.locale}: ${chatViews}, ${laterViews}`, async () => {
          const opened = await demo({ scenario: 'showcase', speed: 2, query: query(run) });
          const answers = await heldAnswers(opened.page);
          await toChat(opened.page, answers, true);
          await fromChat(opened, answers);
          expect(opened.errors).toEqual([]);
        });
      }

      it(`${run.look} ${run.locale}: triage topics, vehicle and energy sub-topics${run.locale === 'en-us' ? ', delivery help' : ''}`, async () => {
        const { page } = await demo({ scenario: 'happy-path', query: query(run, { triage: '1' }) });
        await chatButton(page).click();
        const dialog = page.getByRole('dialog', { name: ui.questionCenter });
        const vehicle = run.look === 'tds' ? triage.variant.vehicle : triage.main.vehicle;
        await dialog.getByRole('button', { name: vehicle, exact: true }).waitFor();
        await shoot(page, run, '11-triage-topics');
        await dialog.getByRole('button', { name: vehicle, exact: true }).click();
        await dialog.getByRole('heading', { name: triage.headings.vehicle, exact: true }).waitFor();
        await shoot(page, run, '12-triage-vehicle');
        if (run.locale === 'en-us') {
          await dialog.getByRole('button', { name: triage.vehicle.upcomingDelivery, exact: true }).click();
          await dialog.getByRole('link', { name: triage.delivery.goToAccount }).waitFor();
          await shoot(page, run, '13-delivery-help');
          await dialog.getByRole('button', { name: ui.back }).click();
        }
        await dialog.getByRole('button', { name: ui.back }).click();
        const energy = run.look === 'tds' ? triage.variant.energy : triage.main.energy;
        await dialog.getByRole('button', { name: energy, exact: true }).click();
        await dialog.getByRole('button', { name: triage.energy.solarRoof, exact: true }).waitFor();
        await shoot(page, run, '14-triage-energy');
      });

      it(`${run.look} ${run.locale}: callback form, success card, error card with Retry`, async () => {
        const success = await demo({ scenario: 'chat-lite', query: query(run, { chat_lite: '1' }) });
        await chatButton(success.page).click();
        const form = success.page.getByRole('dialog', { name: ui.requestCallback });
        await form.getByRole('button', { name: ui.requestCallback }).waitFor();
        await shoot(success.page, run, '15-callback-form');
        await fillForm(form, 'cw-callback', run);
        await form.getByRole('button', { name: ui.requestCallback }).click();
        await success.page.getByText(core.successTitle).waitFor();
        await shoot(success.page, run, '16-status-card-success');

        const failure = await demo({ scenario: 'callback-failure', query: query(run, { chat_lite: '1' }) });
        await chatButton(failure.page).click();
        const again = failure.page.getByRole('dialog', { name: ui.requestCallback });
        await fillForm(again, 'cw-callback', run);
        await again.getByRole('button', { name: ui.requestCallback }).click();
        await failure.page.getByText(core.failureTitle).waitFor();
        await again.getByRole('button', { name: core.retry }).waitFor();
        await shoot(failure.page, run, '17-status-card-error-retry');
      });
    }
  });
}
