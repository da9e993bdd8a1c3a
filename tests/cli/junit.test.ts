/**
 * `check --format junit` times: each test case carries the time measured for it (a rule's case
 * the time spent checking its frames, the file's case the time reading it), not the file's
 * time shared out; deviations and allowed violations a case accepted are in its system-out.
 */
import { describe, expect, it } from 'vitest';
import type { CheckReport } from '../../cli/check/report.js';
import { junitXml } from '../../cli/junit.js';

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
      durationMs: 900,
    },
  ],
};

const caseOf = (xml: string, name: string) => {
  const start = xml.indexOf(`name="${name}"`);
  return xml.slice(start, xml.indexOf('</testcase>', start));
};

describe('JUnit times and output', () => {
  const xml = junitXml(report);

  it('gives each case its own measured time and the suite the file time', () => {
    expect(xml).toContain('<testsuite name="day.jsonl" tests="3" failures="1" errors="0" skipped="0" time="0.900"');
    expect(caseOf(xml, 'client requestChat follows the contract')).toMatch(/^[^>]*time="0\.250">/);
    expect(caseOf(xml, 'server newMessage follows the contract')).toMatch(/^[^>]*time="0\.600">/);
    expect(caseOf(xml, 'the capture is readable, has frames, and every line is a frame')).toMatch(
      /^[^>]*time="0\.050">/,
    );
  });

  it('writes the timestamp as JUnit has it: no zone, no fractions', () => {
    expect(xml).toContain('timestamp="2026-11-24T23:01:38"');
    expect(xml).not.toContain('23:01:38.123');
  });

  it('lists accepted deviations (grouped) and allowed violations in the case’s system-out', () => {
    expect(caseOf(xml, 'client requestChat follows the contract')).toContain(
      '<system-out>2 frames checked\nday.jsonl:1: deviation accepted by the tolerant profile: /body/customData is required (2 frames)</system-out>',
    );
    expect(caseOf(xml, 'server newMessage follows the contract')).toContain(
      'day.jsonl:3: allowed: /body/mood is not allowed (our deployment adds it)',
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
    expect(caseOf(out, 'server newMessage follows the contract')).toContain('/body/a\\u009b2J\\u202eb is not allowed');
  });
});
