/** Capture and scenario files for the CLI tests, written to a temp directory. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const dir = mkdtempSync(path.join(tmpdir(), 'mock-chat-cli-'));

export function file(name: string, text: string): string {
  const full = path.join(dir, name);
  writeFileSync(full, text);
  return full;
}

const line = (direction: string, frame: unknown) =>
  JSON.stringify({ direction, frame, time: '2026-11-21T20:00:00.000Z' });

const clientMessage = {
  apiVersion: '1.0',
  type: 'request',
  authToken: '',
  body: { method: 'newMessage', message: 'hi', type: 'text', data: { message: 'hi' }, customData: {} },
};
const agentMessage = {
  apiVersion: '1.0',
  type: 'notification',
  body: { method: 'newMessage', message: 'hello', timestamp: 1795290000000, senderType: 'live_agent', type: 'text' },
};

export const cleanCapture = () =>
  file('clean.jsonl', `${line('client', clientMessage)}\n${line('server', agentMessage)}\n\n`);

export const violatingCapture = () =>
  file(
    'violating.jsonl',
    [
      line('client', clientMessage),
      line('client', { ...clientMessage, body: { ...clientMessage.body, colour: 'red' } }),
      line('server', { ...agentMessage, body: { ...agentMessage.body, senderType: 'robot' } }),
      line('client', { ...clientMessage, body: { ...clientMessage.body, '<b>&"q"': 1 } }),
    ].join('\n'),
  );

export const brokenCapture = () => file('broken.jsonl', `${line('client', clientMessage)}\n{not json\n{"frame":{}}\n`);

export const goodScenario = () =>
  file(
    'good.yaml',
    `name: tiny
story: A tiny scenario.
agents:
  sam: { id: agent-7, name: Sam }
conversation:
  - expect: requestChat
  - send: requestChat
  - join: sam
`,
  );

export const badScenario = () =>
  file(
    'bad.yaml',
    `name: bad
story: A scenario that would break the contract.
conversation:
  - expect: requestChat
  - send: newParticipant
    body:
      agentId: agent-7
      displayName: Sam
      role: boss
      participants: []
`,
  );
