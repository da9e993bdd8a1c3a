/**
 * Loads a scenario: YAML syntax, then its size (MAX_AGENTS, MAX_STEPS), then
 * generated/scenario.schema.json, then the references (agents, files), then every server frame
 * the scenario could send, filled with sample session values and checked against the contract.
 * Any problem fails the load with `file:line: /pointer problem`.
 */
import { closeSync, constants, existsSync, fstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
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
  defaultWaitOf,
  type StepContext,
} from './build.js';
import { checkScenarioSteps, checkStepFrames } from './check-frames.js';
import { checkScenarioMatchers } from './check-matchers.js';
import { checkDurations } from './durations.js';
import { Problems, type Raw } from './problems.js';
import { checkScenarioSchema } from './schema.js';
import {
  builtInScenarioLabel,
  builtInScenarioNames,
  builtInScenarioPath,
  objectSource,
  type ParsedSource,
  parseYamlSource,
} from './source.js';
import type { Scenario } from './types.js';

/** A scenario by built-in name, file path, or already-parsed object. */
export type ScenarioRef = string | Record<string, unknown> | Scenario;

/**
 * Agents and steps (nested ones counted) a scenario may have. The built-ins have a handful; a
 * recorded conversation a few hundred steps. Checking and building cost grows with both, and a
 * watching server loads a saved file while it serves (server/watch.ts).
 */
export const MAX_AGENTS = 1_000;
export const MAX_STEPS = 10_000;

/** The steps of a conversation, nested ones counted without recursion; stops counting past `limit`. */
function stepCount(conversation: unknown, limit: number): number {
  let count = 0;
  const lists: unknown[] = [conversation];
  while (lists.length > 0 && count <= limit) {
    const list = lists.pop();
    if (!Array.isArray(list)) continue;
    for (const step of list as unknown[]) {
      count += 1;
      if (typeof step !== 'object' || step === null) continue;
      const { otherwise, branch, repeat, rule } = step as Record<string, unknown>;
      lists.push(otherwise);
      if (Array.isArray(branch)) for (const c of branch) lists.push((c as { steps?: unknown } | null)?.steps);
      for (const holder of [repeat, rule]) lists.push((holder as { steps?: unknown } | null)?.steps);
    }
  }
  return count;
}

/** Too many agents or steps: said at once, before the costly checks. */
function sizeProblems(source: ParsedSource, problems: Problems): void {
  const data = source.data as { agents?: unknown; conversation?: unknown } | null | undefined;
  if (typeof data !== 'object' || data === null) return;
  const agents = typeof data.agents === 'object' && data.agents !== null ? Object.keys(data.agents).length : 0;
  if (agents > MAX_AGENTS) {
    problems.add(
      '/agents',
      `names ${agents} agents; a scenario may name at most ${MAX_AGENTS}: split it into smaller scenarios`,
    );
  }
  if (stepCount(data.conversation, MAX_STEPS) > MAX_STEPS) {
    problems.add(
      '/conversation',
      `has more than ${MAX_STEPS} steps (nested ones counted); a scenario may have at most ${MAX_STEPS}: split it into smaller scenarios`,
    );
  }
}

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
  sizeProblems(source, problems);
  if (problems.lines.length > 0) throw invalid(source, problems);
  for (const v of checkScenarioSchema(source.data)) problems.add(v.pointer, v.problem);
  if (typeof source.data !== 'object' || source.data === null || Array.isArray(source.data)) {
    throw invalid(source, problems);
  }
  const raw = source.data as Raw;
  const part = <T>(pointer: string, build: () => T, fallback: T): T => (problems.within(pointer) ? fallback : build());
  const agents = part('/agents', () => buildAgents(raw.agents), {});
  const files = part('/files', () => buildFiles(raw.files, source, problems), []);
  const ctx: StepContext = { source, problems, agents, files, defaultWait: defaultWaitOf(raw.availability) };
  // Built step by step even when some steps have problems: the others are still checked.
  const conversation = Array.isArray(raw.conversation) ? buildSteps(raw.conversation, '/conversation', ctx) : [];
  const availability = part('/availability', () => buildAvailability(raw.availability), buildAvailability(undefined));
  const callback = part('/callback', () => buildSubmission(raw.callback, 'Callback'), buildSubmission(undefined, ''));
  const lead = part('/lead', () => buildSubmission(raw.lead, 'Lead'), buildSubmission(undefined, ''));
  const session = part('/session', () => buildSession(raw.session, raw.availability), buildSession(undefined));

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
    {
      '/availability/delay': availability.delay,
      '/callback/delay': callback.delay,
      '/lead/delay': lead.delay,
      '/session/flap/after': session.flap?.after,
      '/session/afterRouteCancel/after': session.afterRouteCancel?.after,
    },
    conversation,
    problems,
  );
  checkScenarioMatchers(raw.conversation, problems);
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
    `${source.label} is not a valid scenario:`,
    'see the scenario format in mock-server/README.md and generated/scenario.schema.json',
    problems.sorted(),
  );
}

