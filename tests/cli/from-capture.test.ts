/**
 * `mock-chat scenario from-capture` as a user runs it (the real bin): a recorded conversation
 * becomes a scenario on stdout or in `-o FILE`, read from a file or stdin (`-`), validated
 * before it is written. Exit 0 written, 1 the scenario does not load (nothing written),
 * 2 unusable input (no such file, no conversation in it) or an -o that cannot be written.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runMockChat } from '../support/mock-chat-cli.js';
import { dir, file } from './fixtures.js';

const run = (args: string[], stdin?: string) =>
  runMockChat(args, { cwd: dir, ...(stdin === undefined ? {} : { stdin }) });

const at = (second: number) => `2026-11-21T20:00:${String(second).padStart(2, '0')}.000Z`;
const client = (second: number, body: Record<string, unknown>) =>
  JSON.stringify({
    direction: 'client',
    frame: { apiVersion: '1.0', type: 'request', authToken: '', body },
    time: at(second),
  });
const server = (second: number, type: string, body: Record<string, unknown>) =>
  JSON.stringify({ direction: 'server', frame: { apiVersion: '1.0', type, body }, time: at(second) });

/** A short recorded conversation: Sam joins, greets, answers, and a frame that was not JSON. */
const conversation = [
  client(0, { method: 'requestChat', intrinsics: { name: 'Ada' } }),
  server(1, 'notification', {
    method: 'requestChat',
    guid: 4711,
    authenticationKey: 'k-1',
    workRequestId: 'w-1',
    intrinsics: { name: 'Ada' },
  }),
  server(3, 'notification', {
    method: 'newParticipant',
    agentId: 'agent-7',
    displayName: 'Sam',
    role: 'active_participant',
    numberOfParticipants: 1,
    participants: [{ id: 'agent-7', name: 'Sam', type: 'active_participant' }],
  }),
  server(4, 'notification', {
    method: 'newMessage',
    displayName: 'Sam',
    message: "Hi Ada, I'm Sam.",
    timestamp: 1795290004000,
    senderType: 'live_agent',
    type: 'text',
  }),
  JSON.stringify({ direction: 'server', text: 'garbage from the wire', time: at(5) }),
  client(6, { method: 'newMessage', message: 'Hello', type: 'text', data: { message: 'Hello' }, customData: {} }),
  server(8, 'notification', {
    method: 'newMessage',
    displayName: 'Sam',
    message: 'How can I help?',
    timestamp: 1795290008000,
    senderType: 'live_agent',
    type: 'text',
  }),
];
const recorded = `${conversation.join('\n')}\n`;

describe('mock-chat scenario from-capture', () => {
  it('-o writes a scenario that validates, with agents, messages and waits; non-JSON frames are skipped aloud', async () => {
    const capture = file('recorded.jsonl', recorded);
    const out = path.join(dir, 'recorded.yaml');
    const { code, stdout, stderr } = await run(['scenario', 'from-capture', capture, '-o', out]);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toContain('recorded.jsonl:5: server frame is not JSON: frames are JSON text (skipped)');
    expect(stderr).toContain(`${out} written (scenario recorded)`);
    const scenario = parse(readFileSync(out, 'utf8'));
    expect(scenario.agents).toEqual({
      sam: { id: 'agent-7', name: 'Sam', role: 'active_participant', senderType: 'live_agent' },
    });
    expect(scenario.conversation).toEqual(
      expect.arrayContaining([
        { expect: 'requestChat' },
        { join: 'sam' },
        { say: { agent: 'sam', text: "Hi Ada, I'm Sam." } },
        { expect: 'newMessage' },
        { wait: 2 },
        { say: { agent: 'sam', text: 'How can I help?' } },
      ]),
    );
    const validate = await run(['validate', out]);
    expect(validate.code).toBe(0);
  });

  it('- reads the capture from stdin and prints the YAML', async () => {
    const { code, stdout } = await run(['scenario', 'from-capture', '-', '--name', 'piped'], recorded);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^# Made by mock-chat scenario from-capture from stdin;/);
    const scenario = parse(stdout);
    expect(scenario.name).toBe('piped');
    expect(scenario.conversation).toContainEqual({ say: { agent: 'sam', text: 'How can I help?' } });
  });

  it('acknowledgements become session.acknowledge (only methods the contract has); typing is replayed verbatim', async () => {
    const typing = {
      apiVersion: '1.0',
      type: 'notification',
      body: { method: 'isTyping', agentId: 'agent-7', isTyping: true },
    };
    const capture = [
      ...conversation.slice(0, 3),
      server(4, 'acknowledgement', { method: 'newMessage' }),
      server(4, 'acknowledgement', { method: 'newChatRequest' }),
      JSON.stringify({ direction: 'server', frame: typing, time: at(5) }),
    ].join('\n');
    const { code, stdout } = await run(['scenario', 'from-capture', '-', '--name', 'acks'], capture);
    expect(code).toBe(0);
    const scenario = parse(stdout);
    expect(scenario.session.acknowledge).toEqual(['newMessage']);
    expect(scenario.conversation).toContainEqual({ frame: typing });
  });

  it('validates before writing: a scenario that would not load is exit 1 and nothing is written', async () => {
    const capture = file(
      'bad-error.jsonl',
      `${conversation[0]}\n${server(1, 'error', { code: 'oops', errorMessage: 'Internal' })}\n`,
    );
    const out = path.join(dir, 'bad-error.yaml');
    const { code, stdout, stderr } = await run(['scenario', 'from-capture', capture, '-o', out]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain(
      'the scenario made from bad-error.jsonl (a chat the service never confirmed) does not load',
    );
    expect(stderr).toMatch(/conversation\[\d+\]\.error\.code: `code: oops` must be a whole number/);
    expect(existsSync(out)).toBe(false);
  });

  it('exit 2 for a missing file, a capture without a conversation, and an -o it cannot write', async () => {
    const missing = await run(['scenario', 'from-capture', 'nowhere.jsonl']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nowhere.jsonl: no such file');

    const noChat = await run(['scenario', 'from-capture', file('no-chat.jsonl', `${conversation[3]}\n`)]);
    expect(noChat.code).toBe(2);
    expect(noChat.stderr).toContain('the capture has no requestChat from the client: nothing to replay');

    const blocker = file('a-file', 'not a folder');
    const target = path.join(blocker, 'recorded.yaml');
    const unwritable = await run(['scenario', 'from-capture', file('ok.jsonl', recorded), '-o', target]);
    expect(unwritable.code).toBe(2);
    expect(unwritable.stderr).toContain(`cannot write ${target}: ENOTDIR`);
    expect(unwritable.stderr).not.toMatch(/\n\s+at /);
  });
});
