/**
 * Hostile content in real Chromium: every payload of the XSS corpus (101, filter-evasion
 * style) is sent by the mock contact centre as an agent message (text and widget type), an
 * agent display name, a file name, a file uuid and a file address (where download links come
 * from), and a customer line twice: replayed by the server as senderType customer, and typed
 * and sent by the visitor (the core keeps every character a customer types but control
 * characters, so the payloads reach the page intact and are rendered as text); and, in a queue
 * of its own, as an on-hold comfort message and an on-hold URL group (description and every
 * URL). A separate test puts them in the server-configured pre-chat form (preEngagementConfig:
 * labels, placeholders, select options, checkbox options) and sends a payload as the subject.
 * The corpus goes in four batches of every family, each a test of its own. The page has NO
 * Content-Security-Policy, so a payload that got into the DOM as markup would run. Then:
 * `window.__xss` was never called (any frame), no dialog opened, the shadow root holds no
 * script/iframe/object/embed/base/meta node and no `on*` attribute, every URL-valued attribute
 * in the widget resolves to http(s), every link is http(s), and the payloads are visible as
 * text (so they really were rendered).
 */
import { describe, expect, it } from 'vitest';
import { sanitizeMessage } from '../../../widget/core/chat/sanitize.js';
import { withoutDirectionControls } from '../../../widget/ui/isolate.js';
import { fillPreChatForm, visitWholeTranscript } from '../../e2e/harness.js';
import { reportFigure } from '../../support/bench-figure.js';
import { XSS_PAYLOADS, type XssPayload } from '../fixtures/xss-payloads.js';
import { chromiumPerFile, fab, type Opened } from './support/browser.js';

const DONE = 'XSS-BATCH-DONE';
/** Records every call of the payloads' sentinel in the top window, from any frame. */
const RECORDER = `
  window.__xssCalls = [];
  window.__xss = function (id) { try { (window.top.__xssCalls || window.__xssCalls).push(id); } catch (e) { window.__xssCalls.push(id); } };
`;

const notification = (body: Record<string, unknown>) => ({ apiVersion: '1.0', type: 'notification', body });

const AVAILABLE = { success: true, metrics: { EWT: '30', ResourceStaffedCount: '3' }, maxAttempts: 1 };

/** A scenario that puts each payload of the batch in every text an agent's side sends, then says DONE. */
function agentScenario(batch: readonly XssPayload[]): Record<string, unknown> {
  const agents: Record<string, unknown> = { closer: { id: 'agent-0', name: 'Closer' } };
  const perPayload: unknown[] = [];
  for (const p of batch) {
    agents[`a${p.id}`] = { id: `agent-${p.id}`, name: p.text };
    perPayload.push(
      { join: `a${p.id}` },
      { say: { agent: `a${p.id}`, text: p.text } },
      { say: { agent: `a${p.id}`, widget: { text: p.text } } },
      {
        frame: notification({
          method: 'newAgentFileTransfer',
          agentName: p.text,
          name: p.text,
          uuid: p.text,
          workRequestId: '{{workRequestId}}',
        }),
      },
      { frame: notification({ method: 'newAgentFileTransfer', agentName: p.text, name: p.text, address: p.text }) },
      {
        frame: notification({
          method: 'newMessage',
          displayName: p.text,
          timestamp: '{{now}}',
          senderType: 'customer',
          type: 'text',
          message: p.text,
        }),
      },
    );
  }
  return {
    name: 'xss-agent-texts',
    story: 'Every text an agent side sends carries an XSS payload.',
    availability: AVAILABLE,
    agents,
    conversation: [
      { expect: 'requestChat' },
      { send: 'requestChat', body: { intrinsics: { name: '{{customerName}}' } } },
      ...perPayload,
      { join: 'closer' },
      { say: { agent: 'closer', text: DONE } },
    ],
  };
}

/**
 * A queue that never ends, its comfort messages and URL group made of the batch's payloads.
 * The widget plays them at most once a second (server delays are clamped); the test runs the
 * page's clock ahead until every one has played, so nothing depends on how long that takes.
 */
