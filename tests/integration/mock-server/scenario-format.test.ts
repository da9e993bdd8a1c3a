/**
 * The scenario format: problems found at load with file:line and pointer, and the steps
 * the built-ins do not all use (branch, frame, close with another code, once, where).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../../generated/chat-socket.js';
import { loadScenario, MockChatError, type MockServer } from '../../../mock-server/index.js';
import { frames, isError, isNotification, start, TestClient } from './client.js';

const dir = mkdtempSync(path.join(tmpdir(), 'mock-chat-scenario-'));
function scenarioFile(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

function problemsOf(file: string): string[] {
  try {
    loadScenario(file);
  } catch (error) {
    if (error instanceof MockChatError) return [error.code, ...error.problems];
    throw error;
  }
  return [];
}

describe('given a scenario file with problems', () => {
  it.each([
    ['a missing story', 'name: x\nconversation: []\n', /x\.yaml:1:1: story: is missing: add `story:`/],
    [
      'an unknown step',
      'name: x\nstory: s\nconversation:\n  - dance: 1\n',
      /x\.yaml:4:5: conversation\[0\]: is not a step \(it has dance\): use one of expect, send/,
    ],
    [
      'a bad duration',
      'name: x\nstory: s\nconversation:\n  - wait: soon\n',
      /x\.yaml:4:11: conversation\[0\]\.wait: `wait: soon` is not a duration: write a number of seconds, or 500ms, 2s, 1\.5m, or forever/,
    ],
    [
      'an unknown agent',
      'name: x\nstory: s\nconversation:\n  - join: ghost\n',
      /x\.yaml:4:11: conversation\[0\]\.join: names no agent "ghost": add it under agents/,
    ],
    [
      'an unknown template',
      'name: x\nstory: s\nagents:\n  a: { id: a, name: A }\nconversation:\n  - say: { agent: a, text: "{{price}}" }\n',
      /x\.yaml:6:28: conversation\[0\]\.say\.text: uses unknown template \{\{price\}\}: use one of \{\{guid\}\}/,
    ],
    [
      'a bad regular expression',
      'name: x\nstory: s\nconversation:\n  - expect: newMessage\n    where: { /body/message: { matches: "(" } }\n',
      /x\.yaml:5:40: conversation\[0\]\.where\["\/body\/message"\]\.matches: is not a regular expression/,
    ],
    [
      'a frame against the contract',
      'name: x\nstory: s\nconversation:\n  - send: isTyping\n    body:\n      isTyping: true\n      agentId: 7\n',
      /x\.yaml:7:16: conversation\[0\]\.body\.agentId: `agentId: 7` must be text, in the frame this step sends \(\/body\/agentId\); to send it anyway for a negative test, add unchecked: true/,
    ],
    [
      'an availability answer against the contract',
      'name: x\nstory: s\navailability:\n  success: true\n  metrics: { EWT: "soon" }\nconversation: []\n',
      /x\.yaml:4:3: availability: would answer availability against the contract: .*\/metrics\/ResourceStaffedCount is required/,
    ],
    [
      'a share of a file not listed',
      'name: x\nstory: s\nagents:\n  a: { id: a, name: A }\nconversation:\n  - share: { agent: a, file: nope }\n',
      /x\.yaml:6:30: conversation\[0\]\.share\.file: names no entry of files/,
    ],
  ])('reports %s at its line', (_, text, expected) => {
    const problems = problemsOf(scenarioFile('x.yaml', text));
    expect(problems[0]).toBe('SCENARIO_INVALID');
    expect(problems.slice(1).join('\n')).toMatch(expected);
  });

  it('reports YAML syntax errors as unreadable with the line', () => {
    const problems = problemsOf(scenarioFile('broken.yaml', 'name: x\nstory: [unclosed\nconversation: []\n'));
    expect(problems[0]).toBe('SCENARIO_UNREADABLE');
    expect(problems[1]).toMatch(/broken\.yaml:\d+:\d+: /);
  });

  it('names the known scenarios for an unknown name', () => {
    expect(() => loadScenario('happy')).toThrow(/unknown scenario "happy"[\s\S]*happy-path/);
  });
});

describe('given a scenario object using branch, frame, where, once and close', () => {
  let server: MockServer | undefined;
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await server?.close();
  });

  const scenario = {
    name: 'branching',
    story: 'Branches on the customer name; closes with 4000 after a goodbye.',
    agents: { sam: { id: 'agent-7', name: 'Sam' } },
    conversation: [
      { expect: 'requestChat' },
      { send: 'requestChat', body: { intrinsics: { name: '{{customerName}}' } } },
      {
        branch: [
          { when: { '/body/intrinsics/name': 'VIP' }, steps: [{ say: { agent: 'sam', text: 'Welcome back, VIP.' } }] },
          { steps: [{ say: { agent: 'sam', text: 'Hello {{customerName}}.' } }] },
        ],
      },
      {
        frame: {
          apiVersion: '1.0',
          type: 'acknowledgement',
          body: { method: 'requestChat' },
          extra: '{{workRequestId}}',
        },
      },
      { rule: { on: 'isTyping', once: true, steps: [{ say: { agent: 'sam', text: 'typing seen' } }] } },
      { expect: 'newMessage', where: { '/body/message': { matches: '^bye' } } },
      { close: { code: 4000, reason: 'scripted' } },
    ],
  };

  const body = (frame: ServerFrame) => frame.body as Record<string, any>;

  it('takes the branch the requestChat matches', async () => {
    server = await start(scenario);
    const vip = await TestClient.connect(server.socketUrl);
    const plain = await TestClient.connect(server.socketUrl);
    clients.push(vip, plain);
    await vip.requestChat('VIP');
    await plain.requestChat('Ada');
    expect(body(await vip.next(isNotification('newMessage'))).message).toBe('Welcome back, VIP.');
    expect(body(await plain.next(isNotification('newMessage'))).message).toBe('Hello Ada.');
    const ack = (await plain.next((f) => f.type === 'acknowledgement')) as ServerFrame & { extra: string };
    expect(ack.extra).toMatch(/^[0-9A-F]{32}$/);
  });

  it('answers a once rule once, waits for the matching message, and closes with the scripted code keeping the session', async () => {
    server = await start(scenario);
    const client = await TestClient.connect(server.socketUrl);
    clients.push(client);
    const session = await client.requestChat();
    client.send(frames.isTyping());
    client.send(frames.isTyping());
    expect(
      body(await client.next((f) => isNotification('newMessage')(f) && body(f).message === 'typing seen')).message,
    ).toBe('typing seen');
    client.send(frames.newMessage('not yet'));
    client.send(frames.newMessage('bye now'));
    expect(await client.closed).toEqual({ code: 4000, reason: 'scripted' });
    expect(
      client.received.filter((f) => isNotification('newMessage')(f) && body(f).message === 'typing seen'),
    ).toHaveLength(1);
    // A close other than 1000 keeps the session renewable.
    const again = await TestClient.connect(server.socketUrl);
    clients.push(again);
    again.send(frames.renewChat(session.guid, session.authenticationKey, false));
    again.send(frames.ping());
    await again.next(isNotification('pong'));
    expect(again.received.some(isError)).toBe(false);
  });
});
