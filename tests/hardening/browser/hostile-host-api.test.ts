/**
 * Issue 14, hostile host pages that get in the widget's way without CSS, in real Chromium
 * (pages/hostile-api.html and .js, run before the widget): an element id="chatWidget" (so
 * window.chatWidget is that element), an enumerable Object.prototype.junk, a transformed
 * body, and host-owned localStorage keys named as the spec names the widget's (guid,
 * contextId, initializers). Each keeps a working widget and the page's storage untouched.
 */

import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import zhCN from '../../../widget/ui/i18n/catalogues/i18n-zh-CN.js';
import { chromiumPerFile, fab, type Opened, PAGES_ROOT } from './support/browser.js';

const openPage = chromiumPerFile();

const HOST_KEYS = { guid: 'host-guid-3f2a', contextId: 'host-checkout', initializers: '{"theme":"dark"}' };

async function open(query = ''): Promise<Opened & { requests: Request[] }> {
  const opened = await openPage({
    scenario: 'happy-path',
    demoRoot: PAGES_ROOT,
    path: `/hostile-api.html${query}`,
    noGoto: true,
  });
  const requests: Request[] = [];
  opened.page.on('request', (request) => requests.push(request));
  await opened.page.goto(`${opened.url}`);
  return { ...opened, requests };
}

async function hostStorage(opened: Opened): Promise<Record<string, string | null>> {
  return opened.page.evaluate(
    (keys) => Object.fromEntries(keys.map((key) => [key, localStorage.getItem(key)])),
    Object.keys(HOST_KEYS),
  );
}

describe('a host page in the way of the widget', () => {
  it('id="chatWidget", Object.prototype.junk and a transformed body: the widget mounts and works, and sends no junk', async () => {
    const opened = await open();
    try {
      const { page } = opened;
      await fab(page).waitFor();
      // The global is the widget's API, not the page's element; the element is still the page's.
      expect(
        await page.evaluate(() => typeof (window as unknown as { chatWidget: { init?: unknown } }).chatWidget.init),
      ).toBe('function');
      expect(await page.evaluate(() => document.getElementById('chatWidget')?.textContent)).toContain('own element');
      const availability = opened.requests.find((r) => r.url().endsWith('/conversation/check-availability-v2'));
      const body = new URLSearchParams(availability?.postData() ?? '');
      expect([...body.keys()].sort()).toEqual([
        'chatLiteFlag',
        'hideOnMobiles',
        'ifEnergyPage',
        'locale',
        'triagePreChat',
      ]);
      await fab(page).click();
      const dialog = page.getByRole('dialog', { name: 'Question Center' });
      await dialog.getByLabel('First Name').fill('Ada');
      await dialog.getByRole('button', { name: 'Close chat' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(opened.errors).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it('the country-data query on a zh-CN page carries locale and additional only', async () => {
    const opened = await open('?locale=zh-cn');
    try {
      const { page } = opened;
      await fab(page).click();
      // The zh-CN form: 'Question Center' and 'Province' in the page's language.
      await page.getByRole('dialog', { name: zhCN.ui.questionCenter }).getByLabel(zhCN.forms.labels.province).waitFor();
      const countryData = opened.requests.find((r) => r.url().includes('/cua-api/drive/country-data'));
      expect(countryData?.url()).toMatch(/\/cua-api\/drive\/country-data\?locale=zh_CN&additional=true$/);
    } finally {
      await opened.close();
    }
  });

  it('a transformed body does not take the fixed button along when the page scrolls', async () => {
    const opened = await open();
    try {
      const { page } = opened;
      await fab(page).waitFor();
      const before = await fab(page).boundingBox();
      await page.mouse.wheel(0, 1500);
      await page.waitForFunction(() => window.scrollY > 1000);
      const after = await fab(page).boundingBox();
      expect(before).not.toBeNull();
      expect(after).toEqual(before);
      expect(await page.evaluate(() => document.getElementById('chat-widget-host')?.parentElement?.tagName)).toBe(
        'HTML',
      );
    } finally {
      await opened.close();
    }
  });

  it("leaves the page's own guid, contextId and initializers untouched, through a chat and its end", async () => {
    const opened = await open();
    try {
      const { page } = opened;
      expect(await hostStorage(opened)).toEqual(HOST_KEYS);
      await fab(page).click();
      const dialog = page.getByRole('dialog', { name: 'Question Center' });
      await dialog.getByLabel('First Name').fill('Ada');
      await dialog.getByLabel('Email Address').fill('ada@example.com');
      await dialog.getByLabel('Phone Number').fill('2025550143');
      await dialog.getByLabel('Postal Code').fill('94105');
      await dialog.getByRole('button', { name: 'Start chat' }).click();
      await page.getByText('An agent has joined the chat').first().waitFor();
      expect(await page.evaluate(() => localStorage.getItem('chatWidget:guid'))).toMatch(/^\d+$/);
      expect(await hostStorage(opened)).toEqual(HOST_KEYS);
      await dialog.getByRole('button', { name: 'Close chat' }).click();
      await page.getByRole('button', { name: 'Yes' }).click();
      await page.waitForFunction(() => localStorage.getItem('chatWidget:guid') === null);
      expect(await hostStorage(opened)).toEqual(HOST_KEYS);
      // And a reload with the page's keys (and no chat of the widget's) resumes nothing.
      await page.reload();
      await fab(page).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await hostStorage(opened)).toEqual(HOST_KEYS);
    } finally {
      await opened.close();
    }
  });
});
