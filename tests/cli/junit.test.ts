/**
 * `check --format junit`: the structure of the Ant JUnit schema Jenkins validates against
 * (junit-schema.ts), each test case with the time measured for it (a rule's case the time spent
 * checking its frames, the file's case the time spent reading it), and what each case accepted
 * (deviations, allowed violations) and each connection's session and end in the suite's
 * system-out, under the case's name.
 */
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { CheckReport } from '../../cli/check/report.js';
import { junitXml } from '../../cli/junit.js';
import { junitSchemaProblems } from './junit-schema.js';

const report: CheckReport = {
  tool: 'mock-chat check',
  version: '0.0.0',
  profile: 'tolerant',
  timestamp: '2026-11-24T23:01:38.123Z',
  durationMs: 1000,
  ok: false,
  exitCode: 1,
  summary: { files: 1, frames: 4, violations: 1, deviations: 2, allowed: 1, unusable: 0 },
  files: [
    {
      file: 'day.jsonl',
      format: 'jsonl',
      frames: 4,
      error: null,
      violations: [
        { line: 3, direction: 'server', method: 'newMessage', pointer: '/body/timestamp', problem: 'must be integer' },
      ],
      deviations: [
        { line: 1, direction: 'client', method: 'requestChat', pointer: '/body/customData', problem: 'is required' },
        { line: 4, direction: 'client', method: 'requestChat', pointer: '/body/customData', problem: 'is required' },
      ],
      allowed: [
        {
          line: 3,
          direction: 'server',
          method: 'newMessage',
          pointer: '/body/mood',
          problem: 'is not allowed',
          reason: 'our deployment adds it',
        },
      ],
      unusable: [],
      rules: [
        { direction: 'client', method: 'requestChat', frames: 2, durationMs: 250 },
        { direction: 'server', method: 'newMessage', frames: 2, durationMs: 600 },
      ],
      connections: [
        { connection: 1, session: 4711, frames: 3, violations: 1, closed: { code: 1006, reason: '', by: 'server' } },
        { connection: 2, session: 4711, frames: 1, violations: 0, closed: null },
      ],
      durationMs: 900,
    },
  ],
};

const caseOf = (xml: string, name: string) => {
  const start = xml.indexOf(`name="${name}"`);
  return xml.slice(start, xml.indexOf('\n', start));
};
const systemOut = (xml: string) => xml.slice(xml.indexOf('<system-out>'), xml.indexOf('</system-out>'));

describe('JUnit structure (the Ant schema Jenkins validates against)', () => {
  it('a report with failures, errors, two files and hostile text follows it', () => {
    const two = structuredClone(report);
    const first = two.files[0] as (typeof two.files)[number];
    two.files.push({
      ...structuredClone(first),
      file: 'broken <&> "file".jsonl',
      error: 'has no frames',
      unusable: [{ line: 3, problem: 'is not JSON \u0007\u202e' }],
    });
    for (const xml of [junitXml(report), junitXml(two), junitXml({ ...report, files: [] })]) {
      expect(junitSchemaProblems(xml)).toEqual([]);
    }
    const xml = junitXml(two);
    expect(xml).toContain(
      '<testsuite id="1" package="mock-chat check" name="broken &lt;&amp;&gt; &quot;file&quot;.jsonl"',
    );
    expect(xml).toContain(`hostname="${hostname()}"`);
    expect(xml).toContain('<property name="profile" value="tolerant"/>');
    // A case holds its error or its failure, never both.
    expect(xml.match(/<error /g)).toHaveLength(1);
  });

  it('the checker refuses what the schema refuses: the older shape of this report', () => {
    const older = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="mock-chat check" tests="1" failures="0" errors="0" time="0.1">
  <testsuite name="a.jsonl" tests="1" failures="0" errors="0" skipped="0" time="0.1" timestamp="2026-11-24T23:01:38">
    <testcase classname="a.jsonl" name="x" time="0.1">
      <system-out>1 frame checked</system-out>
    </testcase>
  </testsuite>
</testsuites>`;
    expect(junitSchemaProblems(older)).toEqual(
      expect.arrayContaining([
        'testsuites: no attribute is allowed',
        'testsuite[0]: attribute id is required',
        'testsuite[0]: attribute package is required',
        'testsuite[0]: attribute hostname is required',
        'testsuite[0]/testcase[0]: <system-out> is not allowed in a testcase',
        'testsuite[0]: holds testcase; must be properties, testcase..., system-out, system-err',
      ]),
    );
  });
});

describe('JUnit times and output', () => {
  const xml = junitXml(report);

  it('gives each case its own measured time and the suite the file time', () => {
    expect(xml).toMatch(
      /<testsuite id="0" [^>]*name="day\.jsonl" [^>]*tests="3" failures="1" errors="0" skipped="0" time="0\.900"/,
    );
    expect(caseOf(xml, 'client requestChat follows the contract')).toMatch(/time="0\.250"/);
    expect(caseOf(xml, 'server newMessage follows the contract')).toMatch(/time="0\.600"/);
    expect(caseOf(xml, 'the capture is readable, has frames, and every line is a frame')).toMatch(/time="0\.050"/);
  });

  it('writes the timestamp as JUnit has it: no zone, no fractions', () => {
    expect(xml).toContain('timestamp="2026-11-24T23:01:38"');
    expect(xml).not.toContain('23:01:38.123');
  });

  it('lists what each case accepted under its name, and each connection, in the suite’s system-out', () => {
    expect(systemOut(xml)).toContain(
      'client requestChat follows the contract:\n  2 frames checked\n  day.jsonl:1: deviation accepted by the tolerant profile: /body/customData is required (2 frames)\n',
    );
    expect(systemOut(xml)).toContain(
      'server newMessage follows the contract:\n  2 frames checked\n  day.jsonl:3: allowed: /body/mood is not allowed (our deployment adds it)',
    );
    expect(systemOut(xml)).toContain(
      'connections:\n  connection 1 (session 4711): 3 frames, 1 violation; closed by the server with 1006\n  connection 2 (session 4711): 1 frame, 0 violations; no end recorded',
    );
  });

  it('makes control and bidi characters a frame carried inert in every message', () => {
    const hostile = structuredClone(report);
    const file = hostile.files[0] as (typeof hostile.files)[number];
    file.violations = [
      {
        line: 3,
        direction: 'server',
        method: 'newMessage',
        pointer: '/body/a\u009b2J\u202eb',
        problem: 'is not allowed',
      },
    ];
    const out = junitXml(hostile);
    expect(out).not.toMatch(/[\u0080-\u009f\u202a-\u202e]/);
    expect(out).toContain('/body/a\\u009b2J\\u202eb is not allowed');
  });
});
