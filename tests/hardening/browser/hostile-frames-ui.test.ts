/**
 * In real Chromium: the same 20,000 hostile server frames as hostile-server-input.test.ts
 * (same generator and seed), handed to the widget's own socket on the demo page during a live
 * chat, one per task as a socket delivers them, with a valid agent message every 200. The page
 * keeps drawing (animation frames come while the flood goes on), each bad frame is reported
 * once (the widget's error hook logs it with console.error), no exception escapes to the page,
 * the valid messages are shown, and the visitor can still chat. How long a frame takes (99% of
 * them within one animation frame) is a figure for `npm run bench`, not a judgement of this
 * machine's load.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../widget/core/config/defaults.js';
import { fillPreChatForm, sendMessage, wholeTranscript } from '../../e2e/harness.js';
import { agentMessage, SOCKET_TAP } from '../../perf/browser/page-tools.js';
import { reportFigure } from '../../support/bench-figure.js';
import { hostileFrames } from '../support/hostile-frames.js';
import { chromiumPerFile, fab } from './support/browser.js';

const HOSTILE_FRAMES = 20_000;
const VALID_EVERY = 200;
/** As a socket delivers them: one frame per task. */
const PER_TASK = 1;
/**
 * The benchmark's budget: 99% of the frames handled within one animation frame. Not the
 * longest one: on a shared 2-core machine a single task now and then stalls for 50+ ms
 * whatever it runs (the OS or a collection), which says nothing about the widget.
 */
const FRAME_MS = 16;

/** Counts the Errors the widget reports (its browser error hook is console.error(error)). */
const ERROR_COUNTER = `
(() => {
  const original = console.error;
  window.__reported = 0;
  console.error = function (...args) {
    if (args[0] instanceof Error) window.__reported += 1;
    else original.apply(console, args);
  };
})();
`;

/**
 * What a socket's message event can carry, made JSON-safe for page.evaluate: strings as they
 * are (each distinct one sent once, frames refer to it by index), other values tagged.
 */
type Wire = { s: number } | { bytes: number[] } | { buffer: number[] } | { value: unknown };

function encode(): { strings: string[]; frames: Wire[] } {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const frames: Wire[] = [];
  const seen = (text: string) => {
    let i = index.get(text);
    if (i === undefined) {
      i = strings.push(text) - 1;
      index.set(text, i);
    }
    return i;
  };
  let n = 0;
  for (const frame of hostileFrames(HOSTILE_FRAMES, {
    seed: 20_261_121,
    oversizedBytes: DEFAULTS.maxIncomingFrameBytes + 1,
  })) {
    const data = frame.data;
    if (typeof data === 'string') frames.push({ s: seen(data) });
    else if (data instanceof Uint8Array) frames.push({ bytes: [...data] });
    else if (data instanceof ArrayBuffer) frames.push({ buffer: [...new Uint8Array(data)] });
    else frames.push({ value: data });
    n++;
    if (n % VALID_EVERY === 0) frames.push({ s: seen(agentMessage(n / VALID_EVERY, Date.now() + n)) });
  }
  return { strings, frames };
}

const open = chromiumPerFile();

describe('given 20,000 hostile server frames during a live chat in real Chromium', () => {
  it('the UI stays responsive, each is reported once, nothing escapes, and the chat goes on', async () => {
    const opened = await open({
      scenario: 'happy-path',
      speed: 10,
      initScripts: [SOCKET_TAP, ERROR_COUNTER],
    });
    try {
      const { page } = opened;
      await fab(page).click();
      await fillPreChatForm(page);
      await page.getByRole('button', { name: 'Start chat' }).click();
      await page.getByText(/I'm Sam/).waitFor();
      const { strings, frames } = encode();
      const valid = frames.length - HOSTILE_FRAMES;

      const flood = await page.evaluate(
        async ({ strings, frames, perTask }) => {
          const sockets = (window as unknown as { __sockets: WebSocket[] }).__sockets;
          const socket = sockets[sockets.length - 1] as WebSocket;
          const decode = (w: Wire): unknown =>
            's' in w
              ? strings[w.s]
              : 'bytes' in w
                ? new Uint8Array(w.bytes)
                : 'buffer' in w
                  ? new Uint8Array(w.buffer).buffer
                  : w.value;
          const channel = new MessageChannel();
          const tick = () =>
            new Promise((resolve) => {
              channel.port1.onmessage = resolve;
              channel.port2.postMessage(null);
            });
          let lastFrame = performance.now();
          let longestFrameGap = 0;
          let frameCount = 0;
          let flooding = true;
          const onFrame = (now: number) => {
            longestFrameGap = Math.max(longestFrameGap, now - lastFrame);
            lastFrame = now;
            frameCount++;
            if (flooding) requestAnimationFrame(onFrame);
          };
          requestAnimationFrame(onFrame);
          const before = (window as unknown as { __reported: number }).__reported;
          const started = performance.now();
          const tasks: number[] = [];
          for (let i = 0; i < frames.length; i += perTask) {
            const t0 = performance.now();
            for (const w of frames.slice(i, i + perTask)) {
              socket.dispatchEvent(new MessageEvent('message', { data: decode(w) }));
            }
            tasks.push(performance.now() - t0);
            await tick();
          }
          const framesDuringFlood = frameCount;
          tasks.sort((a, b) => a - b);
          const elapsed = performance.now() - started;
          await new Promise((resolve) => requestAnimationFrame(resolve));
          flooding = false;
          return {
            reported: (window as unknown as { __reported: number }).__reported - before,
            p99Task: tasks[Math.floor(tasks.length * 0.99)] as number,
            longestTask: tasks[tasks.length - 1] as number,
            longestFrameGap,
            framesDuringFlood,
            elapsed,
          };
        },
        { strings, frames, perTask: PER_TASK },
      );

      // The chat goes on: the valid messages are shown, the visitor sends, the agent answers.
      // Only part of a long transcript is drawn (issue 24): every message is read, drawn or not.
      const shownValid = (await wholeTranscript(page)).filter(
        (m) => m.kind === 'agent' && /^SamAgent message number \d+:/.test(m.text),
      ).length;
      await sendMessage(page, 'still here?');
      await page.getByText('Thanks for your message: "still here?"').waitFor();

      reportFigure({
        item: '4',
        figure: `hostile server input in real Chromium: ${HOSTILE_FRAMES} frames into the widget on the demo page, one per task`,
        value:
          `${flood.reported} reported, ${opened.errors.length} uncaught; ${shownValid} of ${valid} valid messages shown, the chat goes on; ` +
          `p99 task ${flood.p99Task.toFixed(2)} ms (longest ${flood.longestTask.toFixed(1)} ms), longest gap between frames ${flood.longestFrameGap.toFixed(0)} ms, ` +
          `${flood.framesDuringFlood} animation frames meanwhile, ${Math.round(frames.length / (flood.elapsed / 1000))} frames/s`,
        budget: 'each reported once, none uncaught, p99 task < 16 ms (one frame)',
        pass:
          flood.reported === HOSTILE_FRAMES &&
          opened.errors.length === 0 &&
          shownValid === valid &&
          flood.p99Task < FRAME_MS,
      });
      expect(flood.reported).toBe(HOSTILE_FRAMES);
      expect(opened.errors).toEqual([]);
      expect(shownValid).toBe(valid);
      expect(flood.framesDuringFlood, 'animation frames while the flood went on').toBeGreaterThan(0);
    } finally {
      await opened.close();
    }
  }, 120_000);
});
