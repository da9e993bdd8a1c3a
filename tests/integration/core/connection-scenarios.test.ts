/** Drops, errors, cancels and tabs: the end state the visitor sees, per built-in scenario. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkClientFrame } from '../../../contract/frame-check.js';
import { selectHeaderName, selectMode } from '../../../widget/core/chat/selectors.js';
import { STORAGE_KEYS } from '../../../widget/core/session/storage-keys.js';
import { TEXTS } from '../../../widget/core/texts.js';
import { customer, recordedClientFrames, sharedStorage, type Visit, visits } from './support/core-over-mock.js';

const open = visits();
/** Fast reconnects: page options win over chatWidgetParams. */
const fastRetries = { options: { retryInterval: 300, maxNumberOfRetries: 3 } };
/** Well past the latest a retry could come with fastRetries: retryInterval plus the default 30 % jitter. */
const PAST_ANY_RETRY_MS = 1_000;

/**
 * No socket after this one: once the core has seen its socket close, its time is run past the
 * latest a retry could come (a retry is a timer of the core), and no socket was added.
 */
async function expectNoRetry(v: Visit): Promise<void> {
  await v.until(() => v.sockets.every((socket) => socket.readyState === socket.CLOSED));
  const before = v.sockets.length;
  await v.clock.advance(PAST_ANY_RETRY_MS);
  expect(v.sockets).toHaveLength(before);
}

async function started(scenario: string, options: Parameters<typeof open>[1] = {}) {
  const v = await open(scenario, options);
  v.core.start();
  await v.until((s) => s.availability.status === 'available');
  v.core.openDialog();
  v.core.startChat(customer);
  return v;
}

function kinds(v: Awaited<ReturnType<typeof open>>, kind: string): string[] {
  return v.state().chat.messages.flatMap((m) => (m.kind === kind && 'text' in m ? [m.text] : []));
}

