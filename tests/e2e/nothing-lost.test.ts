/**
 * Issue 21: nothing the visitor types or sees is lost, hidden or left behind. One test per
 * numbered item, in real Chromium on the demo page against mock-chat, in both looks (classic
 * and the newer useLatestTDS look); the texts come from the page's catalogue, so Arabic (right
 * to left) and Chinese runs exercise the same paths. axe (no serious or critical violation)
 * runs on every view a test reaches.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { formatText } from '../../widget/core/texts.js';
import type { Catalogue } from '../../widget/ui/i18n/catalogue.js';
import ar from '../../widget/ui/i18n/catalogues/i18n-ar.js';
import de from '../../widget/ui/i18n/catalogues/i18n-de.js';
import en from '../../widget/ui/i18n/catalogues/i18n-en.js';
import zhCN from '../../widget/ui/i18n/catalogues/i18n-zh-CN.js';
import {
  browserPerFile,
  chatButton,
  customerMessages,
  eventually,
  receivedFrames,
  seriousViolations,
} from './harness.js';

const demo = browserPerFile();

type Look = 'classic' | 'tds';
const LOOKS: Look[] = ['classic', 'tds'];

interface Visit {
  look: Look;
  locale: 'en-us' | 'de-de' | 'ar-ae' | 'zh-cn';
  catalogue: Catalogue;
}

/** Valid details for each locale's country (phone and postal rules differ). */
const VISITOR = {
  'en-us': { phone: '2025550143', postal: '94105' },
  'de-de': { phone: '15123456789', postal: '10115' },
  'ar-ae': { phone: '501234567', postal: '00000' },
  'zh-cn': { phone: '13800138000', postal: '100000' },
} as const;

const english = (look: Look): Visit => ({ look, locale: 'en-us', catalogue: en });

/** Scenario files written for this run (mock-chat loads a scenario from a path). */
const scenarioDir = join(import.meta.dirname, '../../.tmp');
mkdirSync(scenarioDir, { recursive: true });
const scenarios = mkdtempSync(join(scenarioDir, 'issue21-'));
afterAll(() => rmSync(scenarios, { recursive: true, force: true }));

function scenarioFile(scenario: Record<string, unknown>): string {
  const file = join(scenarios, `${scenario.name as string}.yaml`);
  // JSON is YAML.
  writeFileSync(file, JSON.stringify(scenario));
  return file;
}

const AVAILABLE = { success: true, metrics: { EWT: '30', ResourceStaffedCount: '3' }, maxAttempts: 1 };
const CONFIRM = { send: 'requestChat', body: { intrinsics: { name: '{{customerName}}' }, isEmailValid: true } };

function open(visit: Visit, scenario: string, extra: Record<string, string> = {}) {
  return demo({ scenario, query: { variant: visit.look, locale: visit.locale, ...extra } });
}

/** The real dialog (not the skeleton), by its class: its name is in the page's language. */
const dialogOf = (page: Page) => page.locator('.cw-dialog');

/** Fills the pre-chat form by field name, as the page's language labels them. */
async function fillPreChat(page: Page, visit: Visit): Promise<void> {
  const field = (name: string) => dialogOf(page).locator(`#cw-prechat-${name}`);
  const visitor = VISITOR[visit.locale];
  await field('firstName').fill('Ada');
  if (visit.locale !== 'zh-cn') await field('email').fill('ada@example.com');
  await field('phoneNumber').fill(visitor.phone);
  await field('postalCode').fill(visitor.postal);
  if (visit.locale === 'zh-cn') {
    for (const name of ['province', 'city']) {
      await field(name).locator('option').nth(1).waitFor({ state: 'attached' });
      await field(name).selectOption({ index: 1 });
    }
  }
}

/** From the button to a chat whose composer can be typed in. */
async function chatting(page: Page, visit: Visit): Promise<Locator> {
  await chatButton(page).click();
  await fillPreChat(page, visit);
  await dialogOf(page).getByRole('button', { name: visit.catalogue.ui.startChat }).click();
  const composer = dialogOf(page).getByRole('textbox', { name: visit.catalogue.ui.typeMessage });
  await expect.poll(() => composer.isEnabled(), { timeout: 15_000 }).toBe(true);
  return composer;
}