function onHoldScenario(batch: readonly XssPayload[]): Record<string, unknown> {
  const first = batch[0] as XssPayload;
  return {
    name: 'xss-on-hold',
    story: 'A queue whose comfort messages and on-hold URLs are XSS payloads; no agent comes.',
    availability: AVAILABLE,
    conversation: [
      { expect: 'requestChat' },
      {
        send: 'requestChat',
        body: {
          intrinsics: { name: '{{customerName}}' },
          webOnHoldComfortGroups: [
            {
              groupName: first.text,
              delay: 1,
              numberOfMessages: batch.length,
              messages: batch.map((p, i) => ({ message: p.text, sequence: i + 1 })),
            },
          ],
          webOnHoldURLs: [
            {
              tag: first.text,
              description: first.text,
              holdTime: 1,
              sequence: 1,
              // One plain link, so the group plays (and shows its description) whatever the batch.
              urls: [{ url: 'https://www.example.com/help' }, ...batch.map((p) => ({ url: p.text }))],
            },
          ],
        },
      },
      { wait: 'forever' },
    ],
  };
}

interface Findings {
  calls: number[];
  dangerousNodes: string[];
  handlerAttributes: string[];
  badUrls: string[];
  links: number;
  text: string;
  onHold: number;
  downloads: number;
  senders: string[];
  customerLines: number;
}

/** Every alert/confirm/prompt the page opens, dismissed and recorded as "type: message". */
function recordDialogs(page: import('playwright-core').Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return dialogs;
}

/** Remembers the elements the page has now, so inspect() reports only nodes added later. */
async function markPageElements(page: import('playwright-core').Page): Promise<void> {
  await page.evaluate(() =>
    Object.defineProperty(window, '__pageElements', {
      value: new WeakSet(document.querySelectorAll('*')),
      enumerable: false,
    }),
  );
}

/** What one drawn part of the transcript shows (see inspect). */
interface Drawn extends Omit<Findings, 'links' | 'onHold' | 'downloads' | 'customerLines'> {
  links: string[];
  onHold: string[];
  downloads: string[];
  customerLines: string[];
}

/** The findings of what is drawn now, read from the widget's shadow root (and the page); messages by their place in the chat. */
async function inspectDrawn(page: import('playwright-core').Page): Promise<Drawn> {
  return page.evaluate(() => {
    const root = document.getElementById('chat-widget-host')?.shadowRoot;
    if (!root) throw new Error('no widget shadow root');
    // Elements of the host page that were there before the chat started are the page's own.
    const before = (window as unknown as { __pageElements: WeakSet<Element> }).__pageElements;
    const added = [...document.querySelectorAll('*')].filter((el) => !before.has(el) && el.id !== 'chat-widget-host');
    const all = [...root.querySelectorAll('*'), ...added];
    const dangerousNodes = [
      ...root.querySelectorAll('script, iframe, frame, object, embed, base, meta, link, form[action]'),
      ...added,
    ].map((el) => el.outerHTML.slice(0, 120));
    const handlerAttributes: string[] = [];
    const badUrls: string[] = [];
    const URL_ATTRIBUTES = [
      'href',
      'src',
      'action',
      'formaction',
      'xlink:href',
      'data',
      'srcdoc',
      'poster',
      'background',
    ];
    for (const el of all) {
      for (const attr of el.attributes) {
        if (attr.name.startsWith('on')) handlerAttributes.push(`${el.tagName} ${attr.name}=${attr.value.slice(0, 60)}`);
        if (!URL_ATTRIBUTES.includes(attr.name)) continue;
        let protocol = 'unparsable:';
        try {
          protocol = new URL(attr.value, document.baseURI).protocol;
        } catch {}
        if (attr.name === 'srcdoc' || (protocol !== 'http:' && protocol !== 'https:'))
          badUrls.push(`${el.tagName} ${attr.name}=${attr.value.slice(0, 80)}`);
      }
    }
    for (const a of root.querySelectorAll('a')) {
      if (a.protocol !== 'http:' && a.protocol !== 'https:') badUrls.push(`a.protocol ${a.protocol} ${a.href}`);
    }
    const place = (el: Element) => el.closest('[aria-posinset]')?.getAttribute('aria-posinset') ?? 'outside';
    const places = (selector: string) => [...root.querySelectorAll(selector)].map(place);
    return {
      calls: (window as unknown as { __xssCalls: number[] }).__xssCalls,
      dangerousNodes,
      handlerAttributes,
      badUrls,
      links: [...root.querySelectorAll('a[href]')].map((a) => `${place(a)} ${a.getAttribute('href')}`),
      text: root.textContent ?? '',
      onHold: places('.cw-msg--onhold'),
      downloads: places('.cw-msg--download'),
      senders: [...root.querySelectorAll('.cw-msg__sender')].map((el) => el.textContent ?? ''),
      customerLines: places('.cw-msg--customer'),
    };
  });
}

