/**
 * Issue 25: a person plays the contact centre from mock-chat's agent console (/__mock/agent),
 * in real Chromium, two pages: the visitor on the demo site and the console. The visitor starts
 * a chat on live-agent and waits; the console joins and types (the visitor sees the typing
 * indicator), both write, the console transfers, a second agent joins, the console drops the
 * socket (the widget reconnects and renews), then ends the chat (the visitor sees the
 * thank-you card). And a scenario with a `live:` step validates and its session shows in the
 * console. Both pages keyboard-usable; the console axe clean.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type MockServer, startMockServer } from '../../mock-server/index.js';
import { runMockChat } from '../support/mock-chat-cli.js';
import { WAIT_MS } from '../support/patience.js';
import { type BuiltConsole, buildConsole } from './build-console.js';
import {
  chatButton,
  demoUrl,
  dialog,
  fillPreChatForm,
  launchWithWidget,
  screenshot,
  sendMessage,
  seriousViolations,
} from './harness.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser;
let widgetRoot: string;
let built: BuiltConsole;
const opened: { server: MockServer; contexts: BrowserContext[] }[] = [];

beforeAll(async () => {
  [{ browser, widgetRoot }, built] = await Promise.all([launchWithWidget(), buildConsole()]);
});

afterAll(async () => {
  for (const { server, contexts } of opened) {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await server.close();
  }
  await browser?.close();
  built?.remove();
});

/** A page of its own (a fresh context) whose console errors are collected. */
async function newPage(contexts: BrowserContext[], errors: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // axe comes in as an init script: the console's Content-Security-Policy refuses a script tag.
  await context.addInitScript({ content: AXE_SOURCE });
  context.setDefaultTimeout(WAIT_MS);
  contexts.push(context);
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return page;
}

/**
 * A mock serving the widget and the console, the console open in a page of its own. The
 * widget's own frames are held to the strict contract in its tests; a bare client is served
 * as `mock-chat serve` serves it (tolerant).
 */
async function serve(scenario: string, profile: 'strict' | 'tolerant' = 'strict') {
  const server = await startMockServer({
    scenario,
    speed: 10,
    profile,
    widgetRoot,
    consoleRoot: built.dir,
  });
  const contexts: BrowserContext[] = [];
  opened.push({ server, contexts });
  const errors: string[] = [];
  const agent = await newPage(contexts, errors);
  await agent.goto(`${server.url}/__mock/agent`);
  await agent.getByText('Live', { exact: true }).waitFor();
  return { server, contexts, errors, agent };
}

/** axe on the console: every violation, whatever its impact. */
async function axeViolations(page: Page): Promise<string[]> {
  expect(await seriousViolations(page)).toEqual([]);
  return page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v: any) => `${v.id} (${v.impact}): ${v.nodes.map((n: any) => n.target).join(' ')}`);
  });
}

const logLines = (agent: Page) => agent.getByRole('log').getByRole('listitem');

