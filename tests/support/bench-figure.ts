/**
 * A hardening test's figure for `npm run bench`'s one table (issue 6). The tests run in
 * `npm test` and assert their budgets themselves; `npm run bench` runs them once more with
 * BENCH_FIGURES naming a file, and each figure is appended there as one JSON line. The
 * figure is printed in both cases, so a test's output shows it next to its budget.
 */
import { appendFileSync } from 'node:fs';

export interface BenchFigure {
  /** The item number. */
  item: string;
  figure: string;
  value: string;
  budget: string;
  pass: boolean;
}

export const BENCH_FIGURES_ENV = 'BENCH_FIGURES';

export function reportFigure(figure: BenchFigure): void {
  console.log(`${figure.figure}: ${figure.value} (budget: ${figure.budget}) ${figure.pass ? 'PASS' : 'FAIL'}`);
  const file = process.env[BENCH_FIGURES_ENV];
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}
