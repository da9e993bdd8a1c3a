/** The pretty form of a check report: one line a problem, `file:line: /pointer problem`, then a summary. */
import { printable } from '../../mock-server/printable.js';
import type { CheckReport, FrameProblem } from './report.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

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
      `${file}:${first.line}: warning: ${first.pointer || '/'} ${first.problem} (${first.direction} ${first.method}; deviates from the strict contract, accepted by the tolerant profile${count > 1 ? `; ${count} frames` : ''})`,
  );
}

export function prettyReport(report: CheckReport): string {
  const lines: string[] = [];
  for (const file of report.files) {
    if (file.error !== null) lines.push(`${file.file}: ${file.error}`);
    for (const u of file.unusable) lines.push(`${file.file}:${u.line}: ${u.problem}`);
    for (const v of file.violations) {
      lines.push(`${file.file}:${v.line}: ${v.pointer || '/'} ${v.problem} (${v.direction} ${v.method})`);
    }
    lines.push(...deviationLines(file.file, file.deviations));
    // A file that could not be used has said so; "0 frames, all follow the contract" would contradict it.
    if (file.error !== null) continue;
    const counts = [
      plural(file.frames, 'frame'),
      ...(file.frames === 0
        ? []
        : [file.violations.length === 0 ? 'all follow the contract' : plural(file.violations.length, 'violation')]),
      ...(file.deviations.length > 0 ? [plural(file.deviations.length, 'deviation')] : []),
      ...(file.allowed.length > 0 ? [`${file.allowed.length} allowed`] : []),
      ...(file.unusable.length > 0 ? [plural(file.unusable.length, 'unusable line')] : []),
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
