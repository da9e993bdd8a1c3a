/**
 * Shared pieces of the browser benchmarks: an init script that keeps every WebSocket the
 * widget opens (so a benchmark can hand frames to the widget's own socket, as if the server
 * had sent them), and starting a chat on the demo page the way a visitor does.
 */
import type { Page } from 'playwright-core';
import { fillPreChatForm } from '../../e2e/harness.js';

/**
 * Runs before any page script: window.WebSocket becomes a subclass that records its
 * instances and the arrival times of the newMessage frames each receives; `__deliver(texts)`
 * hands frames to the newest socket's listeners (onmessage included) as MessageEvents.
 *
 * `__holdReplay(wanted)` arms a gate on the handler the widget sets (onmessage): from the
 * next frame on, frames are held, in order, until `wanted` newMessage frames are in; then
 * they are handed to the widget one per task (a posted message each, as a socket delivers
 * them) and `__replay.releasedAt` records when. That takes the browser's own socket transport
 * out of a measurement of the widget's work; everything after the gate is drained goes
 * straight through.
 */
export const SOCKET_TAP = `
(() => {
  // tsx (esbuild keepNames) wraps named functions in page.evaluate callbacks with __name().
  if (!('__name' in window)) Object.defineProperty(window, '__name', { value: (f) => f, enumerable: false });
  const Native = window.WebSocket;
  const sockets = [];
  const isNewMessage = (data) => typeof data === 'string' && data.includes('"newMessage"');
  let gate = null;
  const replay = { releasedAt: NaN };
  const drain = () => {
    replay.releasedAt = performance.now();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const next = gate.queue.shift();
      if (next === undefined) {
        gate = null;
        channel.port1.close();
        return;
      }
      next.handler(next.event);
      channel.port2.postMessage(null);
    };
    channel.port2.postMessage(null);
  };
  class Tapped extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      sockets.push(this);
      this.__newMessageArrivals = [];
      this.addEventListener('message', (e) => {
        if (isNewMessage(e.data)) this.__newMessageArrivals.push(performance.now());
      });
    }
    get onmessage() {
      return super.onmessage;
    }
    set onmessage(handler) {
      if (typeof handler !== 'function') {
        super.onmessage = handler;
        return;
      }
      super.onmessage = (event) => {
        if (gate === null) return handler(event);
        gate.queue.push({ handler, event });
        if (gate.held < gate.wanted && isNewMessage(event.data)) {
          gate.held += 1;
          if (gate.held === gate.wanted) drain();
        }
      };
    }
  }
  Object.defineProperty(window, 'WebSocket', { value: Tapped, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(window, '__sockets', { value: sockets, enumerable: false });
  Object.defineProperty(window, '__replay', { value: replay, enumerable: false });
  Object.defineProperty(window, '__holdReplay', {
    enumerable: false,
    value: (wanted) => {
      gate = { wanted, held: 0, queue: [] };
    },
  });
  Object.defineProperty(window, '__deliver', {
    enumerable: false,
    value: (texts) => {
      const ws = sockets[sockets.length - 1];
      for (const data of texts) ws.dispatchEvent(new MessageEvent('message', { data }));
    },
  });
})();
`;

/** From the button to the agent's greeting (the pre-chat form filled by its labels). */
export async function startChat(page: Page, greeting: RegExp): Promise<void> {
  await page.locator('.cw-fab').click();
  await fillPreChatForm(page);
  await page.getByRole('button', { name: 'Start chat' }).click();
  await page.getByText(greeting).first().waitFor({ timeout: 30_000 });
}

/** An agent newMessage notification, exactly as the mock's say step sends it. */
export function agentMessage(n: number, timestamp: number): string {
  return JSON.stringify({
    apiVersion: '1.0',
    type: 'notification',
    body: {
      method: 'newMessage',
      displayName: 'Sam',
      timestamp,
      senderType: 'live_agent',
      type: 'text',
      message: `Agent message number ${n}: the range is 350 miles and charging takes 30 minutes.`,
    },
  });
}

export { median } from '../../support/median.js';