/**
 * Everything the assertions need, over the whole transcript: only part of a long one is drawn
 * (issue 24), so each part is shown in turn and read; a message counts once.
 */
async function inspect(page: import('playwright-core').Page): Promise<Findings> {
  const parts: Drawn[] = [];
  await visitWholeTranscript(page, async () => {
    parts.push(await inspectDrawn(page));
  });
  const union = (pick: (part: Drawn) => string[]) => [...new Set(parts.flatMap(pick))];
  return {
    calls: parts.at(-1)?.calls ?? [],
    dangerousNodes: union((p) => p.dangerousNodes),
    handlerAttributes: union((p) => p.handlerAttributes),
    badUrls: union((p) => p.badUrls),
    links: union((p) => p.links).length,
    text: parts.map((p) => p.text).join('\n'),
    onHold: union((p) => p.onHold).length,
    downloads: union((p) => p.downloads).length,
    senders: union((p) => p.senders),
    customerLines: union((p) => p.customerLines).length,
  };
}

const open = chromiumPerFile();

/**
 * Runs the page's clock a second at a time until every text has played as a comfort message
 * (the URL group plays between them), for at most two rounds of the group.
 */
async function playOnHoldAhead(page: import('playwright-core').Page, texts: readonly string[]): Promise<void> {
  const allShown = () =>
    page.evaluate((wanted) => {
      const shown = document.getElementById('chat-widget-host')?.shadowRoot?.textContent ?? '';
      return wanted.every((text) => shown.includes(text));
    }, texts);
  await page.locator('.cw-msg--onhold').first().waitFor();
  for (let i = 0; i < texts.length * 2 && !(await allShown()); i++) await page.clock.runFor(1_000);
}

/**
 * The barrier before inspecting: a control image with an inline onerror handler, added to the
 * widget's shadow root after everything the test sent is drawn, as a payload that got in as
 * markup would be. Its handler runs (inline handlers are allowed on this page, so a payload's
 * would be too), and an image error, whose load started earlier, has fired by then; two
 * animation frames more let focus and animation events (autofocus, SVG animate) have their
 * rendering step. The control is removed before inspect() looks. A payload that could run at
 * all is also in the DOM as a script-capable node or an on* attribute, which inspect() reports
 * whatever the timing.
 */
async function injectedWouldHaveRun(page: import('playwright-core').Page): Promise<void> {
  const ran = await page.evaluate(async () => {
    const root = document.getElementById('chat-widget-host')?.shadowRoot;
    if (!root) throw new Error('no widget shadow root');
    const w = window as unknown as { __xssControl?: () => void };
    const control = document.createElement('img');
    const handled = new Promise<boolean>((resolve) => {
      w.__xssControl = () => resolve(true);
      control.addEventListener('error', () => setTimeout(() => resolve(false)), { once: true });
    });
    control.setAttribute('onerror', 'window.__xssControl()');
    control.setAttribute('src', 'x');
    root.append(control);
    const result = await handled;
    control.remove();
    delete w.__xssControl;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return result;
  });
  expect(ran, "the control's inline onerror ran").toBe(true);
}

/**
 * Item 5's budget on one page: nothing ran or was injected, in any inspection, and (when
 * given) no payload is missing from the text. Reported as a figure, then asserted.
 */
function expectNothingRan(
  where: string,
  payloads: number,
  inspected: Findings[],
  dialogs: string[],
  missing?: number[],
): void {
  const sum = (pick: (f: Findings) => readonly unknown[]) => inspected.reduce((n, f) => n + pick(f).length, 0);
  const ran = sum((f) => f.calls);
  const nodes = sum((f) => f.dangerousNodes);
  const handlers = sum((f) => f.handlerAttributes);
  const badUrls = sum((f) => f.badUrls);
  reportFigure({
    item: '5',
    figure: `XSS, ${payloads} payloads in ${where}`,
    value: `${ran} ran, ${dialogs.length} dialogs, ${nodes} script-capable nodes, ${handlers} on* attributes, ${badUrls} non-http(s) URLs${missing ? `; ${missing.length} not shown as text` : ''}`,
    budget: 'nothing runs or is injected; links http(s) only',
    pass: ran + dialogs.length + nodes + handlers + badUrls + (missing?.length ?? 0) === 0,
  });
  for (const f of inspected) {
    expect(f.calls, 'payload ids that ran').toEqual([]);
    expect(f.dangerousNodes).toEqual([]);
    expect(f.handlerAttributes).toEqual([]);
    expect(f.badUrls).toEqual([]);
  }
  expect(dialogs).toEqual([]);
  if (missing) expect(missing, 'payloads not shown as text').toEqual([]);
}

