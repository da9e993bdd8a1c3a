/**
 * Who the chat header names and whose messages carry a name, in real Chromium on the demo page
 * (spec section 2, the header; section 6, visibility): the agent who is present, an active agent
 * over a supervisor who barged in, nobody once the last agent left; an observing supervisor the
 * visibility rules hide speaks without a name; no Back button once a chat has started.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../../widget/ui/i18n/catalogues/i18n-en.js';
import { scenarioFiles } from '../support/scenario-files.js';
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

const scenarioFile = scenarioFiles('chat-header');

/**
 * Sam greets; supervisor Morgan barges in and writes; supervisor Jordan joins to observe (hidden
 * by default) and writes too. Each message of the visitor's moves the room on: Sam leaves, then
 * Morgan does; Jordan stays.
 */
const ROOM = {
  name: 'header-and-visibility',
  story: 'Sam, a barging supervisor and a hidden observing one; the agents leave one message apart.',
  availability: {
    success: true,
    metrics: { EWT: '30', ResourceStaffedCount: '3' },
    maxAttempts: 1,
    useLatestTDS: true,
    chatWidgetParams: { maxWaitTime: 600 },
  },
  agents: {
    sam: { id: 'agent-7', name: 'Sam', role: 'active_participant', senderType: 'live_agent' },
    morgan: { id: 'supervisor-2', name: 'Morgan', role: 'supervisor_barge', senderType: 'live_agent' },
    jordan: { id: 'supervisor-5', name: 'Jordan', role: 'supervisor_observe', senderType: 'live_agent' },
  },
  conversation: [
    { expect: 'requestChat' },
    { send: 'requestChat', body: { intrinsics: { name: '{{customerName}}' }, isEmailValid: true } },
    { join: 'sam' },
    { say: { agent: 'sam', text: "Hi, I'm Sam." } },
    { join: 'morgan' },
    { say: { agent: 'morgan', text: "I'm Morgan, Sam's supervisor." } },
    { join: 'jordan' },
    { say: { agent: 'jordan', text: 'Noted for coaching.' } },
    { expect: 'newMessage' },
    { leave: { agent: 'sam', reason: 'other' } },
    { expect: 'newMessage' },
    { leave: { agent: 'morgan', reason: 'other' } },
  ],
};

const header = (page: Page) => dialog(page).getByRole('heading', { level: 2 });
const log = (page: Page) => page.getByRole('log');
/** The sender name shown on the message with this text ('' when it is shown without one). */
const senderOf = async (page: Page, text: string) => {
  const item = log(page).getByRole('listitem').filter({ hasText: text });
  await item.waitFor();
  const name = item.locator('.cw-msg__sender');
  return (await name.count()) === 0 ? '' : ((await name.textContent()) ?? '');
};
const agentLeftNotices = (page: Page) => log(page).getByText(en.core.agentLeft).count();

async function noticesUntil(page: Page, count: number): Promise<void> {
  await log(page)
    .getByText(en.core.agentLeft)
    .nth(count - 1)
    .waitFor();
}

describe('the chat header and visibility', () => {
  it('an active agent over a barging supervisor; the supervisor once the agent left; nobody after the last; a hidden observer speaks without a name', async () => {
    const { page } = await demo({ scenario: scenarioFile(ROOM) });
    await startChat(page);
    await log(page).getByText('Noted for coaching.').waitFor();
    // Morgan barged in and wrote, under their name; the header stays Sam's.
    expect(await senderOf(page, "I'm Morgan, Sam's supervisor.")).toBe('Morgan');
    expect(await header(page).textContent()).toBe('Sam');
    // Jordan observes, hidden by the visibility rules: no join notice, no name, not in the header.
    expect(await log(page).getByText(en.core.agentJoined).count()).toBe(2);
    expect(await senderOf(page, 'Noted for coaching.')).toBe('');
    expect(await log(page).getByText('Jordan').count()).toBe(0);
    await screenshot(page, 'chat-header-barge-and-observer');

    await sendMessage(page, 'Sam, are you still there?');
    await noticesUntil(page, 1);
    expect(await header(page).textContent()).toBe('Morgan');

    await sendMessage(page, 'Hello?');
    await noticesUntil(page, 2);
    expect(await agentLeftNotices(page)).toBe(2);
    // Only hidden Jordan is left: the header names nobody.
    expect(await header(page).textContent()).toBe(en.ui.questionCenter);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('supervisor-barge (the polite mock): Morgan writes under their name, the header stays Sam', async () => {
    const { page } = await demo({ scenario: 'supervisor-barge' });
    await startChat(page);
    expect(await senderOf(page, "I'm Morgan, Sam's supervisor")).toBe('Morgan');
    expect(await header(page).textContent()).toBe('Sam');
  });

  it('agent-closes: once Sam has left, the header no longer names him', async () => {
    const { page } = await demo({ scenario: 'agent-closes' });
    await startChat(page);
    expect(await header(page).textContent()).toBe('Sam');
    await sendMessage(page, 'That is all, thanks');
    await dialog(page).getByText(en.ui.thankYouTitle).waitFor();
    expect(await header(page).textContent()).toBe(en.ui.questionCenter);
  });

  it('triage: Back while choosing, none in the chat (it did nothing there)', async () => {
    const { page } = await demo({ scenario: 'happy-path', query: { triage: '1', variant: 'classic' } });
    await chatButton(page).click();
    await dialog(page).getByRole('button', { name: 'Chat with a Live Agent' }).click();
    const back = dialog(page).getByRole('button', { name: 'Back' });
    await back.waitFor();
    await fillPreChatForm(page);
    await dialog(page).getByRole('button', { name: 'Start chat' }).click();
    await page.getByText('An agent has joined the chat').first().waitFor();
    expect(await back.count()).toBe(0);
  });
});
