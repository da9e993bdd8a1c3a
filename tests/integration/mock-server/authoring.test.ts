/**
 * The runner and authoring: each sequence waits for its own frames and each rule answers on its
 * own queue, templates bind to the frame that triggered a rule, rules end when their agent
 * leaves (or at `until`), `expect` gives up `within` a time, `repeat`, `not` and `ignoreCase`
 * matchers, the tolerant profile, the verification API and per-request scenarios.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../../generated/chat-socket.js';
import { MockChatError, type MockServer, WaitForTimeout } from '../../../mock-server/index.js';
import { WAIT_MS } from '../../support/patience.js';
import {
  AVAILABILITY_FORM,
  clientsClosedAfterEach,
  FORM_HEADERS,
  frames,
  isError,
  isNotification,
  start,
  TestClient,
} from './client.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
// Registered after the server's hook, so run before it: the clients close first.
const connect = clientsClosedAfterEach();

const said = (text: string | RegExp) => (frame: ServerFrame) =>
  isNotification('newMessage')(frame) &&
  (typeof text === 'string'
    ? (frame.body as { message?: string }).message === text
    : text.test(String((frame.body as { message?: string }).message)));

const errorText = (frame: ServerFrame) => String((frame.body as { errorMessage?: string }).errorMessage);

const messagesOf = (client: TestClient) =>
  client.received.filter(isNotification('newMessage')).map((f) => (f.body as { message?: string }).message);

const AGENTS = { sam: { id: 'agent-7', name: 'Sam' }, bot: { id: 'bot-1', name: 'Assistant', senderType: 'bot' } };
const CONFIRM = [{ expect: 'requestChat' }, { send: 'requestChat' }];

function scenario(name: string, conversation: unknown[], extra: Record<string, unknown> = {}) {
  return { name, story: `${name} test`, agents: AGENTS, conversation: [...CONFIRM, ...conversation], ...extra };
}

describe('the runner', () => {
  it('a rule waiting with expect does not take the conversation’s frames (each sequence has its own waiter)', async () => {
    server = await start(
      scenario('own-waiters', [
        {
          rule: {
            on: 'isTyping',
            once: true,
            steps: [
              { expect: 'newMessage', where: { '/body/message': 'for the rule' } },
              { say: { agent: 'sam', text: 'the rule got it' } },
            ],
          },
        },
        { expect: 'newMessage', where: { '/body/message': 'for the conversation' } },
        { say: { agent: 'sam', text: 'the conversation got it' } },
      ]),
    );
    const client = await connect(server);
    await client.requestChat();
    client.send(frames.isTyping());
    await server.waitFor((s) => s[0]?.position.rules[0]?.answered === 1, WAIT_MS);
    client.send(frames.newMessage('for the conversation'));
    await client.next(said('the conversation got it'));
    client.send(frames.newMessage('for the rule'));
    await client.next(said('the rule got it'));
  });

  it('a rule waiting for its expect holds up no other rule', async () => {
    server = await start(
      scenario('independent-rules', [
        { join: 'sam' },
        {
          rule: {
            on: 'newMessage',
            where: { '/body/message': { matches: '^ask' } },
            steps: [
              { say: { agent: 'sam', text: 'Which colour?' } },
              { expect: 'newMessage', where: { '/body/message': { matches: '^colour' } } },
              { say: { agent: 'sam', text: 'Noted: {{lastMessage}}' } },
            ],
          },
        },
        {
          rule: {
            on: 'newMessage',
            where: { '/body/message': { matches: '^q' } },
            steps: [
              { typing: { agent: 'sam', for: 0.3 } },
              { say: { agent: 'sam', text: 'Answer to {{lastMessage}}' } },
            ],
          },
        },
      ]),
    );
    const client = await connect(server);
    await client.requestChat();
    client.send(frames.newMessage('ask1'));
    await client.next(said('Which colour?'));
    client.send(frames.newMessage('q1'));
    await client.next(said('Answer to q1'));
    client.send(frames.newMessage('q2'));
    await client.next(said('Answer to q2'));
    client.send(frames.newMessage('colour blue'));
    await client.next(said('Noted: colour blue'));
  });

  it('{{lastMessage}} in a rule is the message that triggered it, however fast they come', async () => {
    server = await start(
      scenario('bound', [
        {
          rule: {
            on: 'newMessage',
            steps: [{ wait: 0.2 }, { say: { agent: 'sam', text: 'you said {{lastMessage}}' } }],
          },
        },
      ]),
    );
    const client = await connect(server);
    await client.requestChat();
    for (let i = 1; i <= 5; i++) client.send(frames.newMessage(`message ${i}`));
    for (let i = 1; i <= 5; i++) await client.next(said(`you said message ${i}`));
  });

  it('a bot that leaves stops answering: "And Sunday?" goes to the live agent (agent matched ignoring case)', async () => {
    server = await start(
      scenario('escalation', [
        { join: 'bot' },
        { rule: { on: 'newMessage', steps: [{ say: { agent: 'bot', text: 'bot: {{lastMessage}}' } }] } },
        { expect: 'newMessage', where: { '/body/message': { contains: 'agent', ignoreCase: true } } },
        { leave: { agent: 'bot', reason: 'escalate' } },
        { join: 'sam' },
        { rule: { on: 'newMessage', steps: [{ say: { agent: 'sam', text: 'sam: {{lastMessage}}' } }] } },
      ]),
    );
    const client = await connect(server);
    await client.requestChat();
    client.send(frames.newMessage('Opening hours?'));
    await client.next(said('bot: Opening hours?'));
    client.send(frames.newMessage('I want a real AGENT'));
    await client.next(isNotification('participantLeave'));
    client.send(frames.newMessage('And Sunday?'));
    await client.next(said('sam: And Sunday?'));
    expect(messagesOf(client)).not.toContain('bot: And Sunday?');
    const rules = server.sessions()[0]?.position.rules ?? [];
    expect(rules[0]).toMatchObject({ answered: 1, ended: true });
  });

  it('rules end at until: a labelled step, a frame, an agent leaving', async () => {
    server = await start(
      scenario('until', [
        { join: 'sam' },
        {
          rule: {
            on: 'isTyping',
            until: { step: 'stop-typing' },
            steps: [{ say: { agent: 'bot', text: 'typing seen' } }],
          },
        },
        {
          rule: {
            on: 'newMessage',
            until: { frame: 'newMessage', where: { '/body/message': 'stop' } },
            steps: [{ say: { agent: 'bot', text: 'echo {{lastMessage}}' } }],
          },
        },
        { expect: 'newMessage', where: { '/body/message': 'stop' } },
        { say: { agent: 'sam', text: 'stopped echoing' }, label: 'stop-typing' },
        { expect: 'isTyping' },
        { say: { agent: 'sam', text: 'typing no longer answered' } },
      ]),
    );
    const client = await connect(server);
    await client.requestChat();
    client.send(frames.isTyping());
    await client.next(said('typing seen'));
    client.send(frames.newMessage('one'));
    await client.next(said('echo one'));
    client.send(frames.newMessage('stop'));
    await client.next(said('stopped echoing'));
    client.send(frames.isTyping());
    await client.next(said('typing no longer answered'));
    expect(messagesOf(client).filter((m) => m === 'typing seen')).toHaveLength(1);
    expect(messagesOf(client)).not.toContain('echo stop');
  });

  it('expect within runs otherwise when nothing comes; repeat runs its steps N times; the end is logged', async () => {
    const lines: string[] = [];
    server = await start(
      scenario('timeouts', [
        { join: 'sam' },
        {
          expect: 'newMessage',
          within: 0.3,
          otherwise: [{ say: { agent: 'sam', text: 'Are you still there?' } }],
        },
        { repeat: { times: 3, steps: [{ say: { agent: 'sam', text: 'tick' } }] } },
        { expect: 'newMessage', where: { '/body/message': { not: { matches: '^ok$', ignoreCase: true } } } },
        { say: { agent: 'sam', text: 'not ok: {{lastMessage}}' } },
      ]),
      { speed: 1, log: (line: string) => lines.push(line) },
    );
    const client = await connect(server);
    await client.requestChat();
    await client.next(said('Are you still there?'));
    for (let i = 0; i < 3; i++) await client.next(said('tick'));
    client.send(frames.newMessage('OK'));
    client.send(frames.newMessage('maybe'));
    await client.next(said('not ok: maybe'));
    await server.waitFor((s) => s[0]?.position.finished === true, WAIT_MS);
    expect(lines.join('\n')).toMatch(/expect newMessage at <object>: nothing arrived in time; otherwise/);
    expect(lines.join('\n')).toMatch(/\[scenario timeouts\] guid \d+: the conversation finished/);
  });

  it('a session step turns acknowledgements off from there on', async () => {
    server = await start(
      scenario('acks-off', [
        { expect: 'newMessage' },
        { session: { acknowledge: [] } },
        { say: { agent: 'sam', text: 'from now on, no acknowledgements' } },
        { expect: 'newMessage' },
        { say: { agent: 'sam', text: 'done' } },
      ]),
    );
    const client = await connect(server);
    await client.requestChat();
    client.send(frames.newMessage('acknowledged'));
    await client.next((f) => f.type === 'acknowledgement');
    await client.next(said('from now on, no acknowledgements'));
    client.send(frames.newMessage('not acknowledged'));
    await client.next(said('done'));
    expect(client.received.filter((f) => f.type === 'acknowledgement')).toHaveLength(1);
  });
});

/** A requestChat as public reference clients send it (protocol notes), not as the widget does. */
function realClientRequestChat(): Record<string, unknown> {
  const frame = frames.requestChat() as unknown as { body: Record<string, any> };
  const { getBrandUpdates: _brand, ...intrinsics } = frame.body.intrinsics;
  const { customData: _custom, ...body } = frame.body;
  return {
    ...frame,
    deviceId: 'kiosk-12',
    body: { ...body, intrinsics: { ...intrinsics, getAcmeUpdates: true, textDirection: 'ltr', region: 'EMEA' } },
  };
}

