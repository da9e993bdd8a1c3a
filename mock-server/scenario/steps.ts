/**
 * Walking a conversation: the steps nested in a step (a branch's cases, a repeat's or rule's
 * steps, an expect's `otherwise`). A step kind added to the Step union must say here whether
 * it holds steps (the compiler says so), so no check or walk skips what it holds.
 */
import { assertNever } from '../../contract/assert-never.js';
import type { Step } from './types.js';

/** The step lists a step holds, in order. */
function nestedSteps(step: Step): Step[][] {
  switch (step.kind) {
    case 'branch':
      return step.cases.map((c) => c.steps);
    case 'repeat':
    case 'rule':
      return [step.steps];
    case 'expect':
      return step.otherwise ? [step.otherwise] : [];
    case 'send':
    case 'wait':
    case 'join':
    case 'leave':
    case 'say':
    case 'typing':
    case 'share':
    case 'close':
    case 'drop':
    case 'halfOpen':
    case 'session':
    case 'refuse':
    case 'live':
      return [];
    default:
      return assertNever(step, 'scenario step');
  }
}

/** Every step, nested ones right after the step holding them. */
export function allSteps(steps: Step[]): Step[] {
  return steps.flatMap((s) => [s, ...nestedSteps(s).flatMap(allSteps)]);
}

/** The list of steps and every list nested in it, outermost first. */
export function allStepLists(steps: Step[]): Step[][] {
  return [steps, ...steps.flatMap((s) => nestedSteps(s).flatMap(allStepLists))];
}
