/**
 * The widget core against `vendor-shapes`, the contact centre that writes every frame as the
 * vendor's documentation does, over a real socket on the core's clock (CoreClock), and against
 * the same contact centre when it never acknowledges. What the visitor sees of each documented
 * shape: the greeting without senderType and type, its time in epoch seconds, a confirmation
 * without workRequestId, error 1 refusing a message, a pushed page, closeConversation with
 * result true, the documented pong the widget does not take for one (it reconnects, closing
 * with 4001), and the renew refused with error 2.
 */
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { selectHeaderName } from '../../../widget/core/chat/selectors.js';
import type { ChatMessage, WidgetState } from '../../../widget/core/chat/state.js';
import { DEFAULTS } from '../../../widget/core/config/defaults.js';
import { STORAGE_KEYS } from '../../../widget/core/session/storage-keys.js';
import { TEXTS } from '../../../widget/core/texts.js';
import { scenarioFiles } from '../../support/scenario-files.js';
import { vendorShapesNeverAcknowledging } from '../../support/vendor-shapes.js';
import { customer, type Visit, visits } from './support/core-over-mock.js';

const open = visits();
const scenarioFile = scenarioFiles('vendor-shapes');

const SCENARIOS: [string, () => string][] = [
  ['vendor-shapes', () => 'vendor-shapes'],
  ['vendor-shapes, never acknowledging', () => scenarioFile(vendorShapesNeverAcknowledging())],
];

const GREETING = 'Hello, my name is Sam. How can I help you?';
/** Each customer message as `text:delivery`, a long text cut to its first 16 characters. */
const customerLines = (s: WidgetState) =>
  s.chat.messages.flatMap((m) =>
    m.kind === 'customer' ? [`${m.text.length > 30 ? `${m.text.slice(0, 16)}…` : m.text}:${m.delivery}`] : [],
  );
const find = (s: WidgetState, kind: ChatMessage['kind']): ChatMessage[] =>
  s.chat.messages.filter((m) => m.kind === kind);

/** How each of the visit's sockets closed: its code, and the reason the other side gave ('' when this side closed). */
function closes(v: Visit): Map<WebSocket, { code: number; reason: string }> {
  const seen = new Map<WebSocket, { code: number; reason: string }>();
  const watched = new Set<WebSocket>();
  const watch = () => {
    for (const socket of v.sockets) {
      if (watched.has(socket)) continue;
      watched.add(socket);
      socket.on('close', (code, reason) => seen.set(socket, { code, reason: String(reason) }));
    }
  };
  watch();
  v.core.subscribe(watch);
  return seen;
}

async function chatting(scenario: string): Promise<Visit> {
  const v = await open(scenario, { speed: 20 });
  v.core.start();
  await v.until((s) => s.availability.status === 'available');
  v.core.openDialog();
  v.core.startChat(customer);
  await v.until((s) => s.chat.messages.some((m) => 'text' in m && m.text === GREETING));
  return v;
}

describe.each(SCENARIOS)('%s: what the visitor sees of each documented frame', (_, scenarioFile) => {
  it("a confirmation without workRequestId confirms the chat (stored for a renew, no context id); the documented greeting is Sam's, at the time it was sent", async () => {
    const v = await chatting(scenarioFile());
    const state = v.state();
    expect(state.chat.status.kind).toBe('active');
    expect(selectHeaderName(state)).toBe('Sam');
    const storage = v.env.storage;
    expect(storage?.getItem(STORAGE_KEYS.guid)).toMatch(/^\d+$/);
    expect(storage?.getItem(STORAGE_KEYS.ak)).not.toBeNull();
    expect(storage?.getItem(STORAGE_KEYS.contextId)).toBeNull();
    // No senderType: the spec's catch-all ("others (response)"), named as sent; epoch seconds read as such.
    const [greeting] = find(state, 'other');
    expect(greeting).toMatchObject({ text: GREETING, displayName: 'Sam' });
    expect(Math.abs((greeting?.timestamp ?? 0) - v.clock.now())).toBeLessThan(60_000);
    expect(v.env.onError).not.toHaveBeenCalled();
  });

  it("error 1 refusing a message: failed with Retry, and the next message is the one delivered; Sam's pushed page is a link, the brochure a download", async () => {
    const v = await chatting(scenarioFile());
    // Within the widget's limit, over this server's (200 characters).
    v.core.sendMessage(`About the offers: ${'details '.repeat(30)}`);
    await v.until((s) => customerLines(s).some((line) => line.endsWith(':failed')));
    v.core.sendMessage('Tell me about your offers');
    const state = await v.until((s) => find(s, 'page').length > 0 && find(s, 'download').length > 0);
    await v.until((s) => customerLines(s).at(-1)?.endsWith(':delivered') === true);
    expect(customerLines(v.state())).toEqual(['About the offers…:failed', 'Tell me about your offers:delivered']);
    expect(find(v.state(), 'customer')[0]).toMatchObject({ failure: 'refused' });
    expect(find(state, 'page')).toMatchObject([{ displayName: 'Sam', url: 'https://www.example.com/offers' }]);
    expect(find(state, 'download')).toMatchObject([{ agentName: 'Sam', fileName: 'model-brochure.pdf' }]);
    // Retry sends it again; this server refuses it again, and it fails again, with Retry.
    const refused = find(v.state(), 'customer')[0];
    v.core.retryMessage(refused?.id ?? '');
    await v.until((s) => customerLines(s).at(-1) === 'About the offers…:failed');
  });

  it('goodbye: closeConversation with result true ends the chat and the widget closes the socket itself', async () => {
    const v = await chatting(scenarioFile());
    const closed = closes(v);
    v.core.sendMessage('Tell me about your offers');
    await v.until((s) => find(s, 'download').length > 0);
    v.core.sendMessage('Thanks, goodbye');
    await v.until((s) => s.chat.status.kind === 'ended');
    await v.until(() => closed.size === 1);
    expect(v.state().chat.status).toEqual({ kind: 'ended', reason: 'agentClosed' });
    // Closed by the widget, normally: the server's own close (5 s later) would carry its reason.
    expect([...closed.values()]).toEqual([{ code: 1000, reason: '' }]);
  });

  it('the documented pong is not taken for one: the widget reconnects closing with 4001; the renew refused with error 2 says the chat could not be resumed', async () => {
    const v = await chatting(scenarioFile());
    const closed = closes(v);
    v.core.sendMessage('Tell me about your offers');
    await v.until((s) => find(s, 'download').length > 0);
    // Past its session step (both rules set, waiting for a renew), the server answers pings with the
    // documented pong (a request); the liveness check then gives the socket up.
    await v.server.waitFor(([session]) => session?.position.rules.length === 2 && session.position.step === 'expect');
    await v.clock.advance(DEFAULTS.pingTimer + DEFAULTS.livenessTimeout);
    await v.until((s) => s.chat.connection.kind === 'reconnecting' && closed.has(v.sockets[0] as WebSocket));
    expect(closed.get(v.sockets[0] as WebSocket)).toEqual({ code: 4001, reason: '' });
    await v.clock.advance(DEFAULTS.retryInterval * 2);
    const state = await v.until((s) => s.chat.status.kind === 'ended');
    expect(state.chat.status).toEqual({ kind: 'ended', reason: 'notResumed' });
    expect(v.texts()).not.toContain(TEXTS.reconnected);
    expect(v.texts().at(-1)).toBe(TEXTS.chatNotResumed);
    expect(v.env.storage?.getItem(STORAGE_KEYS.guid)).toBeNull();
  });
});