describe('the agent console', () => {
  it('visitor and console: join and type, write both ways, transfer, a second agent, a drop and renew, the end', async () => {
    const { errors, contexts, agent, server } = await serve('live-agent');
    const visitor = await newPage(contexts, errors);
    await visitor.goto(demoUrl(server, { query: { 'opt.retryInterval': '1000' } }));

    // The visitor starts a chat and waits in the queue.
    await chatButton(visitor).click();
    await fillPreChatForm(visitor);
    await dialog(visitor).getByRole('button', { name: 'Start chat' }).click();
    await dialog(visitor).getByText('Waiting for an agent…').waitFor();

    // It shows in the console, waiting for a person; chosen by keyboard.
    const chat = agent.getByRole('navigation', { name: 'Chats' }).getByRole('button', { name: /^Ada/ });
    await chat.waitFor();
    expect(await chat.textContent()).toContain('live-agent · waits for a person');
    // Said to a screen reader too.
    await agent
      .getByRole('status')
      .filter({ hasText: /^New chat: Ada, waiting \d+:\d\d \(live-agent\); it waits for a person to join$/ })
      .waitFor();
    await chat.focus();
    await agent.keyboard.press('Enter');
    await agent.getByRole('heading', { name: /^Ada guid \d+/ }).waitFor();
    expect(await axeViolations(agent)).toEqual([]);

    // The console joins as Jo (Enter in the name field), and types: the visitor sees Jo typing, then the message.
    await agent.getByLabel('Name').fill('Jo');
    await agent.getByLabel('Name').press('Enter');
    await visitor.getByText('An agent has joined the chat').first().waitFor();
    const message = agent.getByLabel('Message', { exact: true });
    await message.pressSequentially('Hello Ada, I am Jo. How can I help?');
    await visitor.getByText('Jo is typing').waitFor();
    await screenshot(visitor, 'agent-console-visitor-sees-typing');
    await message.press('Enter');
    await visitor.getByText('Hello Ada, I am Jo. How can I help?').waitFor();
    expect(await message.inputValue()).toBe('');

    // The visitor types (the console shows it) and writes.
    const input = dialog(visitor).getByRole('textbox', { name: 'Type message' });
    await input.pressSequentially('I would like a test drive');
    await agent.getByText('Ada is typing…').waitFor();
    await input.press('Enter');
    await logLines(agent).filter({ hasText: 'Ada: I would like a test drive' }).waitFor();
    await agent.getByText('Ada is typing…').waitFor({ state: 'detached' });
    await screenshot(agent, 'agent-console-chat');
    expect(await axeViolations(agent)).toEqual([]);

    // Jo transfers; Kim joins and writes.
    await agent.getByLabel('Reason').selectOption('transfer');
    await agent.getByRole('button', { name: 'Leave' }).click();
    await visitor.getByText('Your chat is being transferred to another agent').waitFor();
    await agent.getByLabel('Name').fill('Kim');
    await agent.getByRole('button', { name: 'Join' }).click();
    await logLines(agent).filter({ hasText: 'Kim joined as agent' }).waitFor();
    await message.fill('Kim here: Saturday at ten works.');
    await message.press('Enter');
    await visitor.getByText('Kim here: Saturday at ten works.').waitFor();
    await sendMessage(visitor, 'Great, see you then');
    await logLines(agent).filter({ hasText: 'Ada: Great, see you then' }).waitFor();

    // A drop: the widget reconnects and renews; the console sees the renew.
    await agent.getByLabel('Close code').selectOption('1006');
    await agent.getByRole('button', { name: 'Close socket' }).click();
    await visitor.getByText('Attempting to reconnect...').first().waitFor();
    await visitor.getByText('Successfully reconnected').first().waitFor();
    await logLines(agent).filter({ hasText: 'Ada reconnected (renewChat)' }).waitFor();

    // The end: the visitor sees the thank-you card; the console, the chat ended.
    await agent.getByRole('button', { name: 'End the chat' }).click();
    await visitor.getByText('Thank you for chatting with us').waitFor();
    await agent.getByText(/^Ended\. Scenario live-agent/).waitFor();
    await screenshot(visitor, 'agent-console-visitor-thank-you');
    await screenshot(agent, 'agent-console-ended');
    expect(await axeViolations(agent)).toEqual([]);

    // Every frame the console sent went through the contract check and the journal.
    const [report] = server.sessions({ direction: 'server' });
    const consoleFrames = report?.sent.filter((entry) => entry.note === 'agent console') ?? [];
    expect(consoleFrames.map((entry) => (entry.frame as any).body?.method)).toEqual(
      expect.arrayContaining(['newParticipant', 'isTyping', 'newMessage', 'participantLeave', 'closeConversation']),
    );
    expect(errors).toEqual([]);
  });

  it('a scenario with a live: step validates, and its session shows in the console waiting for a person', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'live-step-'));
    const file = path.join(folder, 'greet-then-live.yaml');
    writeFileSync(
      file,
      [
        'name: greet-then-live',
        'story: Sam greets, then a person at the agent console plays the chat.',
        'agents:',
        '  sam: { id: agent-7, name: Sam }',
        'conversation:',
        '  - expect: requestChat',
        '  - send: requestChat',
        '  - join: sam',
        '  - say: { agent: sam, text: "Hello from the script." }',
        '  - live: true',
        '',
      ].join('\n'),
    );
    const validated = await runMockChat(['validate', file], { cwd: folder });
    expect(validated).toMatchObject({ code: 0 });
    const { agent, server, errors } = await serve(file, 'tolerant');
    const socket = new WebSocket(server.socketUrl);
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(
      JSON.stringify({
        apiVersion: '1.0',
        type: 'request',
        authToken: '',
        body: { method: 'requestChat', intrinsics: { name: 'Lin' } },
      }),
    );
    try {
      const chat = agent.getByRole('navigation', { name: 'Chats' }).getByRole('button', { name: /^Lin/ });
      await chat.filter({ hasText: 'greet-then-live · waits for a person' }).waitFor();
      await agent
        .getByRole('status')
        .filter({ hasText: /Lin.*waits for a person to join/ })
        .waitFor();
      await chat.click();
      await logLines(agent).filter({ hasText: 'Sam: Hello from the script.' }).waitFor();
      // Sam is present: the console writes as Sam.
      expect(await agent.getByLabel('Speak as').inputValue()).toBe('agent-7');
      expect(await axeViolations(agent)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      socket.terminate();
    }
  });
});
