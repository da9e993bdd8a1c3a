/**
 * Checks every matcher of a scenario (`where`, `when`, `until.where`, at any depth) on the YAML
 * as written, so a problem elsewhere in a step (a key that is no JSON pointer) never hides a
 * pattern's: each `matches` must compile in RE2, the patterns together must stay within
 * MAX_SCENARIO_PROGRAM instructions (the bound on what one frame can cost, see pattern.ts),
 * and `ignoreCase` must stand beside something it changes.
 */
import { escapePointerToken } from '../../contract/frame-check.js';
import { checkPattern, MAX_SCENARIO_PROGRAM } from './pattern.js';
import type { Problems } from './problems.js';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

export function checkScenarioMatchers(conversation: unknown, problems: Problems): void {
  let program = 0;

  const checkMatcher = (matcher: unknown, pointer: string) => {
    if (!isNode(matcher)) return;
    if (typeof matcher.matches === 'string') {
      const checked = checkPattern(matcher.matches, matcher.ignoreCase === true);
      if ('problem' in checked) problems.add(`${pointer}/matches`, checked.problem);
      else {
        const size = checked.pattern.size;
        // One refused for its own size is not counted again against the others.
        if (size <= MAX_SCENARIO_PROGRAM) program += size;
        if (size > MAX_SCENARIO_PROGRAM) {
          problems.add(
            `${pointer}/matches`,
            `is too costly to match: RE2 compiles it to ${size} instructions, and a scenario's patterns may have ${MAX_SCENARIO_PROGRAM} together; use smaller counted repetitions ({n}) or split it into simpler patterns`,
          );
        } else if (program > MAX_SCENARIO_PROGRAM) {
          problems.add(
            `${pointer}/matches`,
            `brings the scenario's patterns to ${program} RE2 instructions together (this one: ${size}), more than ${MAX_SCENARIO_PROGRAM}: use contains where a pattern is not needed, or simpler patterns`,
          );
        }
      }
    }
    const compares = 'equals' in matcher || 'contains' in matcher || 'matches' in matcher;
    if (matcher.ignoreCase !== undefined && !compares) {
      problems.add(
        `${pointer}/ignoreCase`,
        `\`ignoreCase: ${String(matcher.ignoreCase)}\` changes nothing here: put it beside equals, contains or matches, e.g. { contains: agent, ignoreCase: true }`,
      );
    }
    if (matcher.not !== undefined) checkMatcher(matcher.not, `${pointer}/not`);
  };

  const checkWhere = (where: unknown, pointer: string) => {
    if (!isNode(where)) return;
    for (const [key, matcher] of Object.entries(where)) checkMatcher(matcher, `${pointer}/${escapePointerToken(key)}`);
  };

  const walk = (steps: unknown, pointer: string) => {
    if (!Array.isArray(steps)) return;
    steps.forEach((step: unknown, index) => {
      if (!isNode(step)) return;
      const at = `${pointer}/${index}`;
      checkWhere(step.where, `${at}/where`);
      walk(step.otherwise, `${at}/otherwise`);
      if (Array.isArray(step.branch)) {
        step.branch.forEach((c: unknown, i) => {
          if (!isNode(c)) return;
          checkWhere(c.when, `${at}/branch/${i}/when`);
          walk(c.steps, `${at}/branch/${i}/steps`);
        });
      }
      if (isNode(step.repeat)) walk(step.repeat.steps, `${at}/repeat/steps`);
      if (isNode(step.rule)) {
        checkWhere(step.rule.where, `${at}/rule/where`);
        if (isNode(step.rule.until)) checkWhere(step.rule.until.where, `${at}/rule/until/where`);
        walk(step.rule.steps, `${at}/rule/steps`);
      }
    });
  };

  walk(conversation, '/conversation');
}
