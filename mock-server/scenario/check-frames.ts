/**
 * Checks, at load time, every frame a scenario could send (templates filled with sample
 * session values; branches, rules, repeats and `otherwise` walked) against the contract's
 * tolerant profile (what real servers send, the vendor's documented shapes among them), and
 * the step references the schema cannot see (labels a rule ends at, a repeat
 * that would never wait). A step marked `unchecked: true` is a deliberate violation and is
 * not checked. Steps the schema already refused are skipped.
 */

import { assertNever } from '../../contract/assert-never.js';
import type { Participant } from '../../generated/chat-socket.js';
import { ANY_CASE_VALUES, validateServerFrameTolerant } from '../../generated/chat-socket.tooling.validators.js';
import type { GeneratedValidationError } from '../../generated/validator.js';
import { explain, usefulErrors } from './explain.js';
import { framesOfStep } from './frames.js';
import type { Problems, Raw } from './problems.js';
import { allStepLists, allSteps } from './steps.js';
import { SAMPLE_VALUES, TEMPLATE_NAMES, unknownTemplates } from './template.js';
import type { Step } from './types.js';

/** Where in the YAML a field of the frame a step sends was written. */
function yamlPointerOf(raw: Raw, at: string, framePointer: string): string {
  if ('send' in raw && framePointer.startsWith('/body/')) return `${at}${framePointer}`;
  if ('frame' in raw) return `${at}/frame${framePointer}`;
  if ('error' in raw) return `${at}/error${framePointer.replace(/^\/body/, '')}`;
  return at;
}

/** The tolerant profile's any-case pattern is an enum to the reader: "must be one of ...". */
function anyCaseAsEnum(error: GeneratedValidationError): GeneratedValidationError {
  const values = error.keyword === 'pattern' ? ANY_CASE_VALUES[String(error.params.pattern)] : undefined;
  return values === undefined ? error : { ...error, keyword: 'enum', params: { allowedValues: values } };
}

function checkFrame(frame: unknown, raw: Raw, at: string, problems: Problems): void {
  if (validateServerFrameTolerant(frame)) return;
  for (const error of usefulErrors((validateServerFrameTolerant.errors ?? []).map(anyCaseAsEnum))) {
    const explained = explain(error, frame);
    problems.add(
      yamlPointerOf(raw, at, explained.pointer),
      `${explained.problem}, in the frame this step sends (${explained.pointer || '/'}); to send it anyway for a negative test, add unchecked: true`,
    );
  }
}

/** Checks every frame the steps could send; branches, rules, repeats and otherwise are walked too. */
export function checkStepFrames(
  steps: Step[],
  rawSteps: Raw[],
  pointer: string,
  roster: Participant[],
  problems: Problems,
): void {
  steps.forEach((step, index) => {
    const at = `${pointer}/${index}`;
    if (problems.within(at)) return;
    const raw = rawSteps[index] ?? {};
    for (const found of unknownTemplates(raw)) {
      problems.add(
        `${at}${found.pointer}`,
        `uses unknown template {{${found.name}}}: use one of ${TEMPLATE_NAMES.map((n) => `{{${n}}}`).join(', ')}`,
      );
    }
    switch (step.kind) {
      case 'expect':
        if (step.otherwise) checkStepFrames(step.otherwise, raw.otherwise, `${at}/otherwise`, [...roster], problems);
        return;
      case 'branch':
        step.cases.forEach((c, i) => {
          checkStepFrames(c.steps, raw.branch[i].steps, `${at}/branch/${i}/steps`, [...roster], problems);
        });
        return;
      case 'repeat':
        checkStepFrames(step.steps, raw.repeat.steps, `${at}/repeat/steps`, roster, problems);
        return;
      case 'rule':
        checkStepFrames(step.steps, raw.rule.steps, `${at}/rule/steps`, [...roster], problems);
        return;
      case 'send':
        if (step.unchecked) return;
        for (const frame of framesOfStep(step, roster, SAMPLE_VALUES)) checkFrame(frame, raw, at, problems);
        return;
      // Frames built from the contract's types, checked all the same: templates fill their fields.
      case 'join':
      case 'leave':
      case 'say':
      case 'typing':
      case 'share':
        for (const frame of framesOfStep(step, roster, SAMPLE_VALUES)) checkFrame(frame, raw, at, problems);
        return;
      case 'wait':
      case 'close':
      case 'drop':
      case 'halfOpen':
      case 'session':
      case 'refuse':
      case 'live':
        return;
      default:
        assertNever(step, 'scenario step');
    }
  });
}

/** True when running the steps takes time (a wait, typing, or waiting for a frame). */
function takesTime(steps: Step[]): boolean {
  return steps.some((s) => {
    switch (s.kind) {
      case 'wait':
      case 'typing':
      case 'expect':
      // It waits for a person, for as long as the session lasts.
      case 'live':
        return true;
      case 'repeat':
        return takesTime(s.steps);
      case 'branch':
        return s.cases.length > 0 && s.cases.every((c) => takesTime(c.steps));
      // A rule's steps run when a frame comes, not in the round.
      case 'rule':
      case 'send':
      case 'join':
      case 'leave':
      case 'say':
      case 'share':
      case 'close':
      case 'drop':
      case 'halfOpen':
      case 'session':
      case 'refuse':
        return false;
      default:
        return assertNever(s, 'scenario step');
    }
  });
}

/** What the schema cannot see: labels a rule ends at, unique labels, repeats that never wait. */
export function checkScenarioSteps(conversation: Step[], problems: Problems): void {
  const steps = allSteps(conversation);
  const labels = new Map<string, string>();
  for (const step of steps) {
    if (step.label === undefined) continue;
    const earlier = labels.get(step.label);
    if (earlier)
      problems.add(
        `${step.pointer}/label`,
        `"${step.label}" is already the label of the step at ${earlier}: labels must differ`,
      );
    else labels.set(step.label, step.at);
  }
  for (const step of steps) {
    if (step.kind === 'rule' && step.until?.kind === 'step' && !labels.has(step.until.label)) {
      problems.add(
        `${step.pointer}/rule/until/step`,
        `\`step: ${step.until.label}\` names no step: give the step to stop at \`label: ${step.until.label}\` (labels in this file: ${[...labels.keys()].join(', ') || 'none'})`,
      );
    }
    if (step.kind === 'repeat' && step.times === Number.POSITIVE_INFINITY && !takesTime(step.steps)) {
      problems.add(
        `${step.pointer}/repeat`,
        'repeats forever and never waits: add a wait, typing or expect step to its steps, or give times: N',
      );
    }
  }
  // The console plays the session from a live step on: what follows it in its list never runs.
  for (const list of allStepLists(conversation)) {
    const live = list.findIndex((step) => step.kind === 'live');
    const next = live < 0 ? undefined : list[live + 1];
    if (next !== undefined) {
      problems.add(
        next.pointer,
        `comes after \`live: true\` (${list[live]?.at}), which hands the session to the agent console for good, so it never runs: move it before the live step, or remove it`,
      );
    }
  }
}
