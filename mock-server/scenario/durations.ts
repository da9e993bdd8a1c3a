/**
 * The one rule the scenario schema cannot state for string durations: at most one day
 * (MAX_DURATION_SECONDS). `forever` is how a scenario says never; a longer finite delay is a
 * typo more often than a plan, and Node would fire it after 1 ms.
 */
import { assertNever } from '../../contract/assert-never.js';
import { MAX_DURATION_SECONDS } from '../clock.js';
import type { Problems } from './problems.js';
import { allSteps } from './steps.js';
import type { Step } from './types.js';

const tooLong = (seconds: number | undefined) =>
  seconds !== undefined && Number.isFinite(seconds) && seconds > MAX_DURATION_SECONDS;
const PROBLEM = `is longer than one day (${MAX_DURATION_SECONDS} s): use a shorter duration, or forever for never`;

/** The durations a step names, with the JSON pointer each was written at. */
function durationsOf(step: Step): [string, number | undefined][] {
  switch (step.kind) {
    case 'wait':
      return [[`${step.pointer}/wait`, step.seconds]];
    case 'typing':
      return [[`${step.pointer}/typing/for`, step.seconds]];
    case 'refuse':
      return [[`${step.pointer}/refuse`, step.seconds]];
    case 'expect':
      return [[`${step.pointer}/within`, step.within]];
    case 'session':
      return [
        [`${step.pointer}/session/flap/after`, step.options.flap?.after],
        [`${step.pointer}/session/afterRouteCancel/after`, step.options.afterRouteCancel?.after],
      ];
    case 'send':
    case 'join':
    case 'leave':
    case 'say':
    case 'share':
    case 'close':
    case 'drop':
    case 'halfOpen':
    case 'branch':
    case 'repeat':
    case 'rule':
      return [];
    default:
      return assertNever(step, 'scenario step');
  }
}

/** Every over-long duration of the REST answers, the session options and the steps, at its place. */
export function checkDurations(top: Record<string, number | undefined>, steps: Step[], problems: Problems): void {
  for (const [pointer, seconds] of Object.entries(top)) if (tooLong(seconds)) problems.add(pointer, PROBLEM);
  for (const step of allSteps(steps)) {
    for (const [pointer, seconds] of durationsOf(step)) {
      if (tooLong(seconds) && !problems.within(pointer)) problems.add(pointer, PROBLEM);
    }
  }
}
