/**
 * Issue 15: `mock-chat check` as a CI gate. A capture with several problems per frame, a line
 * cut short by a killed recorder and a UTF-8 byte order mark yields a complete report in all
 * three formats and exit 2; an empty capture is exit 2; several files and stdin; a frame as
 * real clients send it passes the tolerant profile; an allow list accepts known deviations;
 * the JSON report follows its published schema.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { runMockChat } from '../support/mock-chat-cli.js';
import { repoRoot } from '../support/specs.js';
import { dir, file } from './fixtures.js';
import { junitSchemaProblems } from './junit-schema.js';

const run = (args: string[], stdin?: string) =>
  runMockChat(args, { cwd: dir, ...(stdin === undefined ? {} : { stdin }) });

const line = (direction: string, frame: unknown) => JSON.stringify({ direction, frame });

/** A requestChat as the protocol's public reference clients send it. */
const realClientRequestChat = {
  apiVersion: '1.0',
  type: 'request',
  authToken: '',
  body: {
    method: 'requestChat',
    deviceType: 'Mozilla/5.0',
    routePointIdentifier: 'Sales_prod',
    workFlowType: '',
    requestTranscript: false,
    workRequestId: null,
    calledParty: 'https://www.example.com/',
    leaseTime: 0,
    priority: 5,
    intrinsics: {
      channelAttribute: 'Chat',
      textDirection: 'ltr',
      attributes: ['Country.US'],
      email: 'ada@example.com',
      name: 'Ada',
      lastName: '',
      phoneNumber: '',
      getAcmeUpdates: true,
      topic: '',
      customFields: [],
    },
  },
};

/** Three problems in one frame (and an extra field, which server frames may carry). */
const threeProblems = {
  apiVersion: '1.0',
  type: 'notification',
  body: {
    method: 'newMessage',
    displayName: 42,
    timestamp: 'yesterday',
    message: 'hi',
    mood: 'happy',
    senderType: 'live_agent',
  },
};

const brokenCapture = () =>
  file(
    'ci.jsonl',
    `\uFEFF${line('client', realClientRequestChat)}\n${line('server', threeProblems)}\n{"direction":"server","frame":{"apiVers\n`,
  );

