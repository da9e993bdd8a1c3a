/**
 * One test per built-in scenario: a real ws client (and fetch for REST) asserting the
 * frames and answers the scenario's story promises. happy-path has its own file.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../../generated/chat-socket.js';
import { builtInScenarioNames, loadScenario, type MockServer } from '../../../mock-server/index.js';
import { checkAvailability, frames, isError, isNotification, start, TestClient } from './client.js';

let server: MockServer | undefined;
const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await server?.close();
  server = undefined;
});

async function open(scenario: string, speed = 40): Promise<{ server: MockServer; client: TestClient }> {
  server = await start(scenario, { speed });
  const client = await TestClient.connect(server.socketUrl);
  clients.push(client);
  return { server, client };
}

async function connect(url: string): Promise<TestClient> {
  const client = await TestClient.connect(url);
  clients.push(client);
  return client;
}

const body = (frame: ServerFrame) => frame.body as Record<string, any>;

const CALLBACK = {
  formId: '179',
  formType: 'legacy',
  formLocale: 'en-US',
  formData: {
    fields: [
      { name: 'firstName', value: 'Ada' },
      { name: 'phone', value: { country: 'US', code: '1', number: '2025550143' } },
      { name: 'productInterested', value: ['Model 3'] },
    ],
  },
};

function postCallback(url: string) {
  return fetch(`${url}/cua-api/forms/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CALLBACK),
  });
}

it('covers every built-in scenario with a test below (happy-path in its own file, the misbehaving ones in misbehaving.test.ts, live-agent in agent-console.test.ts)', () => {
  expect(builtInScenarioNames()).toEqual([
    'agent-closes',
    'agent-transfer',
    'availability-down',
    'bot-escalation',
    'callback-failure',
    'callback-hangs',
    'chat-lite',
    'connect-timeout',
    'file-transfer',
    'flapping',
    'half-open',
    'happy-path',
    'legacy-frames',
    'live-agent',
    'maintenance-503',
    'network-drop',
    'no-acks',
    'no-agents',
    'odd-enums',
    'queue-on-hold',
    'reconnect-exhausted',
    'route-cancel',
    'server-ends-chat',
    'server-error',
    'showcase',
    'silent-agent',
    'slow-availability',
    'supervisor-barge',
    'supervisor-observe',
    'tab-transfer',
    'typing',
    'unavailable',
    'vendor-shapes',
  ]);
});

it('confirms every chat with both on-hold arrays, each with an element 0 (the reference client reads it)', () => {
  for (const name of builtInScenarioNames()) {
    const requestChats = loadScenario(name)
      .conversation.filter((step) => step.kind === 'send')
      .map((step) => (step as { frame: { body: Record<string, unknown> } }).frame.body)
      .filter((sent) => sent.method === 'requestChat');
    for (const sent of requestChats) {
      expect((sent.webOnHoldComfortGroups as unknown[] | undefined)?.length, name).toBeGreaterThan(0);
      expect((sent.webOnHoldURLs as unknown[] | undefined)?.length, name).toBeGreaterThan(0);
    }
  }
});

describe('queue-on-hold', () => {
  it('confirms with comfort messages every 5 s and a URL group, and an agent joins only after the wait', async () => {
    const { client } = await open('queue-on-hold');
    const { frame } = await client.requestChat();
    const confirmed = Date.now();
    expect(body(frame).webOnHoldComfortGroups[0]).toMatchObject({ delay: 5, numberOfMessages: 3 });
    expect(body(frame).webOnHoldURLs[0].holdTime).toBe(10);
    const joined = await client.next(isNotification('newParticipant'));
    // 20 s at speed 40 = 500 ms of real time.
    expect(Date.now() - confirmed).toBeGreaterThanOrEqual(400);
    expect(body(joined).displayName).toBe('Sam');
    expect(body(await client.next(isNotification('newMessage'))).message).toContain('Sorry for the wait');
  });
});

describe('bot-escalation', () => {
  it('has the bot greet, then leave with escalate, then a live agent join', async () => {
    const { client } = await open('bot-escalation');
    await client.requestChat();
    expect(body(await client.next(isNotification('newParticipant')))).toMatchObject({
      agentId: 'AvayaAutomatedResource',
      participants: [{ id: 'AvayaAutomatedResource', type: 'active_participant' }],
    });
    const greeting = body(await client.next(isNotification('newMessage')));
    expect(greeting).toMatchObject({ senderType: 'bot', type: 'widget' });
    expect(greeting.data.text).toContain('virtual assistant');
    client.send(frames.newMessage('I want to order solar panels'));
    expect(body(await client.next(isNotification('newMessage'))).senderType).toBe('bot');
    expect(body(await client.next(isNotification('participantLeave')))).toMatchObject({
      agentId: 'AvayaAutomatedResource',
      leaveReason: 'escalate',
      endChatFlag: false,
      participants: [],
    });
    expect(body(await client.next(isNotification('newParticipant')))).toMatchObject({
      agentId: 'agent-7',
      role: 'active_participant',
    });
    expect(body(await client.next(isNotification('newMessage'))).senderType).toBe('live_agent');
  });
});

describe('agent-transfer', () => {
  it('transfers from Sam (leaveReason transfer) to a second agent who answers', async () => {
    const { client } = await open('agent-transfer');
    await client.requestChat();
    await client.next(isNotification('newMessage'));
    client.send(frames.newMessage('Powerwall question'));
    expect(body(await client.next(isNotification('participantLeave')))).toMatchObject({
      agentId: 'agent-7',
      leaveReason: 'transfer',
      participants: [],
    });
    expect(body(await client.next(isNotification('newParticipant')))).toMatchObject({
      agentId: 'agent-12',
      displayName: 'Alex',
      participants: [{ id: 'agent-12', name: 'Alex', type: 'active_participant' }],
    });
    expect(body(await client.next(isNotification('newMessage'))).displayName).toBe('Alex');
    client.send(frames.newMessage('How long is the warranty?'));
    const answer = body(await client.next(isNotification('newMessage')));
    expect(answer).toMatchObject({ displayName: 'Alex', senderType: 'live_agent' });
    expect(answer.message).toContain('How long is the warranty?');
  });
});

describe('route-cancel', () => {
  it('confirms the request and then sends routeCancel', async () => {
    const { client } = await open('route-cancel');
    await client.requestChat();
    expect((await client.next(isNotification('routeCancel'))).body).toEqual({ method: 'routeCancel' });
  });
});

describe('maintenance-503', () => {
  it('answers requestChat with an error frame code 503', async () => {
    const { client } = await open('maintenance-503');
    client.send(frames.requestChat());
    expect((await client.next(isError)).body).toEqual({
      code: 503,
      errorMessage: 'Contact centre is shutting down for maintenance',
    });
    expect(client.received.some(isNotification('requestChat'))).toBe(false);
  });
});

describe('server-error', () => {
  it('answers the first customer message with an error frame whose code is neither 1 nor 503', async () => {
    const { client } = await open('server-error');
    await client.requestChat();
    await client.next(isNotification('newMessage'));
    client.send(frames.newMessage('hello?'));
    const error = body(await client.next(isError));
    expect(error.code).toBe(500);
    expect(error.errorMessage).toMatch(/error/i);
  });
});

describe('network-drop', () => {
  it('drops the TCP connection (1006) mid-conversation and accepts renewChat on a new socket, replaying nothing', async () => {
    const { server, client } = await open('network-drop');
    const session = await client.requestChat();
    await client.next(isNotification('newMessage'));
    client.send(frames.newMessage('Is the Model Y in stock?'));
    expect(body(await client.next(isNotification('newMessage'))).message).toContain('Let me check');
    expect((await client.closed).code).toBe(1006);

    const again = await connect(server.socketUrl);
    again.send(frames.renewChat(session.guid, session.authenticationKey, false));
    const welcome = body(await again.next(isNotification('newMessage')));
    expect(welcome.message).toContain('Welcome back');
    expect(again.received.filter(isNotification('newMessage'))).toHaveLength(1);
    again.send(frames.newMessage('still there?'));
    expect(body(await again.next(isNotification('newMessage'))).message).toContain('still there?');
  });
});

describe('reconnect-exhausted', () => {
  it('drops the connection and then refuses every new socket', async () => {
    const { server, client } = await open('reconnect-exhausted');
    await client.requestChat();
    await client.next(isNotification('newMessage'));
    expect((await client.closed).code).toBe(1006);
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(TestClient.connect(server.socketUrl)).rejects.toThrow(/503/);
    }
  });
});

describe('tab-transfer', () => {
  it('moves the chat to a second socket with the full transcript and closes the first with 1001', async () => {
    const { server, client: first } = await open('tab-transfer');
    const session = await first.requestChat('Ada');
    const greeting = body(await first.next(isNotification('newMessage')));
    first.send(frames.newMessage('Which colours are there?'));
    const answer = body(await first.next(isNotification('newMessage')));

    const second = await connect(server.socketUrl);
    second.send(frames.renewChat(session.guid, session.authenticationKey, true));
    expect((await first.closed).code).toBe(1001);
    const replay = [
      body(await second.next(isNotification('newMessage'))),
      body(await second.next(isNotification('newMessage'))),
      body(await second.next(isNotification('newMessage'))),
    ];
    expect(replay.map((m) => [m.senderType, m.message, m.timestamp])).toEqual([
      ['live_agent', greeting.message, greeting.timestamp],
      ['customer', 'Which colours are there?', expect.any(Number)],
      ['live_agent', answer.message, answer.timestamp],
    ]);
    expect(body(await second.next(isNotification('newMessage'))).message).toContain('another tab');
  });
});

describe('file-transfer', () => {
  it('sends newAgentFileTransfer whose download serves a real PDF', async () => {
    const { server, client } = await open('file-transfer');
    const session = await client.requestChat();
    const transfer = body(await client.next(isNotification('newAgentFileTransfer')));
    expect(transfer).toMatchObject({
      agentName: 'Sam',
      name: 'model-brochure.pdf',
      workRequestId: session.workRequestId,
    });
    // The ids, and the full download URL in address (the only field the reference client reads).
    expect(transfer.address).toBe(`${server.url}/cua-api/chat/files/${transfer.workRequestId}/${transfer.uuid}`);
    const response = await fetch(transfer.address);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="model-brochure.pdf"; filename*=UTF-8''model-brochure.pdf`,
    );
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const missing = await fetch(`${server.url}/cua-api/chat/files/${transfer.workRequestId}/no-such-file`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, message: 'No such file' });
  });
});

describe('vendor-shapes', () => {
  const request = (method: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ apiVersion: '1.0', type: 'request', authToken: '', body: { method, ...extra } });

  it('plays every documented server shape, and goodbye ends it with closeConversation result: true', async () => {
    server = await start('vendor-shapes', { speed: 40, profile: 'tolerant' });
    const client = await connect(server.socketUrl);
    const { frame } = await client.requestChat();
    expect(Object.keys(body(frame))).not.toContain('workRequestId');
    expect(body(frame).webOnHoldURLs).toHaveLength(1);
    client.send(request('queueStatus'));
    expect(body(await client.next(isNotification('queueStatus')))).toEqual({
      method: 'queueStatus',
      positionInQueue: 2,
      estimatedWaitTime: 120,
    });
    const greeting = body(await client.next(isNotification('newMessage')));
    expect(greeting).toEqual({
      method: 'newMessage',
      displayName: 'Sam',
      message: 'Hello, my name is Sam. How can I help you?',
      timestamp: expect.any(Number),
    });
    expect(greeting.timestamp).toBeLessThan(1e11);
    client.send(frames.newMessage('x'.repeat(201)));
    expect((await client.next(isError)).body).toMatchObject({ code: 1, method: 'newMessage' });
    client.send(frames.newMessage('Any offers this month?'));
    expect((await client.next((f) => f.type === 'acknowledgement')).body).toEqual({
      method: 'newMessage',
      accepted: true,
    });
    expect(body(await client.next(isNotification('newPushPageMessage')))).toMatchObject({
      displayName: 'Sam',
      pagePushURL: 'https://www.example.com/offers',
      pagePushDestination: 'newTab',
    });
    const file = body(await client.next(isNotification('newAgentFileTransfer')));
    expect((await fetch(file.address)).status).toBe(200);
    // The documented pong takes over a second after the share (both rules set, a renew awaited).
    await server.waitFor(([session]) => session?.position.rules.length === 2 && session.position.step === 'expect');
    client.send(frames.ping());
    expect(await client.next((f) => (f.type as string) === 'request')).toMatchObject({ body: { method: 'pong' } });
    client.send(frames.newMessage('Thanks, goodbye'));
    expect(body(await client.next(isNotification('closeConversation')))).toEqual({
      method: 'closeConversation',
      result: true,
    });
    client.ws.close(1000);
    await server.waitFor((sessions) => sessions[0]?.ended === true);
  });

  it('refuses a renew after the pushed page with error 2 in the vendor’s words', async () => {
    server = await start('vendor-shapes', { speed: 40, profile: 'tolerant' });
    const client = await connect(server.socketUrl);
    const session = await client.requestChat();
    await client.next(isNotification('newMessage'));
    client.send(frames.newMessage('Any offers?'));
    await client.next(isNotification('newAgentFileTransfer'));
    client.close();
    const again = await connect(server.socketUrl);
    again.send(frames.renewChat(session.guid, session.authenticationKey, false));
    expect((await again.next(isError)).body).toEqual({
      code: 2,
      errorMessage: 'Session key is invalid or expired',
      method: 'renewChat',
    });
    expect((await again.closed).code).toBe(1000);
  });
});

describe('supervisor-barge', () => {
  it('sends newParticipant with role supervisor_barge next to the agent, and the supervisor writes', async () => {
    const { client } = await open('supervisor-barge');
    await client.requestChat();
    await client.next(isNotification('newParticipant'));
    const barge = body(await client.next(isNotification('newParticipant')));
    expect(barge).toMatchObject({ agentId: 'supervisor-2', role: 'supervisor_barge', numberOfParticipants: 2 });
    expect(barge.participants.map((p: { type: string }) => p.type)).toEqual(['active_participant', 'supervisor_barge']);
    expect(body(await client.next(isNotification('newMessage'))).displayName).toBe('Morgan');
  });
});

describe('supervisor-observe', () => {
  it('sends newParticipant with role supervisor_observe and the agent keeps answering', async () => {
    const { client } = await open('supervisor-observe');
    await client.requestChat();
    await client.next(isNotification('newParticipant'));
    expect(body(await client.next(isNotification('newParticipant')))).toMatchObject({
      agentId: 'supervisor-5',
      role: 'supervisor_observe',
    });
    client.send(frames.newMessage('hi'));
    expect(body(await client.next(isNotification('newMessage'))).displayName).toBe('Sam');
  });
});

describe('typing', () => {
  it('types and stops without a message, types again and answers; customer typing draws a reply', async () => {
    const { client } = await open('typing');
    await client.requestChat();
    const typing: boolean[] = [];
    for (let i = 0; i < 4; i++) typing.push(body(await client.next(isNotification('isTyping'))).isTyping);
    expect(typing).toEqual([true, false, true, false]);
    await client.next(isNotification('newMessage'));
    client.send(frames.isTyping());
    expect(body(await client.next(isNotification('newMessage'))).message).toBe("Take your time, I'm here.");
    client.send(frames.newMessage('ok'));
    expect(body(await client.next(isNotification('isTyping'))).isTyping).toBe(true);
    expect(body(await client.next(isNotification('newMessage'))).message).toContain('"ok"');
  });
});

describe('unavailable', () => {
  it('answers availability success false with maxAttempts 3', async () => {
    server = await start('unavailable');
    const { status, body: answer } = await checkAvailability(server);
    expect(status).toBe(200);
    expect(answer).toMatchObject({ success: false, error: false, maxAttempts: 3 });
  });
});

describe('chat-lite', () => {
  it('answers availability success false and records the callback', async () => {
    server = await start('chat-lite');
    const { body: answer } = await checkAvailability(
      server,
      'locale=en-us&chatLiteFlag=true&triagePreChat=false&hideOnMobiles=false&ifEnergyPage=false',
    );
    expect(answer.success).toBe(false);
    const response = await postCallback(server.url);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
  });
});

describe('callback-failure', () => {
  it('answers the callback POST with HTTP 500 and success false', async () => {
    server = await start('callback-failure');
    expect((await checkAvailability(server)).body.success).toBe(false);
    const response = await postCallback(server.url);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ success: false, message: 'Callback service unavailable' });
  });
});

describe('callback-hangs', () => {
  it('answers availability success false and never answers the callback POST', async () => {
    // At this speed the longest finite delay a scenario may name (one day) lasts a millisecond:
    // a callback that was only slow is answered by the time one sent after it, which waits a
    // whole day of scenario time, has been. `forever` sets no timer at all.
    const dayLate = {
      name: 'callback-day-late',
      story: 'The callback service answers after a day.',
      availability: { success: false, error: false, maxAttempts: 1 },
      callback: { delay: 86_400 },
      conversation: [{ expect: 'requestChat' }],
    };
    server = await start(['callback-hangs', dayLate], { speed: 86_400_000 });
    expect((await checkAvailability(server)).body.success).toBe(false);
    const abort = new AbortController();
    const pending = fetch(`${server.url}/cua-api/forms/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CALLBACK),
      signal: abort.signal,
    }).then(
      () => 'answered',
      () => 'aborted',
    );
    const late = await fetch(`${server.url}/cua-api/forms/callback?scenario=callback-day-late`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CALLBACK),
    });
    expect(late.status).toBe(200);
    expect(await Promise.race([pending, Promise.resolve('still waiting')])).toBe('still waiting');
    abort.abort();
    expect(await pending).toBe('aborted');
  });
});

describe('showcase', () => {
  it('confirms after a pause with comfort messages, Sam writes twelve messages, answers each message and ends on goodbye', async () => {
    const { server: s, client } = await open('showcase');
    const answer = (await checkAvailability(s)).body;
    expect(answer.ccPrerequisite.serviceMetricsResponseMap['1'].metrics).toEqual({
      EWT: '240',
      ResourceStaffedCount: '2',
    });
    const asked = Date.now();
    const { frame } = await client.requestChat();
    // 5 s at speed 40 = 125 ms of real time before the confirmation.
    expect(Date.now() - asked).toBeGreaterThanOrEqual(60);
    expect(body(frame).webOnHoldComfortGroups[0].messages).toHaveLength(2);
    expect(body(await client.next(isNotification('newParticipant'))).displayName).toBe('Sam');
    const greeting: string[] = [];
    for (let i = 0; i < 12; i++) greeting.push(body(await client.next(isNotification('newMessage'))).message);
    expect(greeting.at(-1)).toBe('What would you like to start with?');
    client.send(frames.newMessage('Is it available in white?'));
    expect(body(await client.next(isNotification('isTyping'))).isTyping).toBe(true);
    expect(body(await client.next(isNotification('newMessage'))).message).toBe(
      'You said: "Is it available in white?". Anything else?',
    );
    client.send(frames.newMessage('Thanks, goodbye'));
    expect(body(await client.next(isNotification('newMessage'))).message).toBe('Thanks for chatting, goodbye!');
    expect(body(await client.next(isNotification('participantLeave')))).toMatchObject({ endChatFlag: true });
    await client.next(isNotification('closeConversation'));
    expect((await client.closed).code).toBe(1000);
  });
});

describe('no-agents', () => {
  it('answers availability success true with ResourceStaffedCount "0"', async () => {
    server = await start('no-agents');
    const { body: answer } = await checkAvailability(server);
    expect(answer.success).toBe(true);
    expect(answer.ccPrerequisite.serviceMetricsResponseMap['1'].metrics.ResourceStaffedCount).toBe('0');
  });
});

describe('connect-timeout', () => {
  it('accepts requestChat but never confirms it, keeping the socket open', async () => {
    const { server: s, client } = await open('connect-timeout');
    expect((await checkAvailability(s)).body.chatWidgetParams.maxWaitTime).toBe(10);
    client.send(frames.requestChat());
    // The conversation has taken the request and has no step left: whatever it sends is in the
    // server's journal by now, and nothing is scheduled to follow.
    const [session] = await s.waitFor((sessions) => sessions[0]?.position.finished === true);
    expect(session?.received.map((r) => (r.frame as { body: { method: string } }).body.method)).toEqual([
      'requestChat',
    ]);
    expect(session?.sent).toEqual([]);
    expect(session?.socket).toBe('open');
    expect(client.received).toEqual([]);
    expect(client.ws.readyState).toBe(client.ws.OPEN);
  });
});

describe('agent-closes', () => {
  it('has the agent leave with endChatFlag true, send closeConversation and close with 1000', async () => {
    const { client } = await open('agent-closes');
    await client.requestChat();
    await client.next(isNotification('newMessage'));
    client.send(frames.newMessage('thanks, that is all'));
    expect(body(await client.next(isNotification('newMessage'))).message).toContain('goodbye');
    expect(body(await client.next(isNotification('participantLeave')))).toMatchObject({
      endChatFlag: true,
      participants: [],
    });
    await client.next(isNotification('closeConversation'));
    expect((await client.closed).code).toBe(1000);
  });
});
