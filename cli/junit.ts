/**
 * JUnit XML for `mock-chat check --format junit`, shaped for CI dashboards: one test suite per
 * capture file (named by its path relative to the working directory), one test case per
 * contract rule it exercised ("client requestChat", "server newMessage": stable names that a
 * dashboard tracks from run to run), failing with every violating frame's line; plus a case
 * for the file itself (readable, has frames, every line a frame), erroring on unusable input.
 * Times in seconds, the run's timestamp on every suite.
 */
import type { CheckReport, FileReport } from './check/report.js';

export function escapeXml(text: string): string {
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

const seconds = (ms: number) => (ms / 1000).toFixed(3);

interface Case {
  name: string;
  failures: string[];
  errors: string[];
}

function casesOf(file: FileReport): Case[] {
  const readable: Case = {
    name: 'the capture is readable, has frames, and every line is a frame',
    failures: [],
    errors: [
      ...(file.error === null ? [] : [`${file.file}: ${file.error}`]),
      ...file.unusable.map((u) => `${file.file}:${u.line}: ${u.problem}`),
    ],
  };
  const rules = file.rules.map(
    (rule): Case => ({
      name: `${rule.direction} ${rule.method} follows the contract (${rule.frames} frame${rule.frames === 1 ? '' : 's'})`,
      failures: file.violations
        .filter((v) => v.direction === rule.direction && v.method === rule.method)
        .map((v) => `${file.file}:${v.line}: ${v.pointer || '/'} ${v.problem}`),
      errors: [],
    }),
  );
  return [readable, ...rules];
}

function testCase(suite: string, c: Case, time: string): string {
  const open = `    <testcase classname="${escapeXml(suite)}" name="${escapeXml(c.name)}" time="${time}"`;
  if (c.failures.length === 0 && c.errors.length === 0) return `${open}/>`;
  const body = [
    ...(c.errors.length > 0
      ? [
          `      <error message="${escapeXml(c.errors[0] as string)}" type="unusable">${escapeXml(c.errors.join('\n'))}</error>`,
        ]
      : []),
    ...(c.failures.length > 0
      ? [
          `      <failure message="${escapeXml(`${c.failures.length} violation${c.failures.length === 1 ? '' : 's'}: ${c.failures[0]}`)}" type="contract">${escapeXml(c.failures.join('\n'))}</failure>`,
        ]
      : []),
  ];
  return `${open}>\n${body.join('\n')}\n    </testcase>`;
}

export function junitXml(report: CheckReport): string {
  let tests = 0;
  let failures = 0;
  let errors = 0;
  const suites = report.files.map((file) => {
    const cases = casesOf(file);
    const caseTime = seconds(file.durationMs / Math.max(1, cases.length));
    const f = cases.filter((c) => c.failures.length > 0).length;
    const e = cases.filter((c) => c.errors.length > 0).length;
    tests += cases.length;
    failures += f;
    errors += e;
    return `  <testsuite name="${escapeXml(file.file)}" tests="${cases.length}" failures="${f}" errors="${e}" skipped="0" time="${seconds(file.durationMs)}" timestamp="${report.timestamp}">
${cases.map((c) => testCase(file.file, c, caseTime)).join('\n')}
  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="mock-chat check (profile ${report.profile})" tests="${tests}" failures="${failures}" errors="${errors}" time="${seconds(report.durationMs)}" timestamp="${report.timestamp}">
${suites.join('\n')}
</testsuites>
`;
}