/** Four batches, each of every family (payload i goes to batch i mod 4), each a test of its own. */
const BATCH_COUNT = 4;
const BATCHES = Array.from({ length: BATCH_COUNT }, (_, b) => XSS_PAYLOADS.filter((_, i) => i % BATCH_COUNT === b));
const eachBatch = BATCHES.map((batch, i) => [i + 1, batch] as const);

/** The demo page on `scenario`, its clock fake from the start, the chat started: the page, its dialogs, and the mock. */
async function startedChat(scenario: Record<string, unknown>): Promise<{ opened: Opened; dialogs: string[] }> {
  const opened = await open({ scenario, speed: 1, initScripts: [RECORDER], noGoto: true });
  const dialogs = recordDialogs(opened.page);
  const { page } = opened;
  await page.clock.install();
  await page.goto(opened.url);
  await fab(page).waitFor();
  await markPageElements(page);
  await fab(page).click();
  await fillPreChatForm(page);
  await page.getByRole('button', { name: 'Start chat' }).click();
  return { opened, dialogs };
}

describe(`given ${XSS_PAYLOADS.length} XSS payloads in every server-controlled text, in real Chromium without a CSP`, () => {
  it('the corpus has at least 100 payloads of all four families', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(XSS_PAYLOADS.map((p) => p.family))).toEqual(new Set(['tag', 'breakout', 'encoded', 'url']));
  });

  it('the sentinel works: the same payload given to innerHTML on a plain page does call __xss', async () => {
    const opened = await open({ scenario: 'unavailable', initScripts: [RECORDER] });
    try {
      const calls = await opened.page.evaluate(
        async (html) => {
          const div = document.createElement('div');
          div.innerHTML = html;
          document.body.append(div);
          // The payload's own image fails to load; listeners added now run after its onerror.
          const img = div.querySelector('img');
          if (img) await new Promise((resolve) => img.addEventListener('error', resolve, { once: true }));
          return (window as unknown as { __xssCalls: number[] }).__xssCalls;
        },
        (XSS_PAYLOADS[2] as XssPayload).text,
      );
      expect(calls).toEqual([3]);
    } finally {
      await opened.close();
    }
  });

  it('configured form fields (labels, placeholders, options from chatWidgetParams) and a subject line carry the payloads: none runs', async () => {
    const subject = XSS_PAYLOADS.find((p) => p.family === 'tag' && sanitizeMessage(p.text) !== '') as XssPayload;
    const select = XSS_PAYLOADS.map((p) => ({ value: `v${p.id}`, label: p.text }));
    const checkbox = XSS_PAYLOADS.slice(0, 20).map((p) => p.text);
    const scenario = {
      name: 'xss-configured-form',
      story: 'The pre-chat form comes from the server, every label and option a payload.',
      availability: {
        success: true,
        metrics: { EWT: '30', ResourceStaffedCount: '3' },
        maxAttempts: 1,
        chatWidgetParams: {
          preEngagementConfig: [
            { type: 'InputItem', attributes: { name: 'firstName', type: 'text', required: true }, label: 'First Name' },
            { type: 'InputItem', attributes: { name: 'email', type: 'email', required: true }, label: 'Email Address' },
            ...XSS_PAYLOADS.slice(0, 10).map((p) => ({
              type: 'InputItem',
              attributes: { name: `other${p.id}`, type: 'text', required: false, placeholder: p.text },
              label: p.text,
            })),
            { type: 'SelectItem', attributes: { name: 'pick', required: false }, label: subject.text, options: select },
            {
              type: 'CheckboxItem',
              attributes: { name: 'productInterested', required: false },
              label: subject.text,
              options: checkbox,
            },
            { type: 'InputItem', attributes: { name: 'subject', type: 'text', required: false }, label: 'Subject' },
          ],
        },
      },
      agents: { sam: { id: 'agent-7', name: 'Sam' } },
      conversation: [
        { expect: 'requestChat' },
        { send: 'requestChat', body: { intrinsics: { name: '{{customerName}}' } } },
        { join: 'sam' },
        { say: { agent: 'sam', text: DONE } },
      ],
    };
    const opened = await open({ scenario, speed: 10, initScripts: [RECORDER] });
    const dialogs = recordDialogs(opened.page);
    try {
      const { page } = opened;
      await fab(page).waitFor();
      await markPageElements(page);
      await fab(page).click();
      const form = page.getByRole('dialog', { name: 'Question Center' });
      await form.getByLabel('First Name').fill('Ada');
      await form.getByLabel('Email Address').fill('ada@example.com');
      await form.getByLabel('Subject').fill(subject.text);
      await injectedWouldHaveRun(page);
      const inForm = await inspect(page);
      expect(
        XSS_PAYLOADS.slice(0, 20)
          .filter((p) => !inForm.text.includes(p.text))
          .map((p) => p.id),
      ).toEqual([]);
      await form.getByRole('button', { name: 'Start chat' }).click();
      await page.getByText(DONE).waitFor();
      // The subject goes out once, after the first agent message, as a customer line.
      await page
        .locator('.cw-msg--customer')
        .filter({ hasText: sanitizeMessage(subject.text) })
        .waitFor();
      await injectedWouldHaveRun(page);
      const found = await inspect(page);
      expectNothingRan(
        'a server-configured pre-chat form and a subject line',
        XSS_PAYLOADS.length,
        [inForm, found],
        dialogs,
      );
    } finally {
      await opened.close();
    }
  });

  it.each(eachBatch)(
    'batch %i in agent messages, names, file transfers and customer lines: none runs, no script node or handler is injected, links are http(s), each shows as text',
    async (n, batch) => {
      const { opened, dialogs } = await startedChat(agentScenario(batch));
      try {
        const { page } = opened;
        await page.getByText(DONE).waitFor();
        // The customer's own lines (the optional subject goes out as one after the first agent
        // message): every payload typed and sent with Enter. The core sanitises what a
        // customer sends (section 5: control characters dropped, NFC; markup is kept, as
        // typed, and shown as text); a payload that is empty after that is not sent.
        const typed = batch.filter((p) => sanitizeMessage(p.text) !== '');
        const input = page.getByRole('textbox', { name: 'Type message' });
        for (const p of batch) {
          await input.fill(p.text);
          await input.press('Enter');
        }
        // Every line in: the last one typed is drawn as the newest (only the newest are drawn
        // at the end of a long transcript; inspect() reads all of it).
        await page.waitForFunction(
          (text) =>
            [...(document.getElementById('chat-widget-host')?.shadowRoot?.querySelectorAll('.cw-msg--customer') ?? [])]
              .at(-1)
              ?.textContent?.includes(text) === true,
          sanitizeMessage(typed.at(-1)?.text ?? ''),
        );
        await injectedWouldHaveRun(page);
        const found = await inspect(page);
        const missing = batch.filter((p) => !found.text.includes(p.text)).map((p) => p.id);
        expectNothingRan(
          `batch ${n}: agent messages, names, file names, customer and subject lines`,
          batch.length,
          [found],
          dialogs,
          missing,
        );
        // Each place really carried the payloads: file transfers, agent names, customer lines
        // (server-sent and typed). uuid transfers build a same-site download path (each shown);
        // an address that is not http(s) is reported by the core and not shown.
        expect(found.downloads).toBeGreaterThanOrEqual(batch.length);
        // Names lose their explicit direction controls (issue 21: an RLO in a name only deceives).
        expect(batch.filter((p) => !found.senders.includes(withoutDirectionControls(p.text))).map((p) => p.id)).toEqual(
          [],
        );
        expect(found.customerLines).toBeGreaterThanOrEqual(batch.length + typed.length);
        expect(typed.filter((p) => !found.text.includes(sanitizeMessage(p.text))).map((p) => p.id)).toEqual([]);
        expect(found.links, 'the download paths became links').toBeGreaterThan(0);
      } finally {
        await opened.close();
      }
    },
  );

  it.each(eachBatch)(
    'batch %i in on-hold comfort messages and URL groups: none runs, nothing is injected, links are http(s), each shows as text',
    async (n, batch) => {
      const { opened, dialogs } = await startedChat(onHoldScenario(batch));
      try {
        const { page } = opened;
        await playOnHoldAhead(
          page,
          batch.map((p) => p.text),
        );
        await injectedWouldHaveRun(page);
        const found = await inspect(page);
        const missing = batch.filter((p) => !found.text.includes(p.text)).map((p) => p.id);
        expectNothingRan(
          `batch ${n}: on-hold comfort messages and URL groups`,
          batch.length,
          [found],
          dialogs,
          missing,
        );
        // One comfort message per payload, and the URL group between them.
        expect(found.onHold).toBeGreaterThan(batch.length);
      } finally {
        await opened.close();
      }
    },
  );
});
