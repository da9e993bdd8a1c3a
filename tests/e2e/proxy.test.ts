/**
 * Issue 15's acceptance in real Chromium: the widget on the demo page talks to mock-chat serve
 * through `mock-chat proxy`. The proxy forwards the whole conversation unchanged (what the
 * contact centre received and sent is exactly what the proxy recorded), reports a violation
 * planted in the contact centre's frames, and its capture, made into a scenario by
 * `scenario from-capture`, replays so that the widget shows the same messages.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parseCapture } from '../../cli/check/read.js';
import { type MockServer, startMockServer } from '../../mock-server/index.js';
import { type RunningProxy, startProxy } from '../../mock-server/proxy/proxy.js';
import { scenarioFromCapture } from '../../mock-server/scenario/from-capture.js';
import { eventually, launchWithWidget, sendMessage, startChat, transcript } from './harness.js';

const dir = mkdtempSync(path.join(tmpdir(), 'mock-chat-proxy-'));
const capture = path.join(dir, 'through-proxy.jsonl');

const PLANTED = {
  apiVersion: '1.0',
  type: 'notification',
  body: {
    method: 'newMessage',
    displayName: 'Sam',
    timestamp: 'soon',
    senderType: 'live_agent',
    type: 'text',
    message: 'planted',
  },
};

const scenario = {
  name: 'proxied',
  story: 'Sam greets, a frame with a planted violation goes by, Sam answers each message.',
  availability: { success: true, metrics: { EWT: '30', ResourceStaffedCount: '3' }, maxAttempts: 1 },
  agents: { sam: { id: 'agent-7', name: 'Sam' } },
  conversation: [
    { expect: 'requestChat' },
    { send: 'requestChat', body: { intrinsics: { name: '{{customerName}}' } } },
    { wait: 0.5 },
    { join: 'sam' },
    { say: { agent: 'sam', text: "Hi {{customerName}}, I'm Sam." } },
    { frame: PLANTED, unchecked: true },
    { rule: { on: 'newMessage', steps: [{ say: { agent: 'sam', text: 'You asked: {{lastMessage}}' } }] } },
  ],
};

let browser: Browser;
let widgetRoot: string;
let contactCentre: MockServer;
let proxy: RunningProxy;
const proxyLog: string[] = [];

beforeAll(async () => {
  ({ browser, widgetRoot } = await launchWithWidget());
  contactCentre = await startMockServer({ scenario, port: 0, speed: 5, profile: 'strict', widgetRoot });
  proxy = await startProxy({
    target: contactCentre.socketUrl,
    profile: 'strict',
    record: capture,
    log: (line) => proxyLog.push(line),
  });
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await contactCentre?.close();
});

async function chatOnce(url: string): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(url, { timeout: 30_000 });
  await startChat(page);
  await sendMessage(page, 'Can I book a test drive?');
  const lines = await eventually(
    () => transcript(page),
    (items) => items.some((item) => item.includes('You asked: Can I book a test drive?')),
  );
  await context.close();
  return lines;
}

describe('mock-chat proxy between the widget and a contact centre', () => {
  let firstRun: string[];

  it('forwards a whole widget conversation unchanged and reports the planted violation', async () => {
    firstRun = await chatOnce(`${proxy.url}/`);
    expect(firstRun.join('\n')).toContain("Hi Ada, I'm Sam.");
    await proxy.close();
    const recorded = parseCapture('capture', readFileSync(capture, 'utf8'));
    expect(recorded.unusable).toEqual([]);
    const session = contactCentre.sessions()[0];
    const client = recorded.frames.filter((f) => f.direction === 'client').map((f) => f.frame);
    const server = recorded.frames.filter((f) => f.direction === 'server').map((f) => f.frame);
    expect(client).toEqual(session?.received.map((r) => r.frame));
    expect(server).toEqual(session?.sent.map((s) => s.frame));
    expect(proxyLog.find((line) => line.includes('✗'))).toMatch(
      /← server newMessage ✗ \/body\/timestamp must be integer/,
    );
    expect(proxy.counts().violations).toBe(1);
  });

  it('from-capture makes the recording a scenario; replayed, the widget shows the same messages', async () => {
    const replay = scenarioFromCapture(parseCapture('capture', readFileSync(capture, 'utf8')).frames, {
      name: 'replayed',
      source: 'through-proxy.jsonl',
    });
    const file = path.join(dir, 'replayed.yaml');
    writeFileSync(file, stringify(replay));
    const replayed = await startMockServer({ scenario: file, port: 0, speed: 5, profile: 'strict', widgetRoot });
    try {
      const secondRun = await chatOnce(`${replayed.url}/`);
      expect(secondRun).toEqual(firstRun);
    } finally {
      await replayed.close();
    }
  });
});
