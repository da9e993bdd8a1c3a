/**
 * Loads a scenario: YAML syntax, then specs/scenario.schema.json, then the references
 * (agents, files), then every server frame the scenario could send, filled with sample
 * session values and checked against the contract. Any problem fails the load with
 * `file:line: /pointer problem`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { toViolation } from '../../contract/frame-check.js';
import { validateAvailabilityResponse } from '../../generated/widget-http.validators.js';
import { MockChatError } from '../errors.js';
import {
  buildAgents,
  buildAvailability,
  buildFiles,
  buildSession,
  buildSteps,
  buildSubmission,
  type StepContext,
} from './build.js';
import { checkScenarioSteps, checkStepFrames } from './check-frames.js';
import { checkDurations } from './durations.js';
import { Problems, type Raw } from './problems.js';
import { checkScenarioSchema } from './schema.js';
import {
  builtInScenarioNames,
  builtInScenarioPath,
  objectSource,
  type ParsedSource,
  parseYamlSource,
} from './source.js';
import type { Scenario } from './types.js';

/** A scenario by built-in name, file path, or already-parsed object. */
export type ScenarioRef = string | Record<string, unknown> | Scenario;

function fromSource(source: ParsedSource): Scenario {
  if (source.syntaxErrors.length > 0) {
    throw new MockChatError(
      'SCENARIO_UNREADABLE',
      `${source.label} is not valid YAML`,
      'fix the YAML syntax at the line shown',
      source.syntaxErrors,
    );
  }
  // Every problem in one run: the schema's, then those of every part the schema let through.
  const problems = new Problems(source);
  for (const v of checkScenarioSchema(source.data)) problems.add(v.pointer, v.problem);
  if (typeof source.data !== 'object' || source.data === null || Array.isArray(source.data)) {
    throw invalid(source, problems);
  }
  const raw = source.data as Raw;
  const part = <T>(pointer: string, build: () => T, fallback: T): T => (problems.within(pointer) ? fallback : build());
  const agents = part('/agents', () => buildAgents(raw.agents), {});
  const files = part('/files', () => buildFiles(raw.files, source, problems), []);
  const ctx: StepContext = { source, problems, agents, files };
  // Built step by step even when some steps have problems: the others are still checked.
  const conversation = Array.isArray(raw.conversation) ? buildSteps(raw.conversation, '/conversation', ctx) : [];
  const availability = part('/availability', () => buildAvailability(raw.availability), buildAvailability(undefined));
  const callback = part('/callback', () => buildSubmission(raw.callback, 'Callback'), buildSubmission(undefined, ''));
  const lead = part('/lead', () => buildSubmission(raw.lead, 'Lead'), buildSubmission(undefined, ''));
  const session = part('/session', () => buildSession(raw.session), buildSession(undefined));

  if (!problems.within('/availability')) {
    const sampleAnswer = structuredClone(availability.body) as Raw;
    sampleAnswer.chatWidgetParams = { webChatUrl: 'ws://127.0.0.1:8080/chat', ...sampleAnswer.chatWidgetParams };
    if (!validateAvailabilityResponse(sampleAnswer)) {
      for (const error of validateAvailabilityResponse.errors ?? []) {
        const v = toViolation(error);
        problems.add(
          '/availability',
          `would answer availability against the contract: ${v.pointer || '/'} ${v.problem}`,
        );
      }
    }
  }
  if (Array.isArray(raw.conversation)) {
    checkStepFrames(conversation, raw.conversation, '/conversation', [], problems);
    checkScenarioSteps(conversation, problems);
  }
  checkDurations(
    { '/availability/delay': availability.delay, '/callback/delay': callback.delay, '/lead/delay': lead.delay },
    conversation,
    problems,
  );
  if (problems.lines.length > 0) throw invalid(source, problems);

  return {
    name: raw.name,
    story: raw.story,
    source: source.label,
    availability,
    callback,
    lead,
    session,
    agents,
    files,
    conversation,
  };
}

function invalid(source: ParsedSource, problems: Problems): MockChatError {
  return new MockChatError(
    'SCENARIO_INVALID',
    `${source.label} is not a valid scenario:\n  ${problems.sorted().join('\n  ')}`,
    'see the scenario format in mock-server/README.md and specs/scenario.schema.json',
    problems.sorted(),
  );
}

export function loadScenarioFile(file: string): Scenario {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new MockChatError(
      'SCENARIO_UNREADABLE',
      `cannot read scenario file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      'check the path',
    );
  }
  return fromSource(parseYamlSource(text, file));
}

function isScenario(value: unknown): value is Scenario {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as Scenario).conversation) &&
    typeof (value as Scenario).source === 'string' &&
    'availability' in value &&
    typeof (value as Scenario).availability.body === 'object'
  );
}

/** The scenario files of a folder (*.yaml, *.yml), sorted; empty when `ref` is no folder. */
export function scenarioFilesIn(ref: string): string[] {
  try {
    if (!statSync(ref).isDirectory()) return [];
  } catch {
    return [];
  }
  return readdirSync(ref)
    .filter((name) => /\.ya?ml$/i.test(name))
    .sort()
    .map((name) => path.join(ref, name));
}

/** One ref as the scenarios it names: a folder gives every scenario file in it. */
export function loadScenarios(ref: ScenarioRef): Scenario[] {
  if (typeof ref === 'string') {
    const files = scenarioFilesIn(ref);
    if (files.length > 0) return files.map(loadScenarioFile);
  }
  return [loadScenario(ref)];
}

/** A built-in name, a .yaml path, or an object (parsed YAML, or an already-loaded Scenario). */
export function loadScenario(ref: ScenarioRef): Scenario {
  if (typeof ref !== 'string') return isScenario(ref) ? ref : fromSource(objectSource(ref));
  const builtIn = builtInScenarioPath(ref);
  if (builtIn) return loadScenarioFile(builtIn);
  if (/\.ya?ml$/i.test(ref) || ref.includes('/') || ref.includes(path.sep) || existsSync(ref)) {
    return loadScenarioFile(ref);
  }
  throw new MockChatError(
    'UNKNOWN_SCENARIO',
    `unknown scenario "${ref}"`,
    `use one of ${builtInScenarioNames().join(', ')}, or a path to a .yaml scenario file`,
  );
}
