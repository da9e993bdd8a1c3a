/**
 * mock-chat scenario from-capture CAPTURE.jsonl (or - for stdin): a recorded conversation as a
 * scenario that replays it, printed as YAML (or written with -o). It is loaded and checked
 * exactly as `serve` would before it is written: an invalid result is never printed. Lines
 * that cannot be used and frames that were not JSON text are skipped, each said on stderr.
 * Exit 0 written, 1 the scenario does not load, 2 unusable input or an unwritable -o.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { loadScenario, MockChatError } from '../../mock-server/index.js';
import { printable } from '../../mock-server/printable.js';
import { scenarioFromCapture } from '../../mock-server/scenario/from-capture.js';
import { readCapture } from '../check/read.js';
import { type CliIo, EXIT, type ExitCode } from '../io.js';

export interface FromCaptureCommandOptions {
  name?: string;
  output?: string;
}

const kebab = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'recorded';

export function fromCapture(
  io: CliIo,
  file: string,
  options: FromCaptureCommandOptions,
  stdin: () => string = () => readFileSync(0, 'utf8'),
): ExitCode {
  const capture = readCapture(file, stdin);
  if (capture.unreadable) {
    io.err(`mock-chat scenario from-capture: ${printable(capture.name)}: ${capture.unreadable}\n`);
    return EXIT.unusable;
  }
  for (const u of capture.unusable) io.err(`${printable(`${capture.name}:${u.line}: ${u.problem} (skipped)`)}\n`);
  // A scenario replays JSON frames; what was not JSON on the wire has no step to become.
  for (const f of capture.frames.filter((f) => f.notJson !== undefined)) {
    io.err(`${printable(`${capture.name}:${f.line}: ${f.direction} frame ${f.notJson} (skipped)`)}\n`);
  }
  let data: Record<string, unknown>;
  try {
    data = scenarioFromCapture(
      capture.frames.filter((f) => f.notJson === undefined),
      {
        name: options.name ?? kebab(file === '-' ? 'stdin' : path.basename(file).replace(/\.[^.]*$/, '')),
        source: capture.name,
      },
    );
  } catch (error) {
    io.err(`mock-chat scenario from-capture: ${printable(capture.name)}: ${(error as Error).message}\n`);
    return EXIT.unusable;
  }
  try {
    loadScenario(data);
  } catch (error) {
    if (!(error instanceof MockChatError)) throw error;
    io.err(`mock-chat scenario from-capture: the scenario made from ${printable(capture.name)} does not load:\n`);
    for (const line of error.problems.length > 0 ? error.problems : [error.reason]) io.err(`  ${printable(line)}\n`);
    return EXIT.violations;
  }
  const yaml = `# Made by mock-chat scenario from-capture from ${printable(capture.name)}; edit freely and check with mock-chat validate.\n${stringify(data, { lineWidth: 0 })}`;
  if (options.output) {
    try {
      writeFileSync(options.output, yaml);
    } catch (error) {
      const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      io.err(`mock-chat scenario from-capture: cannot write ${printable(options.output)}: ${printable(why)}\n`);
      return EXIT.unusable;
    }
    io.err(`mock-chat scenario from-capture: ${printable(options.output)} written (scenario ${String(data.name)})\n`);
  } else io.out(yaml);
  return EXIT.clean;
}
