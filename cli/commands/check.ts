/**
 * mock-chat check <capture...>: every frame of every capture against the contract, in a profile
 * (tolerant by default: what a real server accepts; strict: the widget's own contract). Every
 * violation of every frame is reported; lines and files that cannot be used are reported too,
 * and the rest of the report is still produced in every format. Exit 0 clean, 1 violations,
 * 2 unusable input (a broken line, a missing file, an empty capture, a bad allow list).
 */
import { readFileSync } from 'node:fs';
import type { Profile } from '../../contract/profile-check.js';
import { inertJson, printable } from '../../mock-server/printable.js';
import { ACCEPT_NOTHING, type AllowList, readAllowList, writeAllowList } from '../check/allow.js';
import { prettyReport } from '../check/pretty.js';
import { readCapture } from '../check/read.js';
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
}

export function checkCaptures(
  io: CliIo,
  files: readonly string[],
  options: CheckOptions,
  stdin: () => string = () => readFileSync(0, 'utf8'),
): ExitCode {
  let allow: AllowList = ACCEPT_NOTHING;
  if (options.allow) {
    try {
      allow = readAllowList(options.allow);
    } catch (error) {
      io.err(`mock-chat check: ${printable((error as Error).message)}\n`);
      return EXIT.unusable;
    }
  }
  const captures = files.map((file) => readCapture(file, stdin));
  const report = buildReport(captures, options.profile, allow, VERSION);
  if (options.format === 'json') io.out(`${inertJson(JSON.stringify(report, null, 2))}\n`);
  else if (options.format === 'junit') io.out(junitXml(report));
  else io.out(prettyReport(report));
  if (options.writeAllow) {
    const count = writeAllowList(
      options.writeAllow,
      report.files.flatMap((f) => f.violations),
    );
    io.err(
      `mock-chat check: ${count} accepted deviation${count === 1 ? '' : 's'} written to ${printable(options.writeAllow)}\n`,
    );
  }
  return report.exitCode;
}
