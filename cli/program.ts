/**
 * The mock-chat commander program: serve, list, validate, check. Built by a function so
 * tests drive it in-process with exitOverride() and explicit argv.
 */
import { Command, Option } from 'commander';
import { PROXY_LIMITS, type RunningProxy } from '../mock-server/proxy/proxy.js';
import { LIMITS } from '../mock-server/server/start.js';
import { CAPTURE_FORMATS } from './check/read.js';
import { type CheckOptions, checkCaptures } from './commands/check.js';
import { listScenarios } from './commands/list.js';
import { type ProxyCommandOptions, proxy } from './commands/proxy.js';
import { type FromCaptureCommandOptions, fromCapture } from './commands/scenario.js';
import { type ServeOptions, type ServeResult, serve } from './commands/serve.js';
import { validateScenarios } from './commands/validate.js';
import { type CliIo, EXIT, type ExitCode } from './io.js';
import { parseBytes, parseCount, parseMilliseconds, parsePort, parseSeed, parseSpeed } from './parsers.js';
import { VERSION } from './version.js';

export interface ProgramRun {
  /** The exit code the last action chose (usage errors are reported by commander). */
  code: ExitCode;
  /** The running server after `serve`. */
  serve?: ServeResult;
  /** The running proxy after `proxy`. */
  proxy?: RunningProxy;
  /**
   * `serve` or `proxy` is starting or running: a closed stdout or stderr then only stops its
   * log there (main.ts), it never ends the process.
   */
  serving?: boolean;
}

/** How a capture is read: JSON lines or HAR (by default, by the file's extension). */
const inputFormatOption = () =>
  new Option('--input-format <format>', 'jsonl or har (default: har for a .har file, else jsonl)').choices(
    CAPTURE_FORMATS,
  );

/** A repeatable option's values, in order. */
const collect = (value: string, previous: string[]) => [...previous, value];

