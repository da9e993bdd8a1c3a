/**
 * mock-chat scenario from-capture CAPTURE (a .jsonl or .har file, or - for stdin): each
 * recorded chat session as a scenario that replays it, printed as YAML or written with -o.
 * A capture of several sessions gives one scenario each (`-o FOLDER/`), or the one `--session`
 * names. Every scenario is loaded and checked exactly as `serve` would before anything is
 * written: an invalid result, or one over the size `serve` and `validate` accept, is never
 * written. Lines that cannot be used, frames that were not JSON text and every server frame the
 * replay leaves out are said on stderr, each with where it is and why.
 * Exit 0 written, 1 a scenario does not load, 2 unusable input, too large, or an unwritable -o.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { loadScenario, MockChatError } from '../../mock-server/index.js';
import { printable } from '../../mock-server/printable.js';
import type { Place } from '../../mock-server/proxy/capture.js';
import { type CapturedSession, MAX_KEPT_BYTES, SessionSplitter } from '../../mock-server/scenario/capture-sessions.js';
import { scenarioFromSession } from '../../mock-server/scenario/from-capture.js';
import { MAX_SCENARIO_BYTES } from '../../mock-server/scenario/load.js';
import { type CaptureFormat, type Chunks, openCapture } from '../check/read.js';
import { type CliIo, EXIT, type ExitCode } from '../io.js';

export interface FromCaptureCommandOptions {
  name?: string;
  output?: string;
  /** The guid of the one session to replay. */
  session?: number;
  /** jsonl or har; by default from the file's extension. */
  format?: CaptureFormat;
}

const COMMAND = 'mock-chat scenario from-capture';

const kebab = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'recorded';

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Which session: its guid, or that the service never confirmed it. */
const label = (session: CapturedSession) =>
  session.guid === undefined ? 'a chat the service never confirmed' : `session ${session.guid}`;

/** A session in one line, to choose it by. */
function describe(session: CapturedSession): string {
  const frames = session.events.filter((e) => e.kind === 'frame').length;
  const sockets = session.connections.filter((c) => c !== null);
  return `${label(session)}: ${frames} frames${sockets.length > 0 ? ` on connection${sockets.length === 1 ? '' : 's'} ${sockets.join(', ')}` : ''}`;
}

/** -o names a folder: it ends with a slash or is one. */
const isFolder = (output: string) =>
  /[\\/]$/.test(output) || (existsSync(output) && statSync(output, { throwIfNoEntry: false })?.isDirectory() === true);

export async function fromCapture(
  io: CliIo,
  file: string,
  options: FromCaptureCommandOptions,
  stdin: () => Chunks = () => process.stdin,
): Promise<ExitCode> {
  const capture = await openCapture(file, options.format, stdin);
  const at = (place: Place) => `${capture.name}:${place.at ?? place.line}`;
  const warn = (line: string) => io.err(`${printable(line)}\n`);
  if (capture.unreadable) {
    io.err(`${COMMAND}: ${printable(capture.name)}: ${capture.unreadable}\n`);
    return EXIT.unusable;
  }
  const splitter = new SessionSplitter();
  let broken = false;
  try {
    for await (const record of capture.records) {
      if (record.kind === 'unusable') warn(`${at(record)}: ${record.problem} (skipped)`);
      else if (record.kind === 'broken') {
        warn(`${capture.name}: ${record.problem}`);
        broken = true;
      } else if (record.kind === 'frame' && record.notJson !== undefined) {
        // A scenario replays JSON frames; what was not JSON on the wire has no step to become.
        warn(`${at(record)}: ${record.direction} frame ${record.notJson} (skipped)`);
      } else splitter.add(record);
    }
  } catch (error) {
    warn(
      `${capture.name}: could not be read to its end: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
    broken = true;
  }
  if (broken) return EXIT.unusable;
  if (splitter.tooLarge) {
    io.err(
      `${COMMAND}: ${printable(capture.name)}: its chat sessions hold more than ${mib(MAX_KEPT_BYTES)} of frames; no scenario made of them could be served (serve and validate refuse scenario files over ${mib(MAX_SCENARIO_BYTES)}): record a shorter conversation\n`,
    );
    return EXIT.unusable;
  }
  const { sessions: all, skipped, skippedCount } = splitter.finish();
  for (const s of skipped) warn(`${at(s.place)}: ${s.why} (skipped)`);
  if (skippedCount > skipped.length) warn(`${capture.name}: ${skippedCount - skipped.length} more frames skipped`);
  if (all.length === 0) {
    io.err(
      `${COMMAND}: ${printable(capture.name)}: the capture has no requestChat from the client: nothing to replay\n`,
    );
    return EXIT.unusable;
  }
  const sessions = options.session === undefined ? all : all.filter((s) => s.guid === options.session);
  const listing = all.map((s) => `  ${describe(s)}`).join('\n');
  if (sessions.length === 0) {
    io.err(`${COMMAND}: ${printable(capture.name)} has no session ${options.session}; it has:\n${listing}\n`);
    return EXIT.unusable;
  }
  const folder = options.output !== undefined && isFolder(options.output) ? options.output : undefined;
  if (sessions.length > 1 && folder === undefined) {
    io.err(
      `${COMMAND}: ${printable(capture.name)} holds ${sessions.length} chat sessions:\n${listing}\npick one with --session GUID, or write one scenario each with -o FOLDER/\n`,
    );
    return EXIT.unusable;
  }

  const base = options.name ?? kebab(file === '-' ? 'stdin' : path.basename(file).replace(/\.[^.]*$/, ''));
  const made: { name: string; yaml: string }[] = [];
  for (const [index, session] of sessions.entries()) {
    const name = sessions.length === 1 ? base : `${base}-${session.guid ?? `unconfirmed-${index + 1}`}`;
    const { scenario, skipped: left } = scenarioFromSession(session, { name, source: capture.name });
    for (const s of left) warn(`${at(s.place)}: ${s.why} (not replayed)`);
    try {
      loadScenario(scenario);
    } catch (error) {
      if (!(error instanceof MockChatError)) throw error;
      io.err(`${COMMAND}: the scenario made from ${printable(capture.name)} (${label(session)}) does not load:\n`);
      for (const line of error.problems.length > 0 ? error.problems : [error.reason]) io.err(`  ${printable(line)}\n`);
      return EXIT.violations;
    }
    const yaml = `# Made by mock-chat scenario from-capture from ${printable(capture.name)}; edit freely and check with mock-chat validate.\n${stringify(scenario, { lineWidth: 0 })}`;
    const bytes = Buffer.byteLength(yaml);
    if (bytes > MAX_SCENARIO_BYTES) {
      io.err(
        `${COMMAND}: the scenario made from ${printable(capture.name)} (${label(session)}) would be ${mib(bytes)}; serve and validate refuse scenario files over ${mib(MAX_SCENARIO_BYTES)}: record a shorter conversation, or cut the capture\n`,
      );
      return EXIT.unusable;
    }
    made.push({ name, yaml });
  }

  const target = (name: string) => (folder === undefined ? options.output : path.join(folder, `${name}.yaml`));
  for (const { name, yaml } of made) {
    const output = target(name);
    if (output === undefined) {
      io.out(yaml);
      continue;
    }
    try {
      if (folder !== undefined) mkdirSync(folder, { recursive: true });
      writeFileSync(output, yaml);
    } catch (error) {
      const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      io.err(`${COMMAND}: cannot write ${printable(output)}: ${printable(why)}\n`);
      return EXIT.unusable;
    }
    io.err(`${COMMAND}: ${printable(output)} written (scenario ${name})\n`);
  }
  return EXIT.clean;
}
