/**
 * The one rule the scenario schema cannot state for string durations: at most one day
 * (MAX_DURATION_SECONDS). `forever` is how a scenario says never; a longer finite delay is a
 * typo more often than a plan, and Node would fire it after 1 ms.
 */
import { MAX_DURATION_SECONDS } from '../clock.js';
import type { Problems } from './problems.js';
import type { Step } from './types.js';

const tooLong = (seconds: number) => Number.isFinite(seconds) && seconds > MAX_DURATION_SECONDS;
const PROBLEM = `is longer than one day (${MAX_DURATION_SECONDS} s): use a shorter duration, or forever for never`;

/** Every over-long delay of the REST answers and the steps, reported at its line. */
export function checkDurations(
  answers: Record<'/availability/delay' | '/callback/delay' | '/lead/delay', number>,
  steps: Step[],
  problems: Problems,
): void {
  for (const [pointer, seconds] of Object.entries(answers)) if (tooLong(seconds)) problems.add(pointer, PROBLEM);
  const visit = (list: Step[]) => {
    for (const step of list) {
      const timed = step.kind === 'wait' || step.kind === 'typing' || step.kind === 'refuse';
      if (timed && tooLong(step.seconds) && !problems.reportedAt(step.at)) {
        problems.addAt(step.at, `${step.kind} ${PROBLEM}`);
      }
      if (step.kind === 'branch') for (const c of step.cases) visit(c.steps);
      if (step.kind === 'rule') visit(step.steps);
    }
  };
  visit(steps);
}