describe('the tolerant profile (default): what a real server accepts', () => {
  it('serves a requestChat as real clients send it, and logs how it deviates from the strict contract', async () => {
    const lines: string[] = [];
    server = await start('happy-path', { profile: 'tolerant', log: (line: string) => lines.push(line) });
    const client = await connect(server);
    client.send(JSON.stringify(realClientRequestChat()));
    await client.next(isNotification('requestChat'));
    expect(client.received.filter(isError)).toEqual([]);
    const deviation = lines.find((line) => line.includes('deviates from the strict contract')) ?? '';
    expect(deviation).toContain('/deviceId is not allowed');
    expect(deviation).toContain('/body/customData is required but missing');
  });

  it('--profile strict refuses it with error code 1 naming the first problem', async () => {
    server = await start('happy-path', { profile: 'strict' });
    const client = await connect(server);
    client.send(JSON.stringify(realClientRequestChat()));
    expect(errorText(await client.next(isError))).toMatch(/^Invalid message: /);
  });

  it('still refuses what no server can use: an unknown method, a message that is no string', async () => {
    server = await start('happy-path', { profile: 'tolerant' });
    const client = await connect(server);
    await client.requestChat();
    client.send(JSON.stringify({ apiVersion: '1.0', type: 'request', body: { method: 'dance' } }));
    expect(errorText(await client.next(isError))).toMatch(/method "dance"/);
    client.send(JSON.stringify({ apiVersion: '1.0', type: 'request', body: { method: 'newMessage', message: 7 } }));
    expect(errorText(await client.next(isError))).toMatch(/\/body\/message must be string/);
  });
});

