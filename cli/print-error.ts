/**
 * A MockChatError on stderr, inert: its reason, problems and fix quote scenario files (names,
 * keys, values) and paths, which may carry ESC sequences or new lines; each part is printed
 * through `printable`, one line each, so no file can rewrite the terminal or start a CI log
 * command such as `::error::`.
 */
import type { MockChatError } from '../mock-server/errors.js';
import { printable } from '../mock-server/printable.js';
import type { CliIo } from './io.js';

export function printError(io: CliIo, error: MockChatError): void {
  io.err(`[mock-chat] ${printable(error.reason)}\n`);
  for (const line of error.problems) io.err(`  ${printable(line)}\n`);
  if (error.fix) io.err(`  fix: ${printable(error.fix)}\n`);
}

/** Any other error (a bug of ours): its message inert, then the stack frames (code locations). */
export function printUnexpected(io: CliIo, error: unknown): void {
  const message = (error as Error)?.message ?? String(error);
  io.err(`mock-chat: ${printable(message)}\n`);
  const stack = String((error as Error)?.stack ?? '');
  for (const line of stack.split('\n').filter((l) => /^\s+at /.test(l))) io.err(`${printable(line)}\n`);
}
