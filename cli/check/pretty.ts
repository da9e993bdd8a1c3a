/**
 * The pretty form of a check report: one line a problem, `file:line: /pointer problem` (a HAR
 * message by its path), a line per connection (its session, frames, how it ended), then a summary.
 */

import { printable } from '../../mock-server/printable.js';
import { DROPPED } from '../../mock-server/proxy/capture.js';
import type { ConnectionReport } from './connections.js';
import type { CheckReport, FileReport, FrameProblem } from './report.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Connections listed in the pretty form; the JSON report lists them all. */
const CONNECTIONS_SHOWN = 20;

/** Where a problem is: its line, or a HAR message's path. */
const place = (file: string, p: { line: number; at?: string }) => `${file}:${p.at ?? p.line}`;

/** How many problems of a kind a file had, listed or not. */
const total = (file: FileReport, kind: 'violations' | 'deviations' | 'allowed' | 'unusable') =>
  file[kind].length + (file.omitted?.[kind] ?? 0);

function connectionLine(file: string, c: ConnectionReport): string {
  const counts = `${plural(c.frames, 'frame')}${c.violations > 0 ? `, ${plural(c.violations, 'violation')}` : ''}`;
  const closed = c.closed;
  const end =
    closed === null
      ? 'no end recorded'
      : `closed by the ${closed.by} with ${closed.code}${closed.code === DROPPED ? ' (dropped: no close frame)' : ''}${closed.reason ? ` ${JSON.stringify(closed.reason)}` : ''}`;
  return `${file}: connection ${c.connection}${c.session === null ? '' : `, session ${c.session}`}: ${counts}; ${end}`;
}

/** A line per connection, when the capture names its connections. */
function connectionLines(file: FileReport): string[] {
  const named = file.connections.filter((c) => c.connection !== null);
  if (named.length === 0) return [];
  const more = named.length - CONNECTIONS_SHOWN + (file.omitted?.connections ?? 0);
  return [
    ...named.slice(0, CONNECTIONS_SHOWN).map((c) => connectionLine(file.file, c)),
    ...(more > 0 ? [`${file.file}: ... and ${plural(more, 'more connection')} (--format json lists them)`] : []),
  ];
}

/** What a file's lists left out, when they were cut. */
function omittedLine(file: FileReport): string[] {
  const o = file.omitted;
  if (!o) return [];
  const parts = [
    o.violations > 0 ? plural(o.violations, 'violation') : '',
    o.deviations > 0 ? plural(o.deviations, 'deviation') : '',
    o.allowed > 0 ? `${o.allowed} allowed` : '',
    o.unusable > 0 ? plural(o.unusable, 'unusable line') : '',
  ].filter(Boolean);
  return parts.length > 0 ? [`${file.file}: ${parts.join(', ')} more, not listed (counted in the summary)`] : [];
}

/** Deviations grouped by rule and place, with how often and where first. */
function deviationLines(file: string, deviations: readonly FrameProblem[]): string[] {
  const groups = new Map<string, { first: FrameProblem; count: number }>();
  for (const d of deviations) {
    const key = `${d.direction} ${d.method} ${d.pointer} ${d.problem}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { first: d, count: 1 });
  }
  return [...groups.values()].map(
    ({ first, count }) =>
      `${place(file, first)}: warning: ${first.pointer || '/'} ${first.problem} (${first.direction} ${first.method}; deviates from the strict contract, accepted by the tolerant profile${count > 1 ? `; ${count} frames` : ''})`,
  );
}

export function prettyReport(report: CheckReport): string {
  const lines: string[] = [];
  for (const file of report.files) {
    if (file.error !== null) lines.push(`${file.file}: ${file.error}`);
    for (const u of file.unusable) lines.push(`${place(file.file, u)}: ${u.problem}`);
    for (const v of file.violations) {
      const connection = v.connection === undefined ? '' : `, connection ${v.connection}`;
      lines.push(`${place(file.file, v)}: ${v.pointer || '/'} ${v.problem} (${v.direction} ${v.method}${connection})`);
    }
    lines.push(...deviationLines(file.file, file.deviations), ...omittedLine(file), ...connectionLines(file));
    // A file that could not be used has said so; "0 frames, all follow the contract" would contradict it.
    if (file.error !== null) continue;
    const [violations, deviations, allowed, unusable] = (
      ['violations', 'deviations', 'allowed', 'unusable'] as const
    ).map((kind) => total(file, kind)) as [number, number, number, number];
    const counts = [
      plural(file.frames, 'frame'),
      ...(file.frames === 0 ? [] : [violations === 0 ? 'all follow the contract' : plural(violations, 'violation')]),
      ...(deviations > 0 ? [plural(deviations, 'deviation')] : []),
      ...(allowed > 0 ? [`${allowed} allowed`] : []),
      ...(unusable > 0 ? [plural(unusable, 'unusable line')] : []),
    ];
    lines.push(`${file.file}: ${counts.join(', ')}`);
  }
  const s = report.summary;
  if (report.files.length > 1) {
    lines.push(
      `${plural(s.files, 'capture')}, ${plural(s.frames, 'frame')}: ${plural(s.violations, 'violation')}, ${plural(s.unusable, 'unusable input')} (profile ${report.profile})`,
    );
  }
  return `${lines.map(printable).join('\n')}\n`;
}
