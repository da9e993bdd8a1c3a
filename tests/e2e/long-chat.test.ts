/**
 * Issue 24, a constant cost per message, in real Chromium: a long transcript keeps only the
 * newest messages and the ones the visitor scrolls up to in the DOM, yet every message is
 * reachable (scrolling with the keyboard, or 'Show earlier messages'), each says its place in
 * the chat, the pill and the end-following rules are those of issue 12, and a chat past the
 * transcript cap says so above its first kept message.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TRANSCRIPT_CAP, TRANSCRIPT_DROP } from '../../widget/core/chat/transcript-cap.js';
import { agentMessage, SOCKET_TAP } from '../perf/browser/page-tools.js';
import { browserPerFile, dialog, eventually, seriousViolations, startChat, transcript } from './harness.js';

const demo = browserPerFile();

/** Hands agent messages first..last to the widget's socket as the server would send them, 100 per task. */
async function deliver(page: Page, first: number, last: number): Promise<void> {
  const base = Date.UTC(2026, 10, 27, 9);
  const frames: string[] = [];
  for (let n = first; n <= last; n++) frames.push(agentMessage(n, base + n * 1000));
  await page.evaluate(async (all) => {
    const w = window as unknown as { __deliver(texts: string[]): void };
    for (let i = 0; i < all.length; i += 100) {
      w.__deliver(all.slice(i, i + 100));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }, frames);
  await page.getByText(`Agent message number ${last}:`).waitFor();
}

/** The agent messages drawn, by their number, in the order they are drawn. */
async function drawnNumbers(page: Page): Promise<number[]> {
  const lines = await transcript(page);
  return lines.flatMap((line) => {
    const match = /Agent message number (\d+):/.exec(line);
    return match ? [Number(match[1])] : [];
  });
}

const log = (page: Page) => dialog(page).locator('.cw-log');

/** Waits until the transcript holds still (Page Up scrolls smoothly, over several frames). */
async function settled(page: Page): Promise<void> {
  await log(page).evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        let last = Number.NaN;
        let still = 0;
        const check = () => {
          still = el.scrollTop === last ? still + 1 : 0;
          last = el.scrollTop;
          if (still >= 3) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}
const drawnItems = (page: Page) => page.getByRole('log').getByRole('listitem').count();

describe('issue 24: a long chat at a constant cost', { timeout: 120_000 }, () => {
  it('draws only the newest messages; scrolling up with the keyboard reaches every one, in order, without losing the place', async () => {
    const { page } = await demo({ scenario: 'happy-path', initScripts: [SOCKET_TAP] });
    await startChat(page);
    await deliver(page, 1, 400);
    const newest = await drawnNumbers(page);
    expect(newest.at(-1)).toBe(400);
    expect(await drawnItems(page)).toBeLessThanOrEqual(60);
    // Each drawn message says its place in the whole chat; the total keeps growing (unknown).
    const last = page.getByRole('log').getByRole('listitem').last();
    expect(Number(await last.getAttribute('aria-posinset'))).toBeGreaterThanOrEqual(400);
    expect(await last.getAttribute('aria-setsize')).toBe('-1');
    expect(await seriousViolations(page)).toEqual([]);

    // Keyboard: the transcript takes focus and scrolls with Page Up; older blocks are drawn as it goes.
    await log(page).focus();
    const seen = new Set(newest);
    let most = 0;
    for (let presses = 0; presses < 400 && !seen.has(1); presses++) {
      const before = await log(page).evaluate((el) => {
        // The message at the top of the view, and where it is: drawing above must not move it.
        const box = el.getBoundingClientRect();
        const item = [...el.querySelectorAll('[role="listitem"]')].find(
          (i) => i.getBoundingClientRect().bottom > box.top + 1,
        );
        return { text: item?.textContent ?? '', top: item?.getBoundingClientRect().top ?? 0 };
      });
      await page.keyboard.press('PageUp');
      await settled(page);
      const numbers = await drawnNumbers(page);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      for (const n of numbers) seen.add(n);
      most = Math.max(most, await drawnItems(page));
      // Page Up moves the view by less than its height: the line that was at its top is still drawn.
      expect(await page.getByRole('log').getByText(before.text, { exact: true }).count()).toBeGreaterThan(0);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    expect(most).toBeLessThanOrEqual(150);

    // Scrolled up: a new message does not pull the list down; the pill says so, and it is in the log.
    const top = await log(page).evaluate((el) => el.scrollTop);
    await deliver(page, 401, 401);
    const pill = page.getByRole('button', { name: /1 new message/ });
    await pill.waitFor();
    expect(await log(page).evaluate((el) => el.scrollTop)).toBe(top);
    expect((await drawnNumbers(page)).at(-1)).toBe(401);
    await pill.click();
    await pill.waitFor({ state: 'detached' });
    expect(await log(page).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(40);
    // Back at the end: only the newest are drawn again.
    await eventually(
      () => drawnItems(page),
      (n) => n <= 60,
    );
    expect(await drawnItems(page)).toBeLessThanOrEqual(60);
  });

  it("'Show earlier messages' reaches the first kept message without a scroll; past the cap the transcript says older ones are gone", async () => {
    const { page } = await demo({ scenario: 'happy-path', initScripts: [SOCKET_TAP] });
    await startChat(page);
    const total = TRANSCRIPT_CAP + TRANSCRIPT_DROP / 2;
    await deliver(page, 1, total);
    const showEarlier = dialog(page).getByRole('button', { name: 'Show earlier messages' });
    // A screen reader user moves through the control, not the scroll bar.
    for (let clicks = 0; (await showEarlier.count()) > 0; clicks++) {
      expect(clicks).toBeLessThan(TRANSCRIPT_CAP / 10);
      await showEarlier.press('Enter');
    }
    const note = dialog(page).getByText(
      `Earlier messages are no longer shown: this chat keeps its latest ${TRANSCRIPT_CAP.toLocaleString('en')}.`,
    );
    await note.waitFor();
    const first = (await drawnNumbers(page))[0] as number;
    expect(first).toBeGreaterThan(1);
    expect(first).toBeLessThanOrEqual(total - TRANSCRIPT_CAP + TRANSCRIPT_DROP);
    expect(await drawnItems(page)).toBeLessThanOrEqual(150);
    // Focus stayed in the transcript when the control went.
    expect(
      await log(page).evaluate(
        (el) => el.getRootNode() instanceof ShadowRoot && el === (el.getRootNode() as ShadowRoot).activeElement,
      ),
    ).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
