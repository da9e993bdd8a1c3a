/** The mock-chat program run in-process, its output collected and its exit code kept (commander's exitOverride). */
import { type CliIo, EXIT } from '../../cli/io.js';
import { createProgram, type ProgramRun } from '../../cli/program.js';

export function inProcess() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (t) => void out.push(t),
    err: (t) => void err.push(t),
    isTTY: false,
    stdout: { write: (t: string) => out.push(t) } as any,
  };
  const run: ProgramRun = { code: EXIT.clean };
  const program = createProgram(io, run);
  return {
    run,
    out: () => out.join(''),
    err: () => err.join(''),
    parse: (...args: string[]) => program.parseAsync(['node', 'mock-chat', ...args]),
  };
}
