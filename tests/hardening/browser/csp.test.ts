/**
 * Issue 6 item 6, strict Content-Security-Policy: the demo page (its scripts are all
 * external files: page-config.js, the widget's embed.js, panel.js) is served with
 * `script-src 'self'` and nothing else for scripts: no 'unsafe-eval', no 'unsafe-inline'.
 * The whole happy path works (button, dialog, labelled form, chat with agent Sam, an answer,
 * 'End Chat?' Yes) and no securitypolicyviolation event fires: the listener is added before
 * any page script, on the document (the event is composed, so violations inside the
 * widget's shadow root reach it too). A positive control at the end proves the policy is
 * in force and the listener sees violations, and is the barrier the checks wait for.
 */
import { describe, expect, it } from 'vitest';
import { fillPreChatForm, sendMessage } from '../../e2e/harness.js';
import { reportFigure } from '../../support/bench-figure.js';
import { chromiumPerFile, fab } from './support/browser.js';

const POLICY = "script-src 'self'";

const LISTENER = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', function (e) {
    window.__cspViolations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' + (e.sourceFile || '') + ':' + e.lineNumber);
  }, true);
`;

const open = chromiumPerFile();

describe(`given the demo page served with Content-Security-Policy: ${POLICY}`, () => {
  it('the widget works from the button to End Chat and no securitypolicyviolation fires', async () => {
    const opened = await open({
      scenario: 'happy-path',
      speed: 10,
      pageHeaders: { 'Content-Security-Policy': POLICY },
      initScripts: [LISTENER],
      noGoto: true,
    });
    const cspConsole: string[] = [];
    opened.page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) cspConsole.push(m.text());
    });
    try {
      const { page } = opened;
      const response = await page.goto(opened.url);
      expect(response?.headers()['content-security-policy']).toBe(POLICY);
      await fab(page).click();
      const dialog = page.getByRole('dialog', { name: 'Question Center' });
      await dialog.waitFor();
      await fillPreChatForm(page);
      await dialog.getByRole('button', { name: 'Start chat' }).click();
      await page.getByText('An agent has joined the chat').first().waitFor();
      await page.getByText(/I'm Sam/).waitFor();
      await sendMessage(page, 'Can I book a test drive under a strict CSP?');
      await page.getByText(/Thanks for your message: "Can I book a test drive under a strict CSP\?"/).waitFor();
      await dialog.getByRole('button', { name: /close/i }).first().click();
      await page.getByText('End Chat?').waitFor();
      await page.getByRole('button', { name: 'Yes' }).click();
      await page.getByText('End Chat?').waitFor({ state: 'detached' });

      // Positive control, and the barrier for the checks below: an inline script is blocked
      // (it would have run as it was appended), and the block is reported to the same listener
      // and on the console. Each is delivered in order, so once the control's have arrived
      // every violation the widget caused before it has too.
      const controlConsole = page.waitForEvent('console', (m) => /inline script violates/.test(m.text()));
      const control = await page.evaluate(async () => {
        const w = window as unknown as { __cspViolations: string[]; __inlineRan?: boolean };
        const reported = new Promise<string>((resolve) =>
          document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true }),
        );
        const script = document.createElement('script');
        script.textContent = 'window.__inlineRan = true';
        document.body.append(script);
        if (w.__inlineRan === true) return { ran: true, directive: '', violations: w.__cspViolations.slice() };
        return { ran: false, directive: await reported, violations: w.__cspViolations.slice() };
      });
      expect(control.ran, 'the inline script ran').toBe(false);
      expect(control.directive).toMatch(/^script-src/);
      expect(control.violations.at(-1)).toMatch(/^script-src\S* inline /);
      const violations = control.violations.slice(0, -1);
      const controlMessage = (await controlConsole).text();
      const widgetConsole = cspConsole.filter((text) => text !== controlMessage);
      const widgetErrors = opened.errors.filter((text) => text !== controlMessage);
      expect(cspConsole.length - widgetConsole.length, 'the control on the console').toBe(1);
      reportFigure({
        item: '6',
        figure: `strict CSP (${POLICY}): button to End Chat on the demo page`,
        value: `completed; ${violations.length} securitypolicyviolation events, ${widgetConsole.length} CSP console messages, ${widgetErrors.length} errors`,
        budget: 'the widget works, no violation',
        pass: violations.length + widgetConsole.length + widgetErrors.length === 0,
      });
      expect(violations).toEqual([]);
      expect(widgetConsole).toEqual([]);
      expect(widgetErrors).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});