describe('the verification API', () => {
  it('GET /__mock/sessions shows each session’s scenario, position and frames; POST /__mock/reset ends them (sockets closed 1012)', async () => {
    server = await start('happy-path');
    const client = await connect(server);
    await client.requestChat();
    client.send(frames.newMessage('hello'));
    await server.waitFor(
      (s) => s[0]?.received.some((r) => (r.frame as any).body.method === 'newMessage') ?? false,
      WAIT_MS,
    );
    const report = (await (await fetch(`${server.url}/__mock/sessions`)).json()) as { sessions: any[] };
    expect(report.sessions).toHaveLength(1);
    expect(report.sessions[0]).toMatchObject({ scenario: 'happy-path', ended: false, socket: 'open' });
    expect(report.sessions[0].position.at).toMatch(/happy-path\.yaml:\d+$/);
    expect(report.sessions[0].received.map((r: any) => r.frame.body.method)).toEqual(['requestChat', 'newMessage']);
    expect(report.sessions[0].sent[0].frame.body.method).toBe('requestChat');
    const reset = await fetch(`${server.url}/__mock/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);
    expect((await client.closed).code).toBe(1012);
    expect(server.sessions()).toEqual([]);
  });

  it('waitFor rejects with the sessions it saw as a property, not only in the message', async () => {
    server = await start('happy-path');
    const client = await connect(server);
    await client.requestChat('Grace');
    const error = await server.waitFor((sessions) => sessions.length > 1, 200).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitForTimeout);
    const sessions = (error as WaitForTimeout).sessions;
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.received[0]?.frame).toMatchObject({ body: { method: 'requestChat' } });
  });

  it('refuses another site’s page', async () => {
    server = await start('happy-path');
    const answer = await fetch(`${server.url}/__mock/sessions`, { headers: { Origin: 'https://evil.example' } });
    expect(answer.status).toBe(403);
  });
});

describe('choosing scenarios', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mock-chat-scenarios-'));
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const greeting = (name: string, text: string) =>
    `name: ${name}\nstory: Sam says ${text}.\nagents:\n  sam: { id: agent-7, name: Sam }\nconversation:\n  - expect: requestChat\n  - send: requestChat\n  - join: sam\n  - say: { agent: sam, text: "${text}" }\n`;

  it('a folder of files and several names are served by name; ?scenario= picks one per socket; the first runs', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'mock-chat-folder-'));
    writeFileSync(path.join(folder, 'a.yaml'), greeting('qa-one', 'one'));
    writeFileSync(path.join(folder, 'b.yaml'), greeting('qa-two', 'two'));
    server = await start([folder, 'typing']);
    expect(server.scenario).toBe('qa-one');
    const listing = (await (await fetch(`${server.url}/__mock/scenarios`)).json()) as { scenarios: any[] };
    expect(listing.scenarios.find((s) => s.name === 'qa-two')?.source).toMatch(/b\.yaml$/);
    const two = await connect(server, '?scenario=qa-two');
    await two.requestChat();
    await two.next(said('two'));
    const one = await connect(server);
    await one.requestChat();
    await one.next(said('one'));
  });

  it('an unknown ?scenario= is a clear error, on the availability call and the socket alike', async () => {
    server = await start('happy-path');
    const answer = await fetch(`${server.url}/conversation/check-availability-v2?scenario=happy-pat`, {
      method: 'POST',
      headers: FORM_HEADERS,
      body: AVAILABILITY_FORM,
    });
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { message: string }).message).toMatch(
      /unknown scenario "happy-pat"; use one of .*happy-path/,
    );
    await expect(TestClient.connect(`${server.socketUrl}?scenario=happy-pat`)).rejects.toThrow(/upgrade refused: 404/);
  });

  it('two files with one name refuse to start', async () => {
    const a = write('one.yaml', greeting('same-name', 'a'));
    const b = write('two.yaml', greeting('same-name', 'b'));
    await expect(start([a, b])).rejects.toThrow(MockChatError);
  });
});
