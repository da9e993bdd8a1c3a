/**
 * The vendor's reference client, as the protocol notes describe it (reference-client.ts, written
 * from the notes, not from the widget), plays its whole conversation against every built-in
 * scenario of one `mock-chat serve` (tolerant profile, the default; contract strict) and
 * completes each: no error frame, no frame it cannot read. "Completes" is the scenario's own
 * ending; for the scenarios that misbehave on purpose it is defined below and in the mock's
 * README ("What the reference client completes").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInScenarioNames, type MockServer, startMockServer } from '../../../mock-server/index.js';
import { type Ending, ReferenceClient } from './reference-client.js';

/** Every timer of the mock and of the client runs this many times faster. */
const SPEED = 200;

let server: MockServer;
const clients: ReferenceClient[] = [];

beforeAll(async () => {
  // One server for every scenario: a socket picks its scenario with ?scenario=NAME.
  server = await startMockServer({ scenario: builtInScenarioNames(), port: 0, speed: SPEED });
});

afterAll(async () => {
  for (const client of clients) client.stop();
  await server.close();
});

function play(scenario: string, options: { numericApiVersion?: boolean } = {}): ReferenceClient {
  const client = new ReferenceClient({ url: `${server.socketUrl}?scenario=${scenario}`, speed: SPEED, ...options });
  clients.push(client);
  client.start();
  return client;
}

type Script = (client: ReferenceClient, scenario: string) => Promise<void>;

/** Waits until an agent has written more than `count` messages. */
const agentWrote = (client: ReferenceClient, count: number) => client.until((c) => c.agentMessages.length > count);

/** The visitor writes and waits for an agent's next message. */
async function ask(client: ReferenceClient, text: string): Promise<void> {
  const before = client.agentMessages.length;
  client.say(text);
  await agentWrote(client, before);
}

/** The visitor ends the chat: closeConversation comes back and the server closes the socket. */
async function endChat(client: ReferenceClient): Promise<void> {
  client.endChat();
  await client.until((c) => c.finished);
  expect(client.ending).toEqual({ how: 'closeConversation', result: false });
}

/** Greeted, asks, is answered, ends the chat. */
const chat: Script = async (client) => {
  await agentWrote(client, 0);
  await ask(client, 'Can I book a test drive this Saturday?');
  await endChat(client);
};

/** routeCancel (after a confirmation or instead of one), then the server's close 1000. */
const routeCancel: Script = async (client) => {
  await client.until((c) => c.finished);
  expect(client.ending).toEqual({ how: 'routeCancel' });
};

/** Greeted, the visitor writes once, and the server ends the chat its own way. */
const serverEnds =
  (ending: Ending): Script =>
  async (client) => {
    await agentWrote(client, 0);
    client.say('Can you help?');
    await client.until((c) => c.finished);
    expect(client.ending).toEqual(ending);
  };

/**
 * What completes each scenario, and what the client must have read on the way. The scenarios
 * that misbehave on purpose end their own way; the README's table says why.
 */
