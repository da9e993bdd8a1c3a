/**
 * JUnit XML for `mock-chat check --format junit`, shaped for CI dashboards: one test suite per
 * capture file (named by its path relative to the working directory), one test case per
 * contract rule it exercised ("client requestChat follows the contract": a name that does not
 * change from run to run, so a dashboard tracks it), failing with every violating frame's
 * line; plus a case for the file itself (readable, has frames, every line a frame), erroring
 * on unusable input. Times are measured, in seconds: a rule's case the time spent checking its
 * frames, the file's case the time spent reading it.
 *
 * The structure is the Apache Ant JUnit schema's, which Jenkins validates against (and which
 * GitLab, GitHub reporters and the other common consumers read): `testsuites` without
 * attributes; each `testsuite` with `id` (from 0), `package`, `name`, `timestamp` (UTC, no zone
 * or fractions), `hostname`, the counts and `time`, holding `properties` (the tool, version and
 * profile), its `testcase`s, then `system-out` and `system-err`. A test case holds at most one
 * `error` or `failure` and no output of its own: what each case checked and accepted (frame
 * counts, deviations, allowed violations), and each connection's session and end, go in the
 * suite's `system-out`, under the case's name.
 */
import { hostname } from 'node:os';
import { printable } from '../mock-server/printable.js';
import type { ConnectionReport } from './check/connections.js';
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
      `${file}:${first.at ?? first.line}: ${what}: ${first.pointer || '/'} ${first.problem}${first.reason ? ` (${first.reason})` : ''}${count > 1 ? ` (${count} frames)` : ''}`,
  );
}

function casesOf(file: FileReport): Case[] {
  const of = (rule: FileReport['rules'][number]) => (p: FrameProblem) =>
    p.direction === rule.direction && p.method === rule.method;
  const rules = file.rules.map(
    (rule): Case => ({
      name: `${rule.direction} ${rule.method} follows the contract`,
      durationMs: rule.durationMs,
      failures: file.violations
        .filter(of(rule))
        .map((v) => `${file.file}:${v.at ?? v.line}: ${v.pointer || '/'} ${v.problem}`),
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
      ...file.unusable.map((u) => `${file.file}:${u.at ?? u.line}: ${u.problem}`),
    ],
    output: [`${plural(file.frames, 'frame')} read`],
  };
  return [readable, ...rules];
}

/** A case: its error (unusable input) or else its failure (violations); never both, as the schema has it. */
function testCase(suite: string, c: Case): string {
  const open = `    <testcase classname="${escapeXml(suite)}" name="${escapeXml(c.name)}" time="${seconds(c.durationMs)}"`;
  if (c.errors.length > 0) {
    return `${open}>
      <error message="${escapeXml(printable(c.errors[0] as string))}" type="unusable">${escapeXml(lines(c.errors))}</error>
    </testcase>`;
  }
  if (c.failures.length > 0) {
    return `${open}>
      <failure message="${escapeXml(printable(`${plural(c.failures.length, 'violation')}: ${c.failures[0]}`))}" type="contract">${escapeXml(lines(c.failures))}</failure>
    </testcase>`;
  }
  return `${open}/>`;
}

/** A connection in the suite's output: its session, frames, and how it ended. */
function connectionOutput(c: ConnectionReport): string {
  const end = c.closed === null ? 'no end recorded' : `closed by the ${c.closed.by} with ${c.closed.code}`;
  return `connection ${c.connection}${c.session === null ? '' : ` (session ${c.session})`}: ${plural(c.frames, 'frame')}, ${plural(c.violations, 'violation')}; ${end}`;
}

/** The suite's system-out: each case's output under its name, then the connections. */
function suiteOutput(file: FileReport, cases: readonly Case[]): string {
  const named = file.connections.filter((c) => c.connection !== null);
  return lines([
    ...cases.flatMap((c) => [`${c.name}:`, ...c.output.map((line) => `  ${line}`)]),
    ...(named.length > 0 ? ['connections:', ...named.map((c) => `  ${connectionOutput(c)}`)] : []),
  ]);
}

export function junitXml(report: CheckReport): string {
  // The schema's timestamp: ISO 8601 without a zone or fractions (UTC here).
  const timestamp = report.timestamp.slice(0, 19);
  const host = escapeXml(printable(hostname().trim()) || 'localhost');
  const properties = [
    ['tool', report.tool],
    ['version', report.version],
    ['profile', report.profile],
  ]
    .map(([name, value]) => `      <property name="${name}" value="${escapeXml(String(value))}"/>`)
    .join('\n');
  const suites = report.files.map((file, id) => {
    const cases = casesOf(file);
    const f = cases.filter((c) => c.errors.length === 0 && c.failures.length > 0).length;
    const e = cases.filter((c) => c.errors.length > 0).length;
    return `  <testsuite id="${id}" package="mock-chat check" name="${escapeXml(file.file)}" timestamp="${timestamp}" hostname="${host}" tests="${cases.length}" failures="${f}" errors="${e}" skipped="0" time="${seconds(file.durationMs)}">
    <properties>
${properties}
    </properties>
${cases.map((c) => testCase(file.file, c)).join('\n')}
    <system-out>${escapeXml(suiteOutput(file, cases))}</system-out>
    <system-err/>
  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
${suites.join('\n')}
</testsuites>
`;
}
