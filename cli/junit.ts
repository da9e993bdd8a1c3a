/**
 * JUnit XML for `mock-chat check --format junit`, shaped for CI dashboards: one test suite per
 * capture file (named by its path relative to the working directory), one test case per
 * contract rule it exercised ("client requestChat follows the contract": a name that does not
 * change from run to run, so a dashboard tracks it), failing with every violating frame's
 * line; plus a case for the file itself (readable, has frames, every line a frame), erroring
 * on unusable input. How many frames a case checked, and the deviations and allowed violations
 * it accepted, are in its system-out. Times are measured, in seconds: a rule's case the time
 * spent checking its frames, the file's case the time spent reading it. The timestamp is the
 * run's start in UTC, without a zone or fractions, as the JUnit schema has it.
 */
import { printable } from '../mock-server/printable.js';
import type { CheckReport, FileReport, FrameProblem } from './check/report.js';

function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // Characters XML 1.0 cannot carry at all.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '\uFFFD')
  );
}

/**
 * Lines of a message body. Each line is made inert first: dashboards print JUnit text into CI
 * logs, where a C1 control or a bidi override taken from a frame would act.
 */
const lines = (list: readonly string[]) => list.map(printable).join('\n');

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

interface Case {
  name: string;
  durationMs: number;
  failures: string[];
  errors: string[];
  /** What the case checked and accepted, for its system-out. */
  output: string[];
}

/** Accepted problems grouped by place and problem: how often, and where first. */
function acceptedLines(file: string, what: string, problems: readonly FrameProblem[]): string[] {
  const groups = new Map<string, { first: FrameProblem; count: number }>();
  for (const p of problems) {
    const key = `${p.pointer} ${p.problem}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { first: p, count: 1 });
  }
  return [...groups.values()].map(
    ({ first, count }) =>
      `${file}:${first.line}: ${what}: ${first.pointer || '/'} ${first.problem}${first.reason ? ` (${first.reason})` : ''}${count > 1 ? ` (${count} frames)` : ''}`,
  );
}

function casesOf(file: FileReport): Case[] {
  const of = (rule: FileReport['rules'][number]) => (p: FrameProblem) =>
    p.direction === rule.direction && p.method === rule.method;
  const rules = file.rules.map(
    (rule): Case => ({
      name: `${rule.direction} ${rule.method} follows the contract`,
      durationMs: rule.durationMs,
      failures: file.violations.filter(of(rule)).map((v) => `${file.file}:${v.line}: ${v.pointer || '/'} ${v.problem}`),
      errors: [],
      output: [
        `${plural(rule.frames, 'frame')} checked`,
        ...acceptedLines(file.file, 'deviation accepted by the tolerant profile', file.deviations.filter(of(rule))),
        ...acceptedLines(file.file, 'allowed', file.allowed.filter(of(rule))),
      ],
    }),
  );
  const readable: Case = {
    name: 'the capture is readable, has frames, and every line is a frame',
    durationMs: file.durationMs - rules.reduce((sum, rule) => sum + rule.durationMs, 0),
    failures: [],
    errors: [
      ...(file.error === null ? [] : [`${file.file}: ${file.error}`]),
      ...file.unusable.map((u) => `${file.file}:${u.line}: ${u.problem}`),
    ],
    output: [`${plural(file.frames, 'frame')} read`],
  };
  return [readable, ...rules];
}

function testCase(suite: string, c: Case): string {
  const body = [
    ...(c.errors.length > 0
      ? [
          `      <error message="${escapeXml(printable(c.errors[0] as string))}" type="unusable">${escapeXml(lines(c.errors))}</error>`,
        ]
      : []),
    ...(c.failures.length > 0
      ? [
          `      <failure message="${escapeXml(printable(`${plural(c.failures.length, 'violation')}: ${c.failures[0]}`))}" type="contract">${escapeXml(lines(c.failures))}</failure>`,
        ]
      : []),
    `      <system-out>${escapeXml(lines(c.output))}</system-out>`,
  ];
  return `    <testcase classname="${escapeXml(suite)}" name="${escapeXml(c.name)}" time="${seconds(c.durationMs)}">
${body.join('\n')}
    </testcase>`;
}

export function junitXml(report: CheckReport): string {
  // The JUnit schema's timestamp: ISO 8601 without a zone or fractions (UTC here).
  const timestamp = report.timestamp.slice(0, 19);
  let tests = 0;
  let failures = 0;
  let errors = 0;
  const suites = report.files.map((file) => {
    const cases = casesOf(file);
    const f = cases.filter((c) => c.failures.length > 0).length;
    const e = cases.filter((c) => c.errors.length > 0).length;
    tests += cases.length;
    failures += f;
    errors += e;
    return `  <testsuite name="${escapeXml(file.file)}" tests="${cases.length}" failures="${f}" errors="${e}" skipped="0" time="${seconds(file.durationMs)}" timestamp="${timestamp}">
${cases.map((c) => testCase(file.file, c)).join('\n')}
  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="mock-chat check (profile ${report.profile})" tests="${tests}" failures="${failures}" errors="${errors}" time="${seconds(report.durationMs)}" timestamp="${timestamp}">
${suites.join('\n')}
</testsuites>
`;
}