/** Scenario files larger than this are refused (the built-ins are a few KiB). */
export const MAX_SCENARIO_BYTES = 1024 * 1024;

const ERRNO_WORDS: Record<string, string> = {
  ENOENT: 'no such file (ENOENT)',
  EACCES: 'permission denied (EACCES)',
  ENOTDIR: 'a part of the path is not a folder (ENOTDIR)',
};

const inWords = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return (code && ERRNO_WORDS[code]) ?? code ?? (error as Error).message;
};

const unreadable = (file: string, why: string, fix = 'check the path') =>
  new MockChatError('SCENARIO_UNREADABLE', `cannot read scenario file ${file}: ${why}`, fix);

/**
 * The text of a scenario file, read only when it is a regular file of at most
 * MAX_SCENARIO_BYTES. Opened without blocking: opening a FIFO to read waits for a writer, and a
 * blocked event loop would freeze `validate` and a watching server (which then no longer even
 * handles SIGTERM).
 */
function readScenarioText(file: string): string {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw unreadable(file, inWords(error));
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw unreadable(file, 'it is a folder with no .yaml files in it');
    if (!stat.isFile()) {
      throw unreadable(file, 'it is not a regular file (a FIFO, socket or device)', 'give a .yaml file');
    }
    // One byte more than allowed tells a file over the cap (it may grow while it is read).
    const buffer = Buffer.alloc(Math.min(stat.size, MAX_SCENARIO_BYTES) + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length === buffer.length) break;
    }
    if (length > MAX_SCENARIO_BYTES) {
      throw unreadable(
        file,
        `it is larger than ${MAX_SCENARIO_BYTES / 1024 / 1024} MiB`,
        'split it into smaller scenarios',
      );
    }
    return buffer.toString('utf8', 0, length);
  } catch (error) {
    if (error instanceof MockChatError) throw error;
    throw unreadable(file, inWords(error));
  } finally {
    closeSync(fd);
  }
}

/** Loads one scenario file; problems name it as `label` (by default the path as given). */
export function loadScenarioFile(file: string, label: string = file): Scenario {
  return fromSource(parseYamlSource(readScenarioText(file), file, label));
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
    if (files.length > 0) return files.map((file) => loadScenarioFile(file));
  }
  return [loadScenario(ref)];
}

/** A built-in name, a .yaml path, or an object (parsed YAML, or an already-loaded Scenario). */
export function loadScenario(ref: ScenarioRef): Scenario {
  if (typeof ref !== 'string') return isScenario(ref) ? ref : fromSource(objectSource(ref));
  const builtIn = builtInScenarioPath(ref);
  if (builtIn) return loadScenarioFile(builtIn, builtInScenarioLabel(ref));
  if (/\.ya?ml$/i.test(ref) || ref.includes('/') || ref.includes(path.sep) || existsSync(ref)) {
    return loadScenarioFile(ref);
  }
  throw new MockChatError(
    'UNKNOWN_SCENARIO',
    `unknown scenario "${ref}"`,
    `use one of ${builtInScenarioNames().join(', ')}, or a path to a .yaml scenario file`,
  );
}
