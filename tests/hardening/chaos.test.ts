/**
 * Issue 6, item 3: nothing lost under faults. The real core (Node, the `ws` WebSocket, real
 * timers) talks to the real mock contact centre through a TCP proxy that breaks the network
 * at 50 seeded points of a 300-message conversation: abnormal closes (1006), server restarts
 * between frames (connections refused for a while) and drops during the renew itself. At the
 * end the visitor's transcript must equal the server's: 0 lost, 0 duplicated, order kept.
 *
 * Reproduce a failure with the seed it prints: CHAOS_SEED=<n> npx vitest run tests/hardening/chaos.test.ts
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer, type TranscriptEntry } from '../../mock-server/index.js';
import { createRandom } from '../../mock-server/random.js';
import { TEXTS } from '../../widget/core/texts.js';
import { customer, sharedStorage, type Visit, visit } from '../integration/core/support/core-over-mock.js';
import { reportFigure } from '../support/bench-figure.js';
import { type ChaosProxy, startChaosProxy } from './support/chaos-proxy.js';

const SEED = Number(process.env.CHAOS_SEED ?? 20261121);
const CUSTOMER_MESSAGES = 120;
const UNPROMPTED = 60;
/** Customer messages, one answer to each, and the agent's unprompted ones. */
const TOTAL = CUSTOMER_MESSAGES * 2 + UNPROMPTED;
const DROP_POINTS = 50;
/** Every wait below ends by itself: a deadline, never an open-ended loop. */
const DEADLINE_MS = 15_000;