const SCRIPTS: Record<string, Script> = {
  'happy-path': chat,
  'queue-on-hold': chat,
  typing: chat,
  'agent-transfer': chat,
  'bot-escalation': chat,
  'supervisor-barge': chat,
  'supervisor-observe': chat,
  'slow-availability': chat,
  'odd-enums': chat,
  showcase: chat,
  // Confirmed by a legacy newChatAcknowledgement first; the queue position comes unasked.
  'legacy-frames': async (client) => {
    await chat(client, 'legacy-frames');
    expect(client.queueStatus).toContainEqual({ positionInQueue: 2, estimatedWaitTime: 40 });
  },
  // The second tab never comes: the chat goes on in this one.
  'tab-transfer': chat,
  'file-transfer': async (client) => {
    await client.until((c) => c.files.length > 0);
    expect((await fetch(client.files[0] as string)).status).toBe(200);
    await ask(client, 'Thanks for the brochure.');
    await endChat(client);
  },
  // Nobody greets: the visitor writes first.
  'silent-agent': async (client) => {
    await client.until((c) => c.agents.size > 0);
    await ask(client, 'Hello?');
    await endChat(client);
  },
  'agent-closes': serverEnds({ how: 'agentEnded' }),
  'server-ends-chat': serverEnds({ how: 'serverClosed', code: 1000 }),
  // A drop mid-chat: the client renews (no requestFullTranscript) and is welcomed back.
  'network-drop': async (client) => {
    await agentWrote(client, 0);
    await ask(client, 'Is the car available?');
    const before = client.agentMessages.length;
    await client.until((c) => c.renews === 1 && c.agentMessages.length > before);
    await ask(client, 'Great, thanks.');
    await endChat(client);
  },
  // Three messages, a drop, a renew, and the chat goes on (no acknowledgements at all).
  'no-acks': async (client) => {
    await agentWrote(client, 0);
    for (const text of ['one', 'two', 'three']) await ask(client, text);
    const before = client.agentMessages.length;
    await client.until((c) => c.renews === 1 && c.agentMessages.length > before);
    await ask(client, 'four');
    await endChat(client);
  },
  // Five drops, each renewed; then the line holds and the chat goes on.
  flapping: async (client) => {
    await client.until((c) => c.renews === 5 && c.open, 20_000);
    await ask(client, 'Are you still there?');
    await endChat(client);
  },
  // Every reconnect is refused (HTTP 503): the client gives up after the notes' 200 tries.
  'reconnect-exhausted': async (client) => {
    await client.until((c) => c.finished, 30_000);
    expect(client.ending).toEqual({ how: 'gaveUp', tries: 200 });
    expect(client.drops).toBe(1);
  },
  // The socket goes half-open; the reference client, which the notes give no liveness check,
  // cannot tell: complete once the server reports the socket silent after Sam's answer.
  'half-open': async (client) => {
    await agentWrote(client, 0);
    await ask(client, 'Where is my order?');
    await server.waitFor((sessions) =>
      sessions.some((s) => s.guid === client.session?.guid && s.socket === 'half-open'),
    );
  },
  // Never confirmed: after the chat's maxWaitTime (10 s of the mock's time, two pings answered)
  // the client gives up, as any client with a wait limit does.
  'connect-timeout': async (client) => {
    await client.until((c) => c.sentRequest && c.pongs >= 2);
    expect(client.session).toBeUndefined();
  },
  // The scenario's point is the error: the only error frame is that one.
  'maintenance-503': async (client) => {
    await client.until((c) => c.finished);
    expect(client.ending).toEqual({ how: 'error', code: 503 });
  },
  'server-error': serverEnds({ how: 'error', code: 500 }),
  // The documented shapes, and the documented ending: closeConversation result true, the client closes.
  'vendor-shapes': async (client) => {
    await agentWrote(client, 0);
    await ask(client, 'Any offers this month?');
    await client.until((c) => c.pushedPages.length > 0 && c.files.length > 0);
    expect((await fetch(client.files[0] as string)).status).toBe(200);
    // Asked 3 s after queueing: second in the queue, or, had Sam joined first, served.
    expect([
      { positionInQueue: 2, estimatedWaitTime: 120 },
      { positionInQueue: 0, estimatedWaitTime: 0 },
    ]).toContainEqual(client.queueStatus[0]);
    client.say('Thanks, goodbye');
    await client.until((c) => c.finished);
    expect(client.ending).toEqual({ how: 'closeConversation', result: true });
  },
  // Nobody joins without a person at the agent console: the visitor waits in the queue (first,
  // about a minute, as asked 3 s in) and leaves it; the session waited for the console all along.
  'live-agent': async (client) => {
    await client.until((c) => c.queueStatus.length > 0);
    expect(client.queueStatus[0]).toEqual({ positionInQueue: 1, estimatedWaitTime: 60 });
    expect(client.agents.size).toBe(0);
    expect(server.sessions({ guid: client.session?.guid })[0]?.controlledBy).toBe('waiting');
    await endChat(client);
  },
  'route-cancel': routeCancel,
  unavailable: routeCancel,
  'no-agents': routeCancel,
  'chat-lite': routeCancel,
  'callback-failure': routeCancel,
  'callback-hangs': routeCancel,
  'availability-down': routeCancel,
};

/** The error frame a scenario is about, if it is about one. */
const EXPECTED_ERRORS: Record<string, number> = { 'maintenance-503': 503, 'server-error': 500 };

describe('the reference client completes every built-in scenario', () => {
  it('has a script for every built-in scenario', () => {
    expect(builtInScenarioNames().filter((name) => SCRIPTS[name] === undefined)).toEqual([]);
  });

  for (const scenario of builtInScenarioNames()) {
    // reconnect-exhausted waits out the notes' 200 tries, 3 s apart on the mock's clock.
    it(`${scenario}: no error frame, nothing it cannot read`, { timeout: 60_000 }, async () => {
      const client = play(scenario);
      await (SCRIPTS[scenario] as Script)(client, scenario);
      expect(client.unreadable).toEqual([]);
      const expected = EXPECTED_ERRORS[scenario];
      expect(client.errors.map((e) => e.code)).toEqual(expected === undefined ? [] : [expected]);
      if (client.session !== undefined) {
        // Both on-hold arrays were read at element 0, and the reference client's own requests answered.
        expect(client.onHold).toBeDefined();
        const report = server.sessions().find((s) => s.guid === client.session?.guid);
        const methods = report?.received.map((r) => (r.frame as { body: { method: string } }).body.method);
        // Sent once, on the first socket, right after the confirmation: flapping drops that socket
        // on the mock's schedule, so on a busy machine the frame may still be on its way then.
        if (scenario !== 'flapping') expect(methods).toContain('coBrowseStatus');
      }
      client.stop();
    });
  }

  it('happy-path with apiVersion sent as a number', async () => {
    const client = play('happy-path', { numericApiVersion: true });
    await chat(client, 'happy-path');
    expect(client.unreadable).toEqual([]);
    expect(client.errors).toEqual([]);
  });
});
