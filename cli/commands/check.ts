/**
 * mock-chat check <capture...>: every frame of every capture against the contract, in a profile
 * (tolerant by default: what a real server accepts; strict: the widget's own contract). Every
 * violation of every frame is reported, with each connection's session and end; lines and files
 * that cannot be used are reported too, and the rest of the report is still produced in every
 * format. Captures are JSON lines or HAR, read as streams. Exit 0 clean, 1 violations,
 * 2 unusable input (a broken line, a missing file, an empty capture, a bad allow list).
 */
import type { Profile } from '../../contract/profile-check.js';
import { inertJson, printable } from '../../mock-server/printable.js';
import { ACCEPT_NOTHING, type AllowList, Baseline, MAX_BASELINE, readAllowList } from '../check/allow.js';
import { prettyReport } from '../check/pretty.js';
import { type CaptureFormat, type Chunks, openCapture } from '../check/read.js';
import { buildReport } from '../check/report.js';
import { type CliIo, EXIT, type ExitCode } from '../io.js';
import { junitXml } from '../junit.js';
import { VERSION } from '../version.js';

export type CheckFormat = 'pretty' | 'json' | 'junit';

export interface CheckOptions {
  format: CheckFormat;
  profile: Profile;
  allow?: string;
  writeAllow?: string;
  /** jsonl or har; by default from each file's extension. */
  inputFormat?: CaptureFormat;
}

export async function checkCaptures(
  io: CliIo,
  files: readonly string[],
  options: CheckOptions,
  stdin: () => Chunks = () => process.stdin,
): Promise<ExitCode> {
  let allow: AllowList = ACCEPT_NOTHING;
  if (options.allow) {
    try {
      allow = readAllowList(options.allow);
    } catch (error) {
      io.err(`mock-chat check: ${printable((error as Error).message)}\n`);
      return EXIT.unusable;
    }
  }
  const captures = files.map((file) => () => openCapture(file, options.inputFormat, stdin));
  const baseline = options.writeAllow ? new Baseline() : undefined;
  const report = await buildReport(captures, options.profile, allow, VERSION, (v) => baseline?.add(v));
  if (options.format === 'json') io.out(`${inertJson(JSON.stringify(report, null, 2))}\n`);
  else if (options.format === 'junit') io.out(junitXml(report));
  else io.out(prettyReport(report));
  if (options.writeAllow && baseline) {
    let count: number;
    try {
      count = baseline.write(options.writeAllow);
    } catch (error) {
      const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      io.err(`mock-chat check: cannot write ${printable(options.writeAllow)}: ${printable(why)}\n`);
      return EXIT.unusable;
    }
    io.err(
      `mock-chat check: ${count} accepted deviation${count === 1 ? '' : 's'} written to ${printable(options.writeAllow)}\n`,
    );
    if (baseline.dropped > 0) {
      io.err(
        `mock-chat check: ${baseline.dropped} more distinct violations not written (a baseline holds at most ${MAX_BASELINE})\n`,
      );
    }
  }
  return report.exitCode;
}
