/**
 * The one rule the scenario schema cannot state for string durations: at most one day
 * (MAX_DURATION_SECONDS). `forever` is how a scenario says never; a longer finite delay is a
 * typo more often than a plan, and Node would fire it after 1 ms.
 *
 * And what a duration that is not one meant (`2 seconds`, `2h`, `2d`), for the hint that says
 * how to write it: `2d` is two days, never "2".
 */
import { assertNever } from '../../contract/assert-never.js';
import { MAX_DURATION_SECONDS } from '../clock.js';
import type { Problems } from './problems.js';
import { allSteps } from './steps.js';
import type { Step } from './types.js';

/** Units people write, in seconds each. */
const UNITS: [RegExp, number, string][] = [
  [/^(ms|msecs?|millis|milliseconds?)$/, 0.001, 'millisecond'],
  [/^(s|secs?|seconds?)$/, 1, 'second'],
  [/^(m|mins?|minutes?)$/, 60, 'minute'],
  [/^(h|hrs?|hours?)$/, 3600, 'hour'],
  [/^(d|days?)$/, 86_400, 'day'],
  [/^(w|wks?|weeks?)$/, 604_800, 'week'],
];

/** `2 seconds`, `2h`, `1.5 days`: the seconds meant and the words for them; undefined when it says no known unit. */
export function secondsWritten(text: string): { seconds: number; words: string } | undefined {
  const match = /^\s*([0-9]+(?:\.[0-9]+)?)\s*([a-z]+)\.?\s*$/i.exec(text);
  if (!match) return undefined;
  const amount = Number(match[1]);
  const unit = UNITS.find(([pattern]) => pattern.test((match[2] as string).toLowerCase()));
  if (!unit) return undefined;
  const seconds = Math.round(amount * unit[1] * 1000) / 1000;
  return { seconds, words: `${match[1]} ${unit[2]}${amount === 1 ? '' : 's'}` };
}

/** How to write a duration that is not one, e.g. for `2h`: "2 hours is `wait: 7200`". */
export function durationHint(key: string, value: unknown): string {
  const meant = typeof value === 'string' ? secondsWritten(value) : undefined;
  const forms = 'or 500ms, 2s, 1.5m, or forever';
  if (meant === undefined) return `write a number of seconds, ${forms}`;
  if (meant.seconds > MAX_DURATION_SECONDS) {
    return `${meant.words} is longer than one day, the longest a scenario waits (${MAX_DURATION_SECONDS} seconds): use a shorter duration, or forever for never`;
  }
  return `write a number of seconds (${meant.words} is \`${key}: ${meant.seconds}\`), ${forms}`;
}

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
    case 'live':
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
