/**
 * Issue 15's acceptance in real Chromium: the widget on the demo page talks to mock-chat serve
 * through `mock-chat proxy`. The proxy forwards the whole conversation unchanged, byte for
 * byte: the text of every frame the widget sent is the text the contact centre's side
 * received, and the other way round (a raw tap between the proxy and the contact centre
 * records that side, and slips in a frame whose bytes are not what JSON.stringify would write).
 * The proxy's recording is the same conversation, it reports a violation planted in the
 * contact centre's frames, and its capture, made into a scenario by `scenario from-capture`,
 * replays so that the widget shows the same messages.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { stringify } from 'yaml';
import { lineRecord } from '../../cli/check/records.js';
import { type MockServer, startMockServer } from '../../mock-server/index.js';
import type { CaptureRecord, FrameRecord } from '../../mock-server/proxy/capture.js';
import { type RunningProxy, startProxy } from '../../mock-server/proxy/proxy.js';
import { SessionSplitter } from '../../mock-server/scenario/capture-sessions.js';
import { scenarioFromSession } from '../../mock-server/scenario/from-capture.js';
import { WAIT_MS } from '../support/patience.js';
import { eventually, launchWithWidget, sendMessage, startChat, transcript } from './harness.js';

const dir = mkdtempSync(path.join(tmpdir(), 'mock-chat-proxy-'));
const capture = path.join(dir, 'through-proxy.jsonl');

/** The capture's records, as mock-chat reads them. */
const recorded = (): CaptureRecord[] =>
  readFileSync(capture, 'utf8')
    .split('\n')
    .flatMap((line, index) => (line.trim() === '' ? [] : [lineRecord(line, index + 1)]));

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

/**
 * A server frame with the bytes a real contact centre might write: spaces, its own key order.
 * The widget ignores a typing signal that is false.
 */
const ODD_BYTES =
  '{ "type" : "notification", "apiVersion":"1.0", "body" : { "isTyping" : false, "method" : "isTyping", "agentId" : "agent-7" } }';

interface Tap {
  url: string;
  /** The raw text of every frame the proxy sent on, in order. */
  toContactCentre: string[];
  /** The raw text of every frame sent to the proxy, in order. */
  toProxy: string[];
  close(): Promise<void>;
}