async function noAxeViolations(page: Page, view: string): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await seriousViolations(page), `${view}: axe`).toEqual([]);
}

/** What has focus, as a keyboard user would describe it: 'body' when it fell out of the widget. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const root = document.getElementById('chat-widget-host')?.shadowRoot;
    const active = root?.activeElement;
    if (!active) return document.activeElement === document.body ? 'body' : `page ${document.activeElement?.tagName}`;
    const typed = active.matches('input, textarea, select');
    const name = active.getAttribute('aria-label') ?? (typed ? '' : (active.textContent?.trim().slice(0, 60) ?? ''));
    return `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''} ${name}`.trim();
  });
}

/** WCAG 2 contrast ratio of two computed CSS colours (rgb()/rgba(), alpha ignored: both are opaque here). */
function contrastRatio(foreground: string, background: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((value) => {
      const channel = Number(value) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('nothing the visitor types or sees is lost, hidden or left behind', { timeout: 90_000 }, () => {
  it.each(LOOKS)(
    '1. %s: what the visitor writes, < and > included, reaches the agent and the screen exactly',
    async (look) => {
      const visit = english(look);
      const { page, server } = await open(visit, 'happy-path');
      const composer = await chatting(page, visit);
      const sentences = [
        'Is 5 < 6 and 7 > 3?',
        'compare <Model 3> vs <Model Y>',
        '<b>not bold</b> & <script>x</script>',
      ];
      for (const sentence of sentences) {
        await composer.fill(sentence);
        await composer.press('Enter');
      }
      // The mock's journal: the frames it received, word for word.
      const received = await eventually(
        async () => receivedFrames(server.sessions(), 'newMessage').map((frame) => frame.body.message),
        (messages) => messages.length === sentences.length,
      );
      expect(received).toEqual(sentences);
      expect(await customerMessages(page)).toEqual(sentences);
      // The agent answers quoting it: the server had the sentence as typed.
      await page.getByText(`Thanks for your message: "${sentences[0]}"`).first().waitFor();
      expect(await page.locator('.cw-log b, .cw-log script').count()).toBe(0);
      await noAxeViolations(page, 'chat with < and >');
    },
  );

  it.each(LOOKS)("2. %s: a link in the visitor's own bubble is at least 4.5:1 against it", async (look) => {
    const visit = english(look);
    const { page } = await open(visit, 'happy-path');
    const composer = await chatting(page, visit);
    await composer.fill('Is https://www.example.com/models the right page?');
    await composer.press('Enter');
    const bubble = page.locator('.cw-msg--customer').filter({ hasText: 'the right page?' });
    const link = bubble.getByRole('link', { name: 'https://www.example.com/models' });
    await link.waitFor();
    // Delivered (no longer drawn faded as 'Sending…'): the colours a visitor reads.
    await expect.poll(() => bubble.getAttribute('class')).not.toContain('cw-msg--pending');
    const [color, background, opacity] = await link.evaluate((a) => {
      const own = a.closest('.cw-msg') as HTMLElement;
      return [getComputedStyle(a).color, getComputedStyle(own).backgroundColor, getComputedStyle(own).opacity];
    });
    expect(opacity).toBe('1');
    expect(contrastRatio(color, background), `${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
    // Still recognisable as a link: underlined.
    expect(await link.evaluate((a) => getComputedStyle(a).textDecorationLine)).toContain('underline');
    await noAxeViolations(page, 'link in own bubble');
  });

  it("3. an expired chat's data is gone from the device without any visitor action; a plain page load writes nothing", async () => {
    // Every storage write and removal the page makes, from its first script on.
    const RECORD = `(() => {
      const log = [];
      Object.defineProperty(window, '__storageLog', { value: log });
      const set = Storage.prototype.setItem;
      const remove = Storage.prototype.removeItem;
      Storage.prototype.setItem = function (key, value) { log.push('set ' + key); return set.call(this, key, value); };
      Storage.prototype.removeItem = function (key) { log.push('remove ' + key); return remove.call(this, key); };
    })();`;
    const { page, requests } = await demo({ scenario: 'happy-path', initScripts: [RECORD] });
    await chatButton(page).waitFor();
    const chatKeys = () =>
      page.evaluate(() =>
        Object.keys(localStorage)
          .filter((key) => key.startsWith('chatWidget:'))
          .sort(),
      );
    const storageLog = () => page.evaluate(() => (window as unknown as { __storageLog: string[] }).__storageLog);
    // A plain page load: the button is drawn, availability answered, nothing written.
    expect(await storageLog()).toEqual([]);
    expect(await chatKeys()).toEqual([]);

    // A chat that ended 10 minutes ago (refreshTimeoutSeconds is 300), with its personal details,
    // and a page's own keys of the spec's plain names.
    const tenMinutesAgo = String(Date.now() - 600_000);
    await page.evaluate((stamp) => {
      const stored: Record<string, string> = {
        'chatWidget:guid': '4242',
        'chatWidget:ak': 'key-4242',
        'chatWidget:lastChatRequestTimestamp': stamp,
        'chatWidget:lastActivityTimestamp': stamp,
        'chatWidget:customerDetails': JSON.stringify({
          firstName: 'Ada',
          email: 'ada@example.com',
          phone: '2025550143',
        }),
        'chatWidget:contextId': 'ctx-4242',
        'chatWidget:webChatUrl': 'ws://127.0.0.1:1/chat',
        'chatWidget:useLatestTDS': 'true',
        'chatWidget:initializers': '{}',
        'chatWidget:chatState': '{"participants":[]}',
        guid: 'page-own',
        contextId: 'page-own',
      };
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    }, tenMinutesAgo);
    const before = requests.length;
    await page.reload();
    await chatButton(page).waitFor();
    // No pointer over, no focus on, no click of the button: the chat's code never loaded.
    expect(requests.slice(before).filter((url) => /\/chunks\/(chat|mount|react)-/.test(url))).toEqual([]);
    expect(await chatKeys()).toEqual([]);
    expect(await page.evaluate(() => [localStorage.getItem('guid'), localStorage.getItem('contextId')])).toEqual([
      'page-own',
      'page-own',
    ]);
    // Only removals of what was there; nothing written (no 'chatWidget:migrated' either).
    expect((await storageLog()).filter((entry) => entry.startsWith('set '))).toEqual([]);
  });

  it.each(LOOKS)(
    '4. %s: keyboard users keep their place: triage by Enter and Space, Start chat, and End Chat? answers Escape as No and keeps Tab',
    async (look) => {
      const visit = english(look);
      const { triage, ui, core } = visit.catalogue;
      const { page } = await open(visit, 'happy-path', { triage: '1' });
      await chatButton(page).focus();
      await page.keyboard.press('Enter');
      const dialog = dialogOf(page);
      const vehicle = dialog.getByRole('button', {
        name: look === 'tds' ? triage.variant.vehicle : triage.main.vehicle,
      });
      await vehicle.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe(`h3#cw-topics-heading ${triage.headings.vehicle}`);
      await noAxeViolations(page, 'vehicle topics, focus on the heading');
      await dialog.getByRole('button', { name: triage.vehicle.placingAnOrder }).focus();
      await page.keyboard.press('Space');
      await expect.poll(() => focused(page)).toBe(`h3#cw-prechat-heading ${ui.preChatHeading}`);
      await fillPreChat(page, visit);
      await dialog.getByRole('button', { name: ui.startChat }).focus();
      await page.keyboard.press('Enter');
      // Through the loader and the queue, focus stays in the dialog and ends in the composer.
      const seen = new Set<string>();
      await expect
        .poll(
          async () => {
            const now = await focused(page);
            seen.add(now.split(' ')[0] as string);
            return now;
          },
          { timeout: 15_000, interval: 50 },
        )
        .toBe('textarea#cw-composer-input');
      expect([...seen].filter((what) => what === 'body' || what === 'page')).toEqual([]);
      await noAxeViolations(page, 'chat, focus in the composer');

      // 'End Chat?' from the keyboard: Escape in the composer asks.
      await page.keyboard.type('half a thought');
      await page.keyboard.press('Escape');
      const prompt = page.getByRole('alertdialog', { name: core.endChatPrompt });
      await prompt.waitFor();
      await expect.poll(() => focused(page)).toBe(`button ${ui.no}`);
      await noAxeViolations(page, 'End Chat?');
      // Tab and Shift+Tab go round its two answers, never to the header or the log.
      const stops: string[] = [];
      for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
        await page.keyboard.press(key);
        stops.push(await focused(page));
      }
      expect(stops).toEqual([ui.yes, ui.no, ui.yes, ui.no, ui.yes, ui.no].map((name) => `button ${name}`));
      // Escape is "No": the prompt goes, the widget stays open, the chat and the draft are kept.
      await page.keyboard.press('Escape');
      await prompt.waitFor({ state: 'detached' });
      expect(await dialog.isVisible()).toBe(true);
      await expect.poll(() => focused(page)).toBe('textarea#cw-composer-input');
      expect(await dialog.getByRole('textbox', { name: ui.typeMessage }).inputValue()).toBe('half a thought');
    },
  );

  it.each(LOOKS)(
    '5. %s: after a failed callback submit, typing the last field and clicking a product at once ticks it',
    async (look) => {
      const visit = english(look);
      const { forms, ui } = visit.catalogue;
      const { page } = await open(visit, 'chat-lite', { chat_lite: '1' });
      await chatButton(page).click();
      const form = page.getByRole('dialog', { name: ui.requestCallback });
      await form.getByRole('button', { name: ui.requestCallback }).click({ force: true });
      await form.getByText(/fields need your attention/).waitFor();
      await form.getByLabel(forms.labels.firstName).fill('Ada');
      await form.getByLabel(forms.labels.lastName).fill('Lovelace');
      await form.getByLabel(forms.labels.email).fill('ada@example.com');
      await form.getByLabel(forms.labels.phoneNumber).fill('2025550143');
      // The last field, typed: its 'required' line is stale until a blur or 2 s of quiet.
      const postal = form.getByLabel(forms.labels.postalCode);
      await postal.click();
      await page.keyboard.type('94105');
      expect(await postal.getAttribute('aria-invalid')).toBe('true');
      // At once, a real mouse press and release on the Model Y checkbox.
      const modelY = form.getByRole('checkbox', { name: 'Model Y' });
      // In view, as a visitor sees it before reaching for it (the wheel, not a focus change).
      await modelY.evaluate((box) => box.scrollIntoView({ block: 'center' }));
      const box = await modelY.boundingBox();
      if (box === null) throw new Error('no Model Y checkbox');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      // Between press and release nothing under the pointer moved.
      expect(await modelY.boundingBox()).toEqual(box);
      await page.mouse.up();
      expect(await modelY.isChecked()).toBe(true);
      // Then the stale error goes: the field is valid now.
      await expect.poll(() => postal.getAttribute('aria-invalid')).toBeNull();
      await noAxeViolations(page, 'callback form after a failed submit');
    },
  );

  it.each(LOOKS)('6. %s: the composer grows with the draft up to six lines (154 px), then scrolls', async (look) => {
    const visit = english(look);
    const { page } = await open(visit, 'happy-path');
    const composer = await chatting(page, visit);
    const size = () =>
      composer.evaluate((input) => ({
        height: input.getBoundingClientRect().height,
        clientHeight: input.clientHeight,
        scrollHeight: input.scrollHeight,
      }));
    const oneLine = await size();
    expect(oneLine.height).toBe(44);
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1} of the draft`).join('\n');
    await composer.fill(lines(5));
    const five = await size();
    // All five lines in view, none scrolled away.
    expect(five.scrollHeight).toBeLessThanOrEqual(five.clientHeight);
    expect(five.height).toBe(5 * 22 + 22);
    await composer.fill(lines(12));
    const twelve = await size();
    expect(twelve.height).toBe(154);
    expect(twelve.scrollHeight).toBeGreaterThan(twelve.clientHeight);
    // Sent, it is one line again.
    await composer.press('Enter');
    await expect.poll(async () => (await size()).height).toBe(44);
    await noAxeViolations(page, 'composer');
  });

  describe('7. the smaller items', () => {
    const LONG_NAME = `Alexandria ${'Konstantinopolous-'.repeat(17)}Smith`.slice(0, 300);
    const RLO_FILE = 'invoice-\u202Egnp.exe';
    const longNameScenario = () =>
      scenarioFile({
        name: 'issue21-long-name-rlo-file',
        story: 'An agent with a 300-character name joins and sends a file whose name carries a right-to-left override.',
        availability: AVAILABLE,
        agents: { long: { id: 'agent-9', name: LONG_NAME } },
        conversation: [
          { expect: 'requestChat' },
          CONFIRM,
          { join: 'long' },
          { say: { agent: 'long', text: 'Here is your invoice.' } },
          {
            frame: {
              apiVersion: '1.0',
              type: 'notification',
              body: {
                method: 'newAgentFileTransfer',
                agentName: LONG_NAME,
                name: RLO_FILE,
                uuid: 'f-1',
                workRequestId: '{{workRequestId}}',
              },
            },
          },
        ],
      });

    it.each([
      [english('classic'), { width: 1280, height: 800 }],
      [english('tds'), { width: 390, height: 844 }],
      [{ look: 'tds', locale: 'ar-ae', catalogue: ar } as Visit, { width: 1280, height: 800 }],
    ] as const)(
      '%# a long agent name leaves minimise and close clear; a file name cannot be reversed by its own characters',
      async (visit, viewport) => {
        const { page } = await demo({
          scenario: longNameScenario(),
          viewport,
          query: { variant: visit.look, locale: visit.locale },
        });
        await chatting(page, visit);
        const dialog = dialogOf(page);
        const title = dialog.locator('.cw-dialog__title');
        await expect.poll(() => title.textContent()).toBe(LONG_NAME);
        // The whole name is the heading's name for assistive technology; on screen it is cut.
        await dialog.getByRole('heading', { level: 2, name: LONG_NAME }).waitFor();
        expect(await title.evaluate((h) => h.scrollWidth > h.clientWidth)).toBe(true);
        expect(await title.evaluate((h) => getComputedStyle(h).textOverflow)).toBe('ellipsis');
        const titleBox = await title.boundingBox();
        for (const name of [visit.catalogue.ui.minimizeChat, visit.catalogue.ui.closeChat]) {
          const button = dialog.getByRole('button', { name, exact: true });
          const box = await button.boundingBox();
          if (titleBox === null || box === null) throw new Error(`no box for the title or ${name}`);
          const overlap =
            Math.min(titleBox.x + titleBox.width, box.x + box.width) - Math.max(titleBox.x, box.x) > 0 &&
            Math.min(titleBox.y + titleBox.height, box.y + box.height) - Math.max(titleBox.y, box.y) > 0;
          expect(overlap, `${name} covered by the title`).toBe(false);
          // What the pointer hits at the button's centre is the button.
          const hit = await page.evaluate(
            ([x, y]) => {
              const root = document.getElementById('chat-widget-host')?.shadowRoot;
              return root
                ?.elementFromPoint(x as number, y as number)
                ?.closest('button')
                ?.getAttribute('aria-label');
            },
            [box.x + box.width / 2, box.y + box.height / 2],
          );
          expect(hit).toBe(name);
        }
        // The sender line is one line too, and whole for assistive technology.
        const sender = dialog.locator('.cw-msg__sender').first();
        expect(await sender.textContent()).toBe(LONG_NAME);
        expect(await sender.evaluate((s) => s.getBoundingClientRect().height < 20)).toBe(true);

        // The file: "invoice-gnp.exe" reads left to right as sent, not as "invoice-exe.png".
        const download = dialog.locator('.cw-msg__download');
        await download.waitFor();
        const order = await download.evaluate((link) => {
          const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            const at = text.indexOf('gnp.exe');
            if (at === -1) continue;
            const rectOf = (index: number) => {
              const range = document.createRange();
              range.setStart(node, index);
              range.setEnd(node, index + 1);
              return range.getBoundingClientRect().left;
            };
            return {
              g: rectOf(at),
              x: rectOf(at + 5),
              controls: /[\u202A-\u202E\u2066-\u2069]/.test(link.textContent ?? ''),
            };
          }
          return null;
        });
        expect(order).not.toBeNull();
        expect(order?.controls).toBe(false);
        expect(order?.g ?? 0).toBeLessThan(order?.x ?? 0);
        await noAxeViolations(page, 'long agent name, file');
      },
    );

    it.each([english('classic'), english('tds'), { look: 'classic', locale: 'ar-ae', catalogue: ar } as Visit])(
      "%# 'Product Interested *' has the same space before its * as 'First Name *'",
      async (visit) => {
        const { page } = await open(visit, 'chat-lite', { chat_lite: '1' });
        await chatButton(page).click();
        const form = dialogOf(page);
        await form.locator('#cw-callback-firstName').waitFor();
        const gaps = await form.evaluate((dialog) => {
          const gap = (label: Element, mark: Element) => {
            const range = document.createRange();
            range.selectNodeContents(label.querySelector('.cw-field__label') ?? label);
            const text = range.getClientRects();
            const lastLine = text[text.length - 1] as DOMRect;
            const star = mark.getBoundingClientRect();
            // Right to left the * is on the left of the label.
            return Math.round(
              document.documentElement.dir === 'rtl' || getComputedStyle(mark).direction === 'rtl'
                ? lastLine.left - star.right
                : star.left - lastLine.right,
            );
          };
          const first = dialog.querySelector('#cw-callback-firstName')?.closest('.cw-field') as Element;
          const product = dialog.querySelector('fieldset.cw-field--group') as Element;
          const markOf = (field: Element) => field.querySelector('.cw-field__required') as Element;
          const legendText = product.querySelector('legend') as Element;
          const range = document.createRange();
          range.setStartBefore(legendText.firstChild as Node);
          range.setEndBefore(markOf(product));
          const rects = range.getClientRects();
          const last = rects[rects.length - 1] as DOMRect;
          const star = markOf(product).getBoundingClientRect();
          const rtl = getComputedStyle(product).direction === 'rtl';
          return {
            firstName: gap(first, markOf(first)),
            product: Math.round(rtl ? last.left - star.right : star.left - last.right),
          };
        });
        expect(gaps.product).toBeGreaterThanOrEqual(3);
        expect(Math.abs(gaps.product - gaps.firstName)).toBeLessThanOrEqual(1);
        await noAxeViolations(page, 'callback form');
      },
    );

    it.each([
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ])('the newer look sub-topic grid at %o: every entry a card of the same height, rows aligned', async (viewport) => {
      const visit = english('tds');
      const { page } = await demo({ scenario: 'happy-path', viewport, query: { variant: 'tds', triage: '1' } });
      await chatButton(page).click();
      await dialogOf(page).getByRole('button', { name: visit.catalogue.triage.variant.vehicle }).click();
      await dialogOf(page)
        .getByRole('heading', { name: visit.catalogue.triage.headings.vehicle, exact: true })
        .waitFor();
      const entries = await dialogOf(page)
        .locator('.cw-topics__item > .cw-topic')
        .evaluateAll((items) =>
          items.map((item) => {
            const box = item.getBoundingClientRect();
            const style = getComputedStyle(item);
            return {
              top: Math.round(box.top),
              height: Math.round(box.height),
              width: Math.round(box.width),
              border: style.borderTopColor !== 'rgba(0, 0, 0, 0)' && style.borderTopWidth !== '0px',
            };
          }),
        );
      expect(entries.length).toBeGreaterThanOrEqual(6);
      // Links out and topics alike are cards with an edge.
      expect(entries.filter((entry) => !entry.border)).toEqual([]);
      expect(new Set(entries.map((entry) => entry.height)).size).toBe(1);
      expect(new Set(entries.map((entry) => entry.width)).size).toBe(1);
      // Two to a row, each pair at the same height on the page.
      for (let i = 0; i + 1 < entries.length; i += 2) expect(entries[i]?.top).toBe(entries[i + 1]?.top);
      await noAxeViolations(page, 'vehicle sub-topics, newer look');
    });

    it.each(LOOKS)("%s: after a route cancel the card is not contradicted by 'Estimated wait'", async (look) => {
      const visit = english(look);
      const { page } = await open(visit, 'route-cancel');
      await chatButton(page).click();
      const dialog = dialogOf(page);
      // Offered with the wait, before the request.
      await dialog.getByText('Estimated wait: about 1 minute').waitFor();
      await fillPreChat(page, visit);
      await dialog.getByRole('button', { name: visit.catalogue.ui.startChat }).click();
      const card = dialog.getByRole('alert').filter({ hasText: visit.catalogue.core.noSuitableAgents });
      await card.waitFor({ timeout: 15_000 });
      expect(await dialog.getByText(/Estimated wait/).count()).toBe(0);
      // Focus is on the card that says what happened.
      await expect.poll(() => focused(page)).toContain(visit.catalogue.core.noSuitableAgents);
      await noAxeViolations(page, 'route cancelled');
    });

    it.each([english('classic'), english('tds'), { look: 'tds', locale: 'de-de', catalogue: de } as Visit])(
      '%# a chat a server error ended says so, not "Thank you for chatting with us"',
      async (visit) => {
        const { page } = await open(visit, 'server-error');
        const composer = await chatting(page, visit);
        await composer.fill('Hello');
        await composer.press('Enter');
        const { core, ui } = visit.catalogue;
        const card = dialogOf(page).locator('.cw-ended .cw-card');
        await card.waitFor({ timeout: 15_000 });
        expect(await card.locator('p').allTextContents()).toEqual([core.failureTitle, ui.chatEndedByError]);
        expect(await dialogOf(page).getByText(ui.thankYouTitle).count()).toBe(0);
        // The transcript keeps the server's own words.
        await dialogOf(page)
          .getByText(formatText(core.errorCode, 500, 'Internal error in the chat service'))
          .waitFor();
        // Focus moved from the composer, gone, to the card.
        await expect.poll(() => focused(page)).toContain(core.failureTitle);
        await noAxeViolations(page, 'chat ended by a server error');
      },
    );

    it.each([
      [english('classic'), { width: 390, height: 600 }],
      [english('tds'), { width: 390, height: 600 }],
      [{ look: 'classic', locale: 'zh-cn', catalogue: zhCN } as Visit, { width: 1280, height: 700 }],
    ] as const)(
      '%# after a failed submit, the first invalid field is shown with its label, below the header',
      async (visit, viewport) => {
        const { page } = await demo({
          scenario: 'happy-path',
          viewport,
          query: { variant: visit.look, locale: visit.locale },
        });
        await chatButton(page).click();
        const dialog = dialogOf(page);
        const start = dialog.getByRole('button', { name: visit.catalogue.ui.startChat });
        // Scrolled down to the button, the first field (empty) out of view above.
        await start.scrollIntoViewIfNeeded();
        await start.click({ force: true });
        const firstName = dialog.locator('#cw-prechat-firstName');
        await expect.poll(() => focused(page)).toMatch(/^input#cw-prechat-firstName/);
        const label = dialog.locator('label[for="cw-prechat-firstName"]');
        const [labelBox, headerBox, bodyBox] = await Promise.all([
          label.boundingBox(),
          dialog.locator('.cw-dialog__header').boundingBox(),
          dialog.locator('.cw-dialog__body').boundingBox(),
        ]);
        if (labelBox === null || headerBox === null || bodyBox === null) throw new Error('missing box');
        expect(labelBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
        expect(labelBox.y).toBeGreaterThanOrEqual(bodyBox.y);
        expect(await firstName.getAttribute('aria-invalid')).toBe('true');
        await noAxeViolations(page, 'failed submit');
      },
    );
  });
});
