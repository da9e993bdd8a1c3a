/**
 * Checks, at load time, every frame a scenario could send (templates filled with sample
 * session values, branches and rules walked) against the contract, and its matchers.
 */
import { checkServerFrame, escapePointerToken } from '../../contract/frame-check.js';
import type { Participant } from '../../generated/chat-socket.js';
import { framesOfStep } from './frames.js';
import { patternProblem } from './pattern.js';
import type { Problems, Raw } from './problems.js';
import { SAMPLE_VALUES, TEMPLATE_NAMES, unknownTemplates } from './template.js';
import type { Matchers, Step } from './types.js';

function checkMatchers(where: Matchers | undefined, pointer: string, problems: Problems): void {
  for (const [key, matcher] of Object.entries(where ?? {})) {
    if (matcher && typeof matcher === 'object' && matcher.matches !== undefined) {
      const problem = patternProblem(matcher.matches);
      if (problem) problems.add(`${pointer}/${escapePointerToken(key)}/matches`, problem);
    }
  }
}

/** Checks every frame the steps could send; branches and rules are walked too. */
export function checkStepFrames(
  steps: Step[],
  rawSteps: Raw[],
  pointer: string,
  roster: Participant[],
  problems: Problems,
): void {
  steps.forEach((step, index) => {
    const at = `${pointer}/${index}`;
    const raw = rawSteps[index] ?? {};
    for (const found of unknownTemplates(raw)) {
      problems.add(
        `${at}${found.pointer}`,
        `uses unknown template {{${found.name}}} (known: ${TEMPLATE_NAMES.join(', ')})`,
      );
    }
    if (step.kind === 'expect') checkMatchers(step.where, `${at}/where`, problems);
    if (step.kind === 'branch') {
      step.cases.forEach((c, i) => {
        checkMatchers(c.when, `${at}/branch/${i}/when`, problems);
        checkStepFrames(c.steps, raw.branch[i].steps, `${at}/branch/${i}/steps`, [...roster], problems);
      });
      return;
    }
    if (step.kind === 'rule') {
      checkMatchers(step.where, `${at}/rule/where`, problems);
      checkStepFrames(step.steps, raw.rule.steps, `${at}/rule/steps`, [...roster], problems);
      return;
    }
    for (const frame of framesOfStep(step, roster, SAMPLE_VALUES)) {
      const result = checkServerFrame(frame);
      if (result.ok) continue;
      // Point at the YAML line of the offending field when the frame was written out.
      for (const v of result.violations) {
        const where =
          'send' in raw && v.pointer.startsWith('/body/')
            ? `${at}${v.pointer}`
            : 'frame' in raw
              ? `${at}/frame${v.pointer}`
              : 'error' in raw
                ? `${at}/error${v.pointer.replace(/^\/body/, '')}`
                : at;
        problems.add(where, `${v.problem} (in the frame step ${at} would send)`, v.pointer);
      }
    }
  });
}