/** A transparent relay that keeps the raw text of every frame; after the first agent message it adds ODD_BYTES. */
async function startTap(target: string): Promise<Tap> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => wss.once('listening', resolve));
  const toContactCentre: string[] = [];
  const toProxy: string[] = [];
  let added = false;
  wss.on('connection', (proxySide, req) => {
    const upstream = new WebSocket(new URL(req.url ?? '/chat', target));
    const waiting: string[] = [];
    upstream.on('open', () => {
      for (const text of waiting.splice(0)) upstream.send(text);
    });
    proxySide.on('message', (data) => {
      const text = data.toString();
      toContactCentre.push(text);
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else waiting.push(text);
    });
    upstream.on('message', (data) => {
      const text = data.toString();
      toProxy.push(text);
      proxySide.send(text);
      if (!added && (JSON.parse(text) as { body?: { method?: string } }).body?.method === 'newMessage') {
        added = true;
        toProxy.push(ODD_BYTES);
        proxySide.send(ODD_BYTES);
      }
    });
    proxySide.on('close', () => upstream.close());
    upstream.on('close', () => proxySide.close());
  });
  const { port } = wss.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}/chat`,
    toContactCentre,
    toProxy,
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

let browser: Browser;
let widgetRoot: string;
let contactCentre: MockServer;
let tap: Tap;
let proxy: RunningProxy;
const proxyLog: string[] = [];

beforeAll(async () => {
  ({ browser, widgetRoot } = await launchWithWidget());
  contactCentre = await startMockServer({ scenario, port: 0, speed: 5, profile: 'strict', widgetRoot });
  tap = await startTap(contactCentre.socketUrl);
  proxy = await startProxy({
    target: tap.url,
    restTarget: contactCentre.url,
    profile: 'strict',
    record: capture,
    log: (line) => proxyLog.push(line),
  });
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await tap?.close();
  await contactCentre?.close();
});

/** The raw text of every frame the page's sockets sent and received, in order. */
interface Wire {
  sent: string[];
  received: string[];
}

function tapWire(page: Page, wire: Wire): void {
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => void wire.sent.push(String(payload)));
    socket.on('framereceived', ({ payload }) => void wire.received.push(String(payload)));
  });
}

/** Transcript lines without the time each message shows on its last line ('12:41 PM'). */
const withoutTimes = (lines: string[]) => lines.map((line) => line.replace(/\n[^\n]*\d:\d\d[^\n]*$/, ''));

async function chatOnce(url: string, wire?: Wire): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  if (wire) tapWire(page, wire);
  await page.goto(url);
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

  it('forwards a whole widget conversation byte for byte and reports the planted violation', async () => {
    const wire: Wire = { sent: [], received: [] };
    firstRun = await chatOnce(`${proxy.url}/`, wire);
    expect(firstRun.join('\n')).toContain("Hi Ada, I'm Sam.");
    // Frames still on their way when the page closed: wait until each side has seen what the other sent.
    const sent = wire.sent.slice();
    const received = tap.toProxy.slice();
    await eventually(
      async () => [tap.toContactCentre.length, wire.received.length],
      ([there, here]) => (there ?? 0) >= sent.length && (here ?? 0) >= received.length,
    );
    // The page left: the recording ends with the visitor's close, not one the proxy makes when it stops.
    await eventually(
      async () => proxy.counts().closedBy.client,
      (closed) => closed >= 1,
    );
    await proxy.close();
    // The proxy changed no byte, either way (the odd frame's text is not what JSON.stringify writes).
    expect(JSON.stringify(JSON.parse(ODD_BYTES))).not.toBe(ODD_BYTES);
    expect(received).toContain(ODD_BYTES);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(tap.toContactCentre.slice(0, sent.length)).toEqual(sent);
    expect(wire.received.slice(0, received.length)).toEqual(received);
    // The recording is the same conversation, frame by frame.
    const records = recorded();
    expect(records.filter((r) => r.kind === 'unusable')).toEqual([]);
    const frames = records.filter((r): r is FrameRecord => r.kind === 'frame');
    const client = frames.filter((f) => f.direction === 'client').map((f) => f.frame);
    const server = frames.filter((f) => f.direction === 'server').map((f) => f.frame);
    expect(client).toEqual(tap.toContactCentre.map((text) => JSON.parse(text)));
    expect(server).toEqual(tap.toProxy.map((text) => JSON.parse(text)));
    expect(proxyLog.find((line) => line.includes('✗'))).toMatch(
      /← server newMessage ✗ \/body\/timestamp must be integer/,
    );
    expect(proxy.counts().violations).toBe(1);
  });

  it('from-capture makes the recording a scenario; replayed, the widget shows the same messages', async () => {
    const splitter = new SessionSplitter();
    for (const record of recorded()) splitter.add(record);
    const [session, ...others] = splitter.finish().sessions;
    expect(others).toEqual([]);
    if (!session) throw new Error('the capture holds no chat session');
    const { scenario: replay } = scenarioFromSession(session, { name: 'replayed', source: 'through-proxy.jsonl' });
    const file = path.join(dir, 'replayed.yaml');
    writeFileSync(file, stringify(replay));
    const replayed = await startMockServer({ scenario: file, port: 0, speed: 5, profile: 'strict', widgetRoot });
    try {
      const secondRun = await chatOnce(`${replayed.url}/`);
      // The same messages; the times they show are this run's clock (a minute may turn between the runs).
      expect(withoutTimes(secondRun)).toEqual(withoutTimes(firstRun));
    } finally {
      await replayed.close();
    }
  });
});