describe('built-in scenarios over a real socket: connection', () => {
  it('network-drop: no customer message lost, no agent message shown twice', async () => {
    const record = join(mkdtempSync(join(tmpdir(), 'core-drop-')), 'frames.jsonl');
    const v = await started('network-drop', { page: fastRetries, record });
    await v.until(() => kinds(v, 'live_agent').length >= 1);
    v.core.sendMessage('Is the Model 3 available in blue?');
    await v.until((s) => s.chat.connection.kind === 'reconnecting');
    expect(v.texts()).toContain(TEXTS.attemptingReconnect);
    v.core.sendMessage('typed while offline 1');
    v.core.sendMessage('typed while offline 2');
    const pending = v
      .state()
      .chat.messages.filter((m) => m.kind === 'customer' && (m.delivery === 'sending' || m.delivery === 'queued'));
    expect(pending).toHaveLength(2);
    await v.until((s) => s.chat.connection.kind === 'online');
    await v.until(() => kinds(v, 'live_agent').some((t) => t.includes('typed while offline 2')));
    v.core.sendMessage('and one after');
    await v.until(() => kinds(v, 'live_agent').some((t) => t.includes('and one after')));
    const customerMessages = v.state().chat.messages.filter((m) => m.kind === 'customer');
    expect(customerMessages.map((m) => ('text' in m ? m.text : ''))).toEqual([
      'Is the Model 3 available in blue?',
      'typed while offline 1',
      'typed while offline 2',
      'and one after',
    ]);
    expect(customerMessages.every((m) => m.kind === 'customer' && m.delivery === 'delivered')).toBe(true);
    const agentMessages = kinds(v, 'live_agent');
    expect(new Set(agentMessages).size).toBe(agentMessages.length);
    expect(agentMessages).toContain('Welcome back, Ada. We got disconnected for a moment.');
    expect(v.texts()).toContain(TEXTS.reconnected);
    expect(v.state().chat.status).toEqual({ kind: 'active' });
    expect(v.sockets).toHaveLength(2);
    expect(v.env.onError).not.toHaveBeenCalled();
    // What reached the contact centre: each customer message exactly once, in order, renew first.
    await v.server.close();
    const frames = recordedClientFrames(record);
    expect(frames.every((frame) => checkClientFrame(frame).ok)).toBe(true);
    const methods = frames.map((f) => (f as { body: { method: string } }).body.method).filter((m) => m !== 'ping');
    expect(methods).toEqual(['requestChat', 'newMessage', 'renewChat', 'newMessage', 'newMessage', 'newMessage']);
    const wire = frames.flatMap((f) => {
      const body = (f as { body: { method: string; message?: string } }).body;
      return body.method === 'newMessage' ? [body.message] : [];
    });
    expect(wire).toEqual([
      'Is the Model 3 available in blue?',
      'typed while offline 1',
      'typed while offline 2',
      'and one after',
    ]);
  });

  it('reconnect-exhausted: a notice per attempt, then unable to reconnect; the chat ends', async () => {
    const v = await started('reconnect-exhausted', { page: fastRetries });
    await v.until((s) => s.chat.status.kind === 'active');
    const ended = await v.until((s) => s.chat.status.kind === 'ended');
    expect(ended.chat.status).toEqual({ kind: 'ended', reason: 'unableToReconnect' });
    expect(v.texts().filter((t) => t === TEXTS.attemptingReconnect)).toHaveLength(3);
    expect(v.texts().at(-1)).toBe(TEXTS.unableToReconnect);
    expect(v.env.storage?.getItem(STORAGE_KEYS.guid)).toBeNull();
  });

  it('route-cancel: No suitable agents could be found, back to the form, no retries', async () => {
    const v = await started('route-cancel', { page: fastRetries });
    await v.until((s) => selectMode(s) === 'chat');
    const state = await v.until((s) => s.statusCard !== null);
    expect(state.statusCard).toEqual({ tone: 'error', title: TEXTS.noSuitableAgents, body: TEXTS.failureBody });
    expect(selectMode(state)).toBe('logon');
    expect(state.views).toEqual(['form']);
    await expectNoRetry(v);
    expect(v.sockets).toHaveLength(1);
  });

  it('maintenance-503: the maintenance text on an error card, back to the form, no retries', async () => {
    const v = await started('maintenance-503', { page: fastRetries });
    const state = await v.until((s) => s.statusCard !== null);
    expect(state.statusCard).toEqual({ tone: 'error', title: TEXTS.failureTitle, body: TEXTS.maintenance });
    expect(selectMode(state)).toBe('logon');
    await expectNoRetry(v);
    expect(v.sockets).toHaveLength(1);
  });

  it('server-error: Error code 500 occurred (...), retries off, session cleared, socket closed', async () => {
    const v = await started('server-error', { page: fastRetries });
    await v.until(() => kinds(v, 'live_agent').length >= 1);
    expect(v.env.storage?.getItem(STORAGE_KEYS.guid)).not.toBeNull();
    v.core.sendMessage('Hello?');
    const ended = await v.until((s) => s.chat.status.kind === 'ended');
    expect(ended.chat.status).toEqual({ kind: 'ended', reason: 'error' });
    expect(v.texts()).toContain('Error code 500 occurred (Internal error in the chat service)');
    expect(v.texts().at(-1)).toBe(TEXTS.connectionClosed);
    expect(v.env.storage?.getItem(STORAGE_KEYS.guid)).toBeNull();
    await expectNoRetry(v);
    expect(v.sockets).toHaveLength(1);
  });

  it('connect-timeout: no confirmation within maxWaitTime → error card, loader hidden, back to the form; the service is told the visitor gave up', async () => {
    const v = await started('connect-timeout', { page: { options: { maxWaitTime: 6 } } });
    expect(selectMode(v.state())).toBe('loading');
    await v.server.waitFor((sessions) =>
      (sessions[0]?.received ?? []).some(
        (r) => (r.frame as { body: { method: string } }).body.method === 'requestChat',
      ),
    );
    // The core's time, run ahead: still waiting just before maxWaitTime, given up at it.
    await v.clock.advance(5_900);
    expect(selectMode(v.state())).toBe('loading');
    expect(v.state().statusCard).toBeNull();
    await v.clock.advance(100);
    const state = await v.until((s) => s.statusCard !== null);
    expect(selectMode(state)).toBe('logon');
    expect(state.statusCard).toEqual({ tone: 'error', title: TEXTS.failureTitle, body: TEXTS.failureBody });
    expect(state.chat.status).toEqual({ kind: 'idle' });
    // The service may hold the request in a queue: closeConversation went out before the socket closed.
    await v.server.waitFor((sessions) =>
      (sessions[0]?.received ?? []).some(
        (r) => (r.frame as { body: { method: string } }).body.method === 'closeConversation',
      ),
    );
  });

  it('tab-transfer: the new tab resumes with the full transcript once; the old tab is told it moved', async () => {
    const storage = sharedStorage();
    const first = await started('tab-transfer', { page: fastRetries, storage });
    await first.until(() => kinds(first, 'live_agent').length >= 1);
    first.core.sendMessage('Can I book a test drive?');
    await first.until(() => kinds(first, 'live_agent').length >= 2);
    // The second tab comes later on the browser's one clock: its request timestamp is the newer.
    await first.clock.advance(20);
    const second = await open('tab-transfer', { page: fastRetries, storage, server: first.server, clock: first.clock });
    second.core.start();
    expect(second.state().availability).toEqual({ status: 'resuming' });
    const moved = await first.until((s) => s.chat.status.kind === 'transferred');
    expect(moved.chat.messages.at(-1)).toMatchObject({ text: TEXTS.openedInAnotherTab });
    await second.until(() => kinds(second, 'live_agent').some((t) => t.includes('moved to another tab')));
    expect(second.texts()[0]).toBe(TEXTS.transferringSession);
    expect(kinds(second, 'customer')).toEqual(['Can I book a test drive?']);
    const replayed = kinds(second, 'live_agent');
    expect(new Set(replayed).size).toBe(replayed.length);
    expect(replayed.slice(0, 2)).toEqual(kinds(first, 'live_agent'));
    expect(second.texts()).not.toContain(TEXTS.reconnected);
    await expectNoRetry(first);
    expect(first.sockets).toHaveLength(1);
  });

  it('happy-path after a page refresh: the stored session resumes with the full transcript, nothing doubled', async () => {
    const storage = sharedStorage();
    const before = await started('happy-path', { storage });
    await before.until(() => kinds(before, 'live_agent').length >= 1);
    before.core.sendMessage('First question');
    await before.until(() => kinds(before, 'live_agent').length >= 2);
    // The page unloads without ending the chat: the socket goes away, the storage stays.
    before.core.dispose();
    const after = await open('happy-path', { storage, server: before.server, clock: before.clock });
    after.core.start();
    await after.until(() => kinds(after, 'live_agent').length >= 2);
    // The server replays the transcript as it takes the renew: past the pong of a later ping,
    // everything it sent for the renew has reached the core.
    await after.roundTrip();
    expect(after.texts()[0]).toBe(TEXTS.transferringSession);
    expect(kinds(after, 'customer')).toEqual(['First question']);
    expect(kinds(after, 'live_agent')).toEqual(kinds(before, 'live_agent'));
    // The replay says nothing about who is present; Sam's messages show he is: input enabled.
    expect(after.state().chat.status).toEqual({ kind: 'active' });
    expect(selectHeaderName(after.state())).toBe('Sam');
    after.core.sendMessage('Second question');
    await after.until(() => kinds(after, 'live_agent').some((t) => t.includes('Second question')));
  });
});