describe('mock-chat check as a CI gate', () => {
  it('reports every problem of a frame, deduplicated and in pointer order', async () => {
    const { code, stdout } = await run([
      'check',
      file('three.jsonl', line('server', threeProblems)),
      '--profile',
      'strict',
    ]);
    expect(code).toBe(1);
    const lines = stdout.split('\n').filter((l) => l.startsWith('three.jsonl:1:'));
    expect(lines).toEqual([
      'three.jsonl:1: /body/displayName must be string (server newMessage)',
      'three.jsonl:1: /body/timestamp must be integer (server newMessage)',
      'three.jsonl:1: /body/type is required but missing (server newMessage)',
    ]);
  });

  it('a BOM, a broken line and several problems give a complete report in every format, exit 2', async () => {
    const capture = brokenCapture();
    const pretty = await run(['check', capture, '--profile', 'strict']);
    expect(pretty.code).toBe(2);
    expect(pretty.stdout).toContain('ci.jsonl:3: is not JSON (a recorder stopped mid-line?)');
    expect(pretty.stdout).toContain('ci.jsonl:1: /body/customData is required but missing (client requestChat)');
    expect(pretty.stdout).toContain('ci.jsonl:2: /body/timestamp must be integer (server newMessage)');
    expect(pretty.stdout).toContain('ci.jsonl:2: /body/type is required but missing (server newMessage)');
    expect(pretty.stdout).toMatch(/ci\.jsonl: 2 frames, \d+ violations, 1 unusable line/);

    const json = await run(['check', capture, '--profile', 'strict', '--format', 'json']);
    expect(json.code).toBe(2);
    const report = JSON.parse(json.stdout);
    expect(report.exitCode).toBe(2);
    expect(report.files[0].unusable).toEqual([{ line: 3, problem: 'is not JSON (a recorder stopped mid-line?)' }]);
    expect(report.files[0].violations.length).toBeGreaterThanOrEqual(4);

    const junit = await run(['check', capture, '--profile', 'strict', '--format', 'junit']);
    expect(junit.code).toBe(2);
    expect(junit.stdout).toMatch(
      /<testsuite id="0" package="mock-chat check" name="ci\.jsonl" timestamp="\d{4}-[^"]+" hostname="[^"]+" tests="3" failures="2" errors="1" skipped="0" time="[0-9.]+">/,
    );
    expect(junitSchemaProblems(junit.stdout)).toEqual([]);
    expect(junit.stdout).toContain('<error message="ci.jsonl:3: is not JSON');
    expect(junit.stdout).toContain('name="server newMessage follows the contract"');
  });

  it('JUnit test cases keep their names from run to run; counts go to the suite’s system-out; the timestamp has no zone', async () => {
    const one = file('run1.jsonl', `${line('server', threeProblems)}\n`);
    const two = file('run2.jsonl', `${line('server', threeProblems)}\n${line('server', threeProblems)}\n`);
    const names = (xml: string) => [...xml.matchAll(/<testcase [^>]*name="([^"]*)"/g)].map((m) => m[1]);
    const first = await run(['check', one, '--format', 'junit']);
    const second = await run(['check', two, '--format', 'junit']);
    expect(names(first.stdout)).toEqual([
      'the capture is readable, has frames, and every line is a frame',
      'server newMessage follows the contract',
    ]);
    expect(names(second.stdout)).toEqual(names(first.stdout));
    expect(first.stdout).toContain('server newMessage follows the contract:\n  1 frame checked');
    expect(second.stdout).toContain('server newMessage follows the contract:\n  2 frames checked');
    // JUnit's schema: ISO 8601 with neither zone nor fractions.
    const stamps = [...second.stdout.matchAll(/timestamp="([^"]*)"/g)].map((m) => m[1]);
    expect(stamps.length).toBe(1);
    for (const stamp of stamps) expect(stamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  });

  it('a tolerant-profile violation of an any-case enum names the allowed values in every format', async () => {
    const participant = {
      apiVersion: '1.0',
      type: 'notification',
      body: {
        method: 'newParticipant',
        agentId: 'a1',
        displayName: 'Bob',
        role: 'ACTIVE_PARTICIPANT',
        numberOfParticipants: 1,
        participants: [{ id: 'a1', name: 'Bob', type: 'agent' }],
      },
    };
    const capture = file('enum.jsonl', `${line('server', participant)}\n`);
    const roles =
      'must be one of "active_participant", "passive_participant", "supervisor_observe", "supervisor_barge"';
    const pretty = await run(['check', capture]);
    expect(pretty.code).toBe(1);
    expect(pretty.stdout).toContain(
      `enum.jsonl:1: /body/participants/0/type ${roles} (any case) (server newParticipant)`,
    );
    // The frame's other deviation is still reported, as a warning.
    expect(pretty.stdout).toContain(`enum.jsonl:1: warning: /body/role ${roles} (server newParticipant;`);
    const json = JSON.parse((await run(['check', capture, '--format', 'json'])).stdout);
    expect(json.files[0].violations[0].problem).toBe(`${roles} (any case)`);
    expect(json.files[0].deviations.map((d: { pointer: string }) => d.pointer)).toEqual(['/body/role']);
    const junit = await run(['check', capture, '--format', 'junit']);
    expect(junit.stdout).toContain(`/body/participants/0/type ${roles.replaceAll('"', '&quot;')} (any case)`);
    for (const out of [pretty.stdout, JSON.stringify(json), junit.stdout]) expect(out).not.toContain('pattern');
  });

  it('reads frames recorded as their text or as binary: JSON text is checked, the rest is a violation', async () => {
    const raw = (direction: string, fields: Record<string, string>) => JSON.stringify({ direction, ...fields });
    const capture = file(
      'raw.jsonl',
      [
        raw('server', { text: JSON.stringify(threeProblems) }),
        raw('client', { text: 'hello?' }),
        raw('server', { binary: Buffer.from([1, 2, 3]).toString('base64') }),
        raw('client', {}),
      ].join('\n'),
    );
    const { code, stdout } = await run(['check', capture, '--profile', 'strict']);
    expect(code).toBe(2);
    expect(stdout).toContain('raw.jsonl:1: /body/timestamp must be integer (server newMessage)');
    expect(stdout).toContain('raw.jsonl:2: / is not JSON: frames are JSON text (client ?)');
    expect(stdout).toContain('raw.jsonl:3: / is a binary frame: frames are JSON text (server ?)');
    expect(stdout).toContain('raw.jsonl:4: lacks frame (or text, or binary)');
  });

  it('a missing or empty file gets its error and no contradicting "all follow the contract"', async () => {
    const empty = file('blank.jsonl', '');
    const { code, stdout } = await run(['check', empty, 'gone.jsonl']);
    expect(code).toBe(2);
    expect(stdout).toContain('blank.jsonl: has no frames');
    expect(stdout).toContain('gone.jsonl: no such file');
    expect(stdout).not.toContain('all follow the contract');
    expect(stdout).not.toMatch(/^(blank|gone)\.jsonl: 0 frames/m);
  });

  it('the JSON report follows specs/check-report.schema.json', async () => {
    const schema = JSON.parse(readFileSync(path.join(repoRoot, 'specs/check-report.schema.json'), 'utf8'));
    const ajv = new Ajv({ allErrors: true, validateFormats: false });
    const validate = ajv.compile(schema);
    const empty = file('empty.jsonl', '');
    for (const args of [[brokenCapture()], [brokenCapture(), '--profile', 'strict'], [empty, 'nope.jsonl']]) {
      const { stdout } = await run(['check', ...args, '--format', 'json']);
      const report = JSON.parse(stdout);
      expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it('an empty capture is exit 2 with a clear message, in every format', async () => {
    const empty = file('empty.jsonl', '\n\n');
    const pretty = await run(['check', empty]);
    expect(pretty.code).toBe(2);
    expect(pretty.stdout).toContain('empty.jsonl: has no frames: an empty capture proves nothing');
    const junit = await run(['check', empty, '--format', 'junit']);
    expect(junit.code).toBe(2);
    expect(junit.stdout).toContain('errors="1"');
  });

  it('checks several files and stdin (-) in one report', async () => {
    const clean = file('one.jsonl', `${line('client', realClientRequestChat)}\n`);
    const { code, stdout } = await run(['check', clean, '-'], `${line('server', threeProblems)}\n`);
    expect(code).toBe(1);
    expect(stdout).toContain('one.jsonl: 1 frame, all follow the contract');
    expect(stdout).toContain('stdin:1: /body/timestamp must be integer');
    expect(stdout).toContain('2 captures, 2 frames');
  });

  it('a requestChat as real clients send it passes the tolerant profile (deviations listed) and fails the strict one', async () => {
    const capture = file('real.jsonl', `${line('client', realClientRequestChat)}\n`);
    const tolerant = await run(['check', capture]);
    expect(tolerant.code).toBe(0);
    expect(tolerant.stdout).toContain('real.jsonl:1: warning: /body/customData is required but missing');
    expect(tolerant.stdout).toContain('1 frame, all follow the contract, 4 deviations');
    expect((await run(['check', capture, '--profile', 'strict'])).code).toBe(1);
  });

  it('--allow accepts a baseline of known violations; --write-allow starts one', async () => {
    const capture = file('baseline.jsonl', `${line('client', realClientRequestChat)}\n`);
    const written = path.join(dir, 'allow.yaml');
    const first = await run(['check', capture, '--profile', 'strict', '--write-allow', written]);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/4 accepted deviations written to/);
    const second = await run(['check', capture, '--profile', 'strict', '--allow', written]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('4 allowed');
    const narrow = file(
      'narrow.yaml',
      '- pointer: /body/intrinsics/*\n  reason: our deployment names its brand flag\n- pointer: /body/customData\n',
    );
    const third = await run(['check', capture, '--profile', 'strict', '--allow', narrow, '--format', 'json']);
    const report = JSON.parse(third.stdout);
    expect(report.files[0].allowed.map((a: { pointer: string }) => a.pointer)).toEqual(
      expect.arrayContaining(['/body/customData', '/body/intrinsics/getAcmeUpdates']),
    );
    const bad = await run(['check', capture, '--allow', file('bad-allow.yaml', '- problem: x\n')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('entry 1 needs pointer');
  });

  it('the vendor’s reference client, frame by frame as the protocol notes show it, passes tolerant and fails strict', async () => {
    // Written from the notes, not recorded from the widget: tests/cli/captures/reference-client.jsonl.
    const capture = path.join(repoRoot, 'tests/cli/captures/reference-client.jsonl');
    const tolerant = await run(['check', capture, '--format', 'json']);
    expect(tolerant.code).toBe(0);
    const report = JSON.parse(tolerant.stdout);
    expect(report.summary).toMatchObject({ frames: 20, violations: 0 });
    type Problem = { line: number; direction: string; method: string; pointer: string };
    const deviations = (report.files[0].deviations as Problem[]).map(
      (d) => `${d.line} ${d.direction} ${d.method} ${d.pointer}`,
    );
    // What the widget never sends, every one listed as a deviation a real server accepts.
    expect(deviations).toEqual(
      expect.arrayContaining([
        '1 client requestChat /body/intrinsics/customFields/0/value',
        '1 client requestChat /body/intrinsics/country',
        '1 client requestChat /body/intrinsics/area',
        '1 client requestChat /body/intrinsics/textDirection',
        '3 client coBrowseStatus /body/method',
        '5 client queueStatus /body/method',
        '14 client newPushPageMessage /body/method',
        '16 client renewChat /body/requestFullTranscript',
        '17 client requestChat /body/guid',
        '19 client ping /apiVersion',
        // And the shapes the vendor documents for servers.
        '2 server requestChat /body/workRequestId',
        '6 server queueStatus /body/method',
        '8 server pong /type',
        '10 server newMessage /body/senderType',
      ]),
    );
    const strict = await run(['check', capture, '--profile', 'strict']);
    expect(strict.code).toBe(1);
    for (const refused of [
      'reference-client.jsonl:1: /body/intrinsics/customFields/0/value is required but missing (client requestChat)',
      'reference-client.jsonl:3: /body/method unknown method "coBrowseStatus" (client coBrowseStatus)',
      'reference-client.jsonl:16: /body/requestFullTranscript is required but missing (client renewChat)',
      'reference-client.jsonl:19: /apiVersion must be string (client ping)',
    ]) {
      expect(strict.stdout).toContain(refused);
    }
  });
});
