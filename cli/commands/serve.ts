/**
 * mock-chat serve: starts the scripted contact centre, prints the URL when ready, one
 * line per frame, and shuts down cleanly on SIGINT/SIGTERM.
 */
import { MockChatError, type MockServer, startMockServer } from '../../mock-server/index.js';
import type { LogMode } from '../../mock-server/log.js';
import { inertJson, printable } from '../../mock-server/printable.js';
import { SEEDED_WARNING } from '../../mock-server/random.js';
import { type CliIo, EXIT, type ExitCode } from '../io.js';
import { printError } from '../print-error.js';

export interface ServeOptions {
  /** Names, files and folders; the first runs. Empty: happy-path. */
  scenario: string[];
  watch?: boolean;
  profile: 'tolerant' | 'strict';
  port: number;
  host: string;
  speed: number;
  contract: 'strict' | 'warn';
  log: LogMode;
  record?: string;
  seed?: number;
  maxPayload?: number;
  allowOrigin?: string[];
  maxSessions?: number;
  transcriptEntries?: number;
  transcriptBytes?: number;
  maxBuffered?: number;
  journalBytes?: number;
  firstFrameTimeout?: number;
}

export interface ServeResult {
  code: ExitCode;
  server?: MockServer;
}

export async function serve(io: CliIo, options: ServeOptions): Promise<ServeResult> {
  let server: MockServer;
  try {
    server = await startMockServer({
      scenario: options.scenario.length > 0 ? options.scenario : ['happy-path'],
      watch: options.watch ?? false,
      profile: options.profile,
      port: options.port,
      host: options.host,
      speed: options.speed,
      contract: options.contract,
      log: options.log,
      logOut: io.stdout,
      record: options.record,
      seed: options.seed,
      maxPayload: options.maxPayload,
      allowOrigins: options.allowOrigin?.flatMap((entry) => entry.split(',').map((o) => o.trim())),
      maxSessions: options.maxSessions,
      transcriptLimit: options.transcriptEntries,
      transcriptBytes: options.transcriptBytes,
      maxBufferedBytes: options.maxBuffered,
      journalBytes: options.journalBytes,
      firstFrameTimeoutMs: options.firstFrameTimeout,
    });
  } catch (error) {
    if (!(error instanceof MockChatError)) throw error;
    printError(io, error);
    return { code: error.code === 'SCENARIO_INVALID' ? EXIT.violations : EXIT.unusable };
  }
  if (options.seed !== undefined) io.err(`${SEEDED_WARNING}\n`);
  const ready = `mock-chat: scenario ${server.scenario} ready at ${server.url} (socket ${server.socketUrl})`;
  if (options.log === 'json') {
    const line = {
      time: new Date().toISOString(),
      level: 'info',
      message: ready,
      url: server.url,
      console: server.consoleUrl,
    };
    io.out(`${inertJson(JSON.stringify(line))}\n`);
  } else {
    io.out(`${printable(ready)}\n`);
    io.out(`${printable(`mock-chat: the demo site at ${server.url}/; play the agent at ${server.consoleUrl}`)}\n`);
    const others = options.scenario.length > 1 || options.watch;
    if (others) {
      io.out(
        `mock-chat: profile ${options.profile}; pick a scenario per page with ?scenario=NAME${options.watch ? '; watching scenario files for changes' : ''}\n`,
      );
    }
  }
  return { code: EXIT.clean, server };
}

/** Closes the server on the first SIGINT/SIGTERM; a second one exits at once. */
export function closeOnSignals(server: MockServer, io: CliIo, exit: (code: number) => void): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      exit(130);
      return;
    }
    stopping = true;
    io.err(`mock-chat: ${signal}, shutting down\n`);
    server.close().then(
      () => exit(EXIT.clean),
      () => exit(EXIT.violations),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