/** The mock server's own seeded generator (mulberry32): a failing run replays exactly. */
function between(random: () => number, min: number, max: number): number {
  return Math.floor(min + random() * (max - min + 1));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Sam answers every customer message (a fresh uuid keeps each answer distinct) and talks on his own. */
function chaosScenario(random: () => number): Record<string, unknown> {
  const unprompted = Array.from({ length: UNPROMPTED }, (_, i) => [
    { wait: `${between(random, 60, 260)}ms` },
    { say: { agent: 'sam', text: `Unprompted ${i + 1}` } },
  ]).flat();
  return {
    name: 'chaos',
    story: 'Sam answers every customer message and writes on his own while the network keeps breaking.',
    availability: {
      success: true,
      metrics: { EWT: '30', ResourceStaffedCount: '3' },
      maxAttempts: 1,
      useLatestTDS: true,
      chatWidgetParams: { maxWaitTime: 600 },
    },
    agents: { sam: { id: 'agent-7', name: 'Sam', role: 'active_participant', senderType: 'live_agent' } },
    conversation: [
      { expect: 'requestChat' },
      { send: 'requestChat', body: { intrinsics: { name: '{{customerName}}' } } },
      { join: 'sam' },
      { rule: { on: 'newMessage', steps: [{ say: { agent: 'sam', text: 'Re: {{lastMessage}} ({{uuid}})' } }] } },
      ...unprompted,
    ],
  };
}

type Kind = 'abnormal' | 'restart' | 'renew';

/** The first wait that ran out of time (the run then winds down and reports), or null. */
let stalled: string | null = null;

/** Polls until the predicate holds; false (and `stalled` set) after the deadline or an earlier stall. */
async function until(what: string, predicate: () => boolean, timeoutMs = DEADLINE_MS): Promise<boolean> {
  const started = Date.now();
  while (!predicate()) {
    if (stalled !== null) return false;
    if (Date.now() - started > timeoutMs) {
      stalled = `timed out waiting for ${what}`;
      return false;
    }
    await sleep(5);
  }
  return true;
}

let server: MockServer | null = null;
let proxy: ChaosProxy | null = null;
let v: Visit | null = null;
afterEach(async () => {
  v?.core.dispose();
  await proxy?.close();
  await server?.close();
  v = null;
  proxy = null;
  server = null;
  stalled = null;
});

describe('chaos: nothing lost under faults (issue 6, item 3)', () => {
  it('300 messages, 50 drops: the visitor transcript equals the server transcript', { timeout: 90_000 }, async () => {
    const started = Date.now();
    const random = createRandom(SEED).next;
    server = await startMockServer({
      scenario: chaosScenario(random),
      port: 0,
      speed: 1,
      seed: SEED,
      profile: 'strict',
    });
    proxy = await startChaosProxy(server.port);
    const storage = sharedStorage();
    v = await visit('chaos', {
      server,
      storage,
      page: { options: { apiEndpointsDomain: proxy.url, retryInterval: 40, maxNumberOfRetries: 1000 } },
    });
    const chat = v;
    const net = proxy;
    const mock = server;
    chat.core.start();
    await chat.until((s) => s.availability.status === 'available');
    chat.core.openDialog();
    chat.core.startChat(customer);
    await chat.until((s) => s.chat.status.kind === 'active');
    const guid = Number(storage.items.get('guid'));
    const serverTranscript = (): TranscriptEntry[] => mock.transcript(guid) ?? [];

    // 50 distinct points of the conversation (server transcript sizes), each with a kind of fault.
    const points = new Set<number>();
    while (points.size < DROP_POINTS) points.add(between(random, 3, TOTAL - 15));
    const plan = [...points]
      .sort((a, b) => a - b)
      .map((at) => {
        const roll = random();
        const kind: Kind = roll < 0.4 ? 'abnormal' : roll < 0.7 ? 'restart' : 'renew';
        return { at, kind, downMs: between(random, 80, 400), mode: random() < 0.5 ? 'before' : 'after' } as const;
      });
    const gaps = Array.from({ length: CUSTOMER_MESSAGES }, () => between(random, 15, 110));
    const drops: Record<Kind, number> = { abnormal: 0, restart: 0, renew: 0 };

    const typing = (async () => {
      for (const [i, gap] of gaps.entries()) {
        chat.core.sendMessage(`Customer ${i + 1}`);
        await sleep(gap);
      }
    })();
    const chaos = (async () => {
      for (const point of plan) {
        if (!(await until(`transcript size ${point.at}`, () => serverTranscript().length >= point.at))) return;
        if (!(await until('a live socket to break', () => net.liveSockets > 0))) return;
        if (point.kind === 'abnormal') net.dropAll();
        if (point.kind === 'restart') await net.restart(point.downMs);
        if (point.kind === 'renew') {
          net.dropOnNextRenew(point.mode);
          net.dropAll();
          await until('the renew drop', () => !net.armed);
        }
        drops[point.kind] += 1;
      }
    })();
    await Promise.all([typing, chaos]);

    const shownTranscript = () =>
      chat
        .state()
        .chat.messages.flatMap((m) =>
          m.kind === 'customer' || m.kind === 'live_agent' || m.kind === 'bot' || m.kind === 'other'
            ? [`${m.kind}|${m.text}`]
            : [],
        );
    const pending = () => chat.state().chat.messages.filter((m) => m.kind === 'customer' && m.delivery === 'pending');
    await until(
      'the conversation to settle',
      () => serverTranscript().length >= TOTAL && shownTranscript().length >= TOTAL && pending().length === 0,
    );
    await sleep(200);

    const expected = serverTranscript().map((e) => `${e.senderType}|${e.message ?? ''}`);
    const shown = shownTranscript();
    const count = (list: string[]) => list.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());
    const shownCounts = count(shown);
    const expectedCounts = count(expected);
    const lost = [...expectedCounts].reduce((n, [x, c]) => n + Math.max(0, c - (shownCounts.get(x) ?? 0)), 0);
    const duplicated = [...shownCounts].reduce((n, [x, c]) => n + Math.max(0, c - (expectedCounts.get(x) ?? 0)), 0);
    const customerCount = expected.filter((e) => e.startsWith('customer|')).length;
    const dropped = drops.abnormal + drops.restart + drops.renew;
    const reconnects = chat.texts().filter((t) => t === TEXTS.reconnected).length;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const orderKept = JSON.stringify(shown) === JSON.stringify(expected);
    console.log(
      `chaos seed=${SEED}: messages=${expected.length} (customer ${customerCount}, agent ${expected.length - customerCount}) ` +
        `drops=${dropped}/${plan.length} (abnormal ${drops.abnormal}, restart ${drops.restart}, during renew ${drops.renew}) ` +
        `sockets killed=${net.killed.abnormal + net.killed.restart + net.killed.renew} reconnects=${reconnects} ` +
        `socket attempts=${chat.sockets.length} lost=${lost} duplicated=${duplicated} ` +
        `order kept=${orderKept} wall=${seconds}s` +
        (stalled === null ? '' : ` STALLED: ${stalled}`),
    );
    reportFigure({
      item: '3',
      figure: `chaos: ${TOTAL}-message conversation through ${DROP_POINTS} drops`,
      value:
        `${lost} lost, ${duplicated} duplicated, order ${orderKept ? 'kept' : 'BROKEN'} ` +
        `(${drops.abnormal} abnormal closes, ${drops.restart} server restarts, ${drops.renew} during the renew; ${seconds} s)`,
      budget: '0 lost, 0 duplicated, order kept',
      pass: stalled === null && lost === 0 && duplicated === 0 && orderKept && dropped === DROP_POINTS,
    });

    expect(stalled).toBeNull();
    expect(dropped).toBe(DROP_POINTS);
    expect(net.killed.renew).toBe(drops.renew);
    expect(expected).toHaveLength(TOTAL);
    // The server got every customer message exactly once, in the order typed.
    expect(expected.filter((e) => e.startsWith('customer|'))).toEqual(gaps.map((_, i) => `customer|Customer ${i + 1}`));
    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
    expect(shown).toEqual(expected);
    expect(pending()).toEqual([]);
    expect(chat.state().chat.status).toEqual({ kind: 'active' });
    expect(chat.env.onError).not.toHaveBeenCalled();
  });
});