export function createProgram(io: CliIo, run: ProgramRun = { code: EXIT.clean }): Command {
  const program = new Command('mock-chat')
    .description('A scripted contact centre (REST + WebSocket) and contract checker for the chat widget.')
    .version(VERSION)
    .showHelpAfterError()
    // Never process.exit() from inside: main.ts (and tests) map results to exit codes.
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });

  program
    .command('serve')
    .description('Serve a scenario: the REST calls, the /chat socket, and the demo page at /.')
    .option(
      '-s, --scenario <name|file|folder>',
      'a built-in name, a .yaml file or a folder of them; repeat it to serve several (the first runs; default happy-path)',
      collect,
      [],
    )
    .option('-w, --watch', 'reload scenario files and folders when they change (new sessions play the new version)')
    .addOption(
      new Option('-p, --port <port>', 'port; 0 picks a free one').default(8080).argParser(parsePort).env('PORT'),
    )
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--speed <factor>', 'divide every scenario delay (10 = ten times faster)', parseSpeed, 1)
    .addOption(
      new Option(
        '--profile <profile>',
        'which client frames are accepted: what a real server accepts, or the widget contract',
      )
        .choices(['tolerant', 'strict'])
        .default('tolerant'),
    )
    .addOption(
      new Option('--contract <mode>', 'client frames that break the profile: strict answers error frames, warn logs')
        .choices(['strict', 'warn'])
        .default('strict'),
    )
    .addOption(new Option('--log <format>', 'one line per frame').choices(['pretty', 'json']).default('pretty'))
    .option('--record <capture.jsonl>', 'write every frame to a capture `mock-chat check` reads')
    .option('--seed <n>', 'seed of everything random (guids, keys, ids)', parseSeed)
    .option('--max-payload <bytes>', 'largest client frame; bigger ones close with 1009', parseBytes, 64 * 1024)
    .option(
      '--allow-origin <origin...>',
      'pages besides this server and loopback ones that may use /__mock/* and /chat ("*" for any)',
    )
    .option(
      '--max-sessions <n>',
      'chat sessions and sockets held at once; the longest-orphaned go first',
      parseCount,
      LIMITS.maxSessions,
    )
    .option('--transcript-entries <n>', 'transcript entries kept per session (oldest fall off)', parseCount, 1000)
    .option(
      '--transcript-bytes <bytes>',
      'transcript bytes kept per session (oldest fall off)',
      parseBytes,
      1024 * 1024,
    )
    .option(
      '--max-buffered <bytes>',
      'bytes waiting for one client before it counts as not reading and is closed',
      parseBytes,
      LIMITS.maxBufferedBytes,
    )
    .option(
      '--journal-bytes <bytes>',
      'frames kept per session and direction for GET /__mock/sessions (oldest fall off)',
      parseBytes,
      LIMITS.journalBytes,
    )
    .option(
      '--first-frame-timeout <duration>',
      'time a socket may send nothing after opening; then it is closed with 4408 and frees its place',
      parseMilliseconds,
      LIMITS.firstFrameTimeoutMs,
    )
    .action(async (options: ServeOptions) => {
      run.serving = true;
      run.serve = await serve(io, options);
      run.code = run.serve.code;
    });

  program
    .command('list')
    .description('The built-in scenarios with their stories.')
    .addOption(new Option('--format <format>', 'output').choices(['pretty', 'json']).default('pretty'))
    .action((options: { format: 'pretty' | 'json' }) => {
      run.code = listScenarios(io, options.format);
    });

  program
    .command('validate')
    .description(
      'Check scenario files, folders of them, or built-in names; every problem prints as file:line:column: place: problem and how to fix it.',
    )
    .argument('<file...>', 'scenario files, folders or built-in names')
    .action((files: string[]) => {
      run.code = validateScenarios(io, files);
    });

  program
    .command('check')
    .description(
      'Check captures (JSON lines from serve --record or proxy --record, or a HAR; - for stdin) against the contract.',
    )
    .argument('<capture...>', 'capture files, e.g. from serve --record or proxy --record, or .har; - reads stdin')
    .addOption(new Option('--format <format>', 'report format').choices(['pretty', 'json', 'junit']).default('pretty'))
    .addOption(inputFormatOption())
    .addOption(
      new Option('--profile <profile>', 'tolerant: what a real server accepts; strict: the widget contract')
        .choices(['tolerant', 'strict'])
        .default('tolerant'),
    )
    .option(
      '--allow <file>',
      'a baseline of accepted violations (YAML or JSON list of { pointer, problem?, direction?, method?, reason? })',
    )
    .option('--write-allow <file>', 'write every violation of this run as a baseline to accept')
    .action(async (files: string[], options: CheckOptions) => {
      run.code = await checkCaptures(io, files, options);
    });

  program
    .command('proxy')
    .description(
      'Forward a real client to a real contact centre, checking every frame live against the contract (REST passed through).',
    )
    .requiredOption('-t, --target <ws-url>', 'the contact centre socket, ws(s)://HOST/chat')
    .option('--rest-target <url>', 'where REST calls go (default: the target host over http(s))')
    .addOption(new Option('-p, --port <port>', 'port; 0 picks a free one').default(8090).argParser(parsePort))
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .addOption(
      new Option('--profile <profile>', 'tolerant: what a real server accepts; strict: the widget contract')
        .choices(['tolerant', 'strict'])
        .default('tolerant'),
    )
    .option('--record <capture.jsonl>', 'write every frame to a capture `mock-chat check` reads')
    .addOption(new Option('--log <format>', 'one line per frame').choices(['pretty', 'json']).default('pretty'))
    .option(
      '--max-payload <bytes>',
      'largest frame forwarded; bigger ones close with 1009',
      parseBytes,
      PROXY_LIMITS.maxPayload,
    )
    .option(
      '--connect-timeout <duration>',
      "time the contact centre has to answer a socket's handshake; then the client is closed with 1014",
      parseMilliseconds,
      PROXY_LIMITS.connectTimeoutMs,
    )
    .option(
      '--idle-timeout <duration>',
      'time a socket may pass no frame either way; then both sides are closed (the client with 4408)',
      parseMilliseconds,
      PROXY_LIMITS.idleTimeoutMs,
    )
    .option(
      '--max-buffered <bytes>',
      'bytes waiting for one side of a socket before the other side is no longer read',
      parseBytes,
      PROXY_LIMITS.maxBufferedBytes,
    )
    .option(
      '--request-timeout <duration>',
      'time the contact centre may send nothing on a REST call; then 504',
      parseMilliseconds,
      PROXY_LIMITS.requestTimeoutMs,
    )
    .option(
      '--max-response <bytes>',
      'largest REST answer passed on; a bigger one is 502',
      parseBytes,
      PROXY_LIMITS.maxResponseBytes,
    )
    .option(
      '--max-connections <n>',
      'sockets and REST calls at once; more get 503',
      parseCount,
      PROXY_LIMITS.maxConnections,
    )
    .action(async (options: ProxyCommandOptions) => {
      run.serving = true;
      const result = await proxy(io, options);
      run.code = result.code;
      if (result.proxy) run.proxy = result.proxy;
    });

  program
    .command('scenario')
    .description('Make scenarios.')
    .command('from-capture')
    .description(
      'Each recorded chat session of a capture (JSON lines or HAR) as a scenario that replays it, printed as YAML.',
    )
    .argument('<capture>', 'capture file from serve --record or proxy --record, or a .har; - reads stdin')
    .option('--name <name>', 'the scenario name (default: from the file name; with several sessions, and -GUID)')
    .option(
      '-o, --output <file|folder/>',
      'write the YAML here instead of printing it; a folder gets one file a session',
    )
    .option('--session <guid>', 'replay only this chat session of the capture', parseSeed)
    .addOption(
      new Option(
        '--format <format>',
        'how the capture is written: jsonl or har (default: har for a .har file)',
      ).choices(CAPTURE_FORMATS),
    )
    .action(async (file: string, options: FromCaptureCommandOptions) => {
      run.code = await fromCapture(io, file, options);
    });

  program.addHelpText(
    'after',
    '\nExit codes: 0 clean, 1 contract or scenario violations, 2 unusable input (missing file, unreadable line, unknown scenario, busy port, bad option).',
  );
  return program;
}
