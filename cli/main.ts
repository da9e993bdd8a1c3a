/**
 * The mock-chat process: runs the program, maps results to exit codes, owns signals. The same
 * compiled file also runs in serve --watch's scenario loader thread
 * (mock-server/server/scenario-loader.ts), where it runs no program.
 */
import { isMainThread } from 'node:worker_threads';
import { CommanderError } from 'commander';
import { stopProxyOnSignals } from './commands/proxy.js';
import { closeOnSignals } from './commands/serve.js';
import { EXIT, processIo } from './io.js';
import { printUnexpected } from './print-error.js';
import { createProgram, type ProgramRun } from './program.js';

async function main(): Promise<void> {
  const run: ProgramRun = { code: EXIT.clean };

  // `mock-chat list | head` closes the pipe early: stop quietly, as Unix tools do, instead of
  // printing an EPIPE stack trace. `serve` and `proxy` go on serving (`mock-chat serve | grep -m1
  // "ready at"` is how CI waits for it): their log just stops there (mock-server/line-sink.ts).
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    if (run.serving) return;
    process.exit(typeof process.exitCode === 'number' ? process.exitCode : EXIT.clean);
  });
  process.stderr.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    // Nothing more can be said there.
  });
  const program = createProgram(processIo, run);

  try {
    await program.parseAsync(process.argv);
    const server = run.serve?.server;
    if (server) closeOnSignals(server, processIo, (code) => process.exit(code));
    else if (run.proxy) stopProxyOnSignals(run.proxy, processIo, (code) => process.exit(code));
    else process.exitCode = run.code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; any usage error is unusable input.
      process.exitCode = error.exitCode === 0 ? EXIT.clean : EXIT.unusable;
    } else {
      printUnexpected(processIo, error);
      process.exitCode = EXIT.unusable;
    }
  }
}

if (isMainThread) await main();
