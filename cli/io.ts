/** Where the CLI writes and how it ends, injectable so tests run commands in-process. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** stdout is a terminal (ANSI colour allowed). */
  isTTY: boolean;
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
}

/** Exit codes everywhere: 0 clean, 1 contract or scenario violations, 2 unusable input. */
export const EXIT = { clean: 0, violations: 1, unusable: 2 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const processIo: CliIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  isTTY: Boolean(process.stdout.isTTY),
  stdout: process.stdout,
};
