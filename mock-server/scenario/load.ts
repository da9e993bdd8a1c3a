/**
 * Loads a scenario: YAML syntax, then specs/scenario.schema.json, then the references
 * (agents, files), then every server frame the scenario could send, filled with sample
 * session values and checked against the contract. Any problem fails the load with
 * `file:line: /pointer problem`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkServerFrame, toViolation } from '../../contract/frame-check.js';
import type { Participant } from '../../generated/chat-socket.js';
import { validateAvailabilityResponse } from '../../generated/widget-http.validators.js';
import { parseDuration } from '../clock.js';
import { MockChatError } from '../errors.js';
import { framesOfStep } from './frames.js';
import { checkScenarioSchema } from './schema.js';
import {
  builtInFileDir,
  builtInScenarioNames,
  builtInScenarioPath,
  objectSource,
  type ParsedSource,
  parseYamlSource,
} from './source.js';
import { SAMPLE_VALUES, unknownTemplates } from './template.js';
import type {
  Agent,
  AvailabilityAnswer,
  ClientMethod,
  Matchers,
  Scenario,
  ScenarioFile,
  SessionOptions,
  Step,
  SubmissionAnswer,
} from './types.js';

/** A scenario by built-in name, file path, or already-parsed object. */
export type ScenarioRef = string | Record<string, unknown> | Scenario;

/** Parsed YAML after specs/scenario.schema.json accepted it: the schema vouches for its shape. */
// biome-ignore lint/suspicious/noExplicitAny: validated against the scenario schema just before use
type Raw = Record<string, any>;

class Problems {
  readonly lines: string[] = [];
  constructor(readonly source: ParsedSource) {}
  /** A problem at a YAML location; `shown` is the pointer printed (default: the YAML one). */
  add(pointer: string, problem: string, shown = pointer): void {
    const line = this.source.lineOf(pointer);
    this.lines.push(`${this.source.label}${line ? `:${line}` : ''}: ${shown || '/'} ${problem}`);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
};

function buildAgents(raw: Raw | undefined): Record<string, Agent> {
  const agents: Record<string, Agent> = {};
  for (const [key, agent] of Object.entries(raw ?? {})) {
    agents[key] = {
      key,
      id: agent.id,
      name: agent.name,
      role: agent.role ?? 'active_participant',
      senderType: agent.senderType ?? 'live_agent',
    };
  }
  return agents;
}

function buildFiles(raw: Raw[] | undefined, source: ParsedSource, problems: Problems): ScenarioFile[] {
  return (raw ?? []).map((file, index) => {
    const candidates = [path.resolve(source.dir, file.path), path.resolve(builtInFileDir, file.path)];
    const found = candidates.find((candidate) => existsSync(candidate));
    if (!found) problems.add(`/files/${index}/path`, `names no file (looked in ${candidates.join(' and ')})`);
    return {
      uuid: file.uuid,
      name: file.name,
      path: found ?? (candidates[0] as string),
      contentType:
        file.contentType ?? CONTENT_TYPES[path.extname(file.path).toLowerCase()] ?? 'application/octet-stream',
    };
  });
}

function buildAvailability(raw: Raw | undefined): AvailabilityAnswer {
  const a = raw ?? { success: true };
  const body: Record<string, unknown> = { success: a.success, error: a.error ?? false };
  if (a.metrics) {
    body.ccPrerequisite = { serviceMetricsResponseMap: { [a.ewtMapId ?? '1']: { metrics: a.metrics } } };
  }
  for (const key of ['maxAttempts', 'useLatestTDS', 'useEngagementPlaceholderData'] as const) {
    if (a[key] !== undefined) body[key] = a[key];
  }
  const params: Record<string, unknown> = { ...(a.chatWidgetParams ?? {}) };
  if (a.ewtMapId !== undefined && params.ewtMapId === undefined) params.ewtMapId = a.ewtMapId;
  body.chatWidgetParams = params;
  return {
    status: a.status ?? 200,
    delay: a.delay === undefined ? 0 : parseDuration(a.delay),
    body,
    expectRequest: a.expectRequest ?? {},
  };
}

function buildSubmission(raw: Raw | undefined, what: string): SubmissionAnswer {
  const status = raw?.status ?? 200;
  const ok = status >= 200 && status < 300;
  return {
    status,
    delay: raw?.delay === undefined ? 0 : parseDuration(raw.delay),
    body: ok ? { success: true } : { success: false, message: raw?.message ?? `${what} service unavailable` },
  };
}

function buildSession(raw: Raw | undefined): SessionOptions {
  return {
    acknowledge: (raw?.acknowledge as ClientMethod[] | undefined) ?? ['newMessage'],
    pingAnswer: raw?.pingAnswer ?? 'pong',
    renewClosesOld: raw?.renewClosesOld ?? 1001,
  };
}

interface StepContext {
  source: ParsedSource;
  problems: Problems;
  agents: Record<string, Agent>;
  files: ScenarioFile[];
}

function agentOf(ref: string, pointer: string, ctx: StepContext): Agent {
  const agent = ctx.agents[ref];
  if (agent) return agent;
  ctx.problems.add(pointer, `names no agent "${ref}" (agents: ${Object.keys(ctx.agents).join(', ') || 'none'})`);
  return { key: ref, id: ref, name: ref, role: 'active_participant', senderType: 'live_agent' };
}

function buildStep(raw: Raw, pointer: string, ctx: StepContext): Step {
  const line = ctx.source.lineOf(pointer);
  const at = `${ctx.source.label}${line ? `:${line}` : ''}`;
  if ('expect' in raw) return { at, kind: 'expect', method: raw.expect, where: raw.where as Matchers | undefined };
  if ('send' in raw) {
    return {
      at,
      kind: 'send',
      frame: { apiVersion: '1.0', type: 'notification', body: { method: raw.send, ...raw.body } },
    };
  }
  if ('frame' in raw) return { at, kind: 'send', frame: raw.frame };
  if ('error' in raw) return { at, kind: 'send', frame: { apiVersion: '1.0', type: 'error', body: raw.error } };
  if ('wait' in raw) return { at, kind: 'wait', seconds: parseDuration(raw.wait) };
  if ('join' in raw) {
    const spec = typeof raw.join === 'string' ? { agent: raw.join } : raw.join;
    const agent = agentOf(spec.agent, `${pointer}/join`, ctx);
    return { at, kind: 'join', agent, role: spec.role ?? agent.role };
  }
  if ('leave' in raw) {
    const spec = typeof raw.leave === 'string' ? { agent: raw.leave } : raw.leave;
    return {
      at,
      kind: 'leave',
      agent: agentOf(spec.agent, `${pointer}/leave`, ctx),
      reason: spec.reason,
      endChat: spec.endChat,
    };
  }
  if ('say' in raw) {
    return {
      at,
      kind: 'say',
      agent: agentOf(raw.say.agent, `${pointer}/say/agent`, ctx),
      text: raw.say.text,
      widget: raw.say.widget,
    };
  }
  if ('typing' in raw) {
    const spec = typeof raw.typing === 'string' ? { agent: raw.typing } : raw.typing;
    return {
      at,
      kind: 'typing',
      agent: agentOf(spec.agent, `${pointer}/typing`, ctx),
      seconds: spec.for === undefined ? 1 : parseDuration(spec.for),
    };
  }
  if ('share' in raw) {
    const file = ctx.files.find((f) => f.uuid === raw.share.file);
    if (!file)
      ctx.problems.add(
        `${pointer}/share/file`,
        `names no entry of files (uuids: ${ctx.files.map((f) => f.uuid).join(', ') || 'none'})`,
      );
    return {
      at,
      kind: 'share',
      agent: agentOf(raw.share.agent, `${pointer}/share/agent`, ctx),
      file: file ?? { uuid: raw.share.file, name: raw.share.file, path: '', contentType: 'application/octet-stream' },
    };
  }
  if ('close' in raw) {
    const spec = typeof raw.close === 'number' ? { code: raw.close } : raw.close;
    return { at, kind: 'close', code: spec.code, reason: spec.reason ?? '' };
  }
  if ('drop' in raw) return { at, kind: 'drop' };
  if ('refuse' in raw) return { at, kind: 'refuse', seconds: parseDuration(raw.refuse) };
  if ('branch' in raw) {
    return {
      at,
      kind: 'branch',
      cases: (raw.branch as Raw[]).map((c, i) => ({
        when: c.when as Matchers | undefined,
        steps: buildSteps(c.steps, `${pointer}/branch/${i}/steps`, ctx),
      })),
    };
  }
  const rule = raw.rule;
  return {
    at,
    kind: 'rule',
    on: rule.on,
    where: rule.where as Matchers | undefined,
    once: rule.once ?? false,
    steps: buildSteps(rule.steps, `${pointer}/rule/steps`, ctx),
  };
}

function buildSteps(raw: Raw[], pointer: string, ctx: StepContext): Step[] {
  return raw.map((step, index) => buildStep(step, `${pointer}/${index}`, ctx));
}

function checkMatchers(where: Matchers | undefined, pointer: string, problems: Problems): void {
  for (const [key, matcher] of Object.entries(where ?? {})) {
    if (matcher && typeof matcher === 'object' && matcher.matches !== undefined) {
      try {
        new RegExp(matcher.matches);
      } catch (error) {
        problems.add(
          `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}/matches`,
          `is not a regular expression: ${(error as Error).message}`,
        );
      }
    }
  }
}

/** Checks every frame the steps could send; branches and rules are walked too. */
function checkStepFrames(
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
        `uses unknown template {{${found.name}}} (known: guid, authenticationKey, workRequestId, customerName, lastMessage, now, uuid)`,
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

function fromSource(source: ParsedSource): Scenario {
  if (source.syntaxErrors.length > 0) {
    throw new MockChatError(
      'SCENARIO_UNREADABLE',
      `${source.label} is not valid YAML`,
      'fix the YAML syntax at the line shown',
      source.syntaxErrors,
    );
  }
  const problems = new Problems(source);
  for (const v of checkScenarioSchema(source.data)) problems.add(v.pointer, v.problem);
  if (problems.lines.length > 0) throw invalid(source, problems);

  const raw = source.data as Raw;
  const agents = buildAgents(raw.agents);
  const files = buildFiles(raw.files, source, problems);
  const ctx: StepContext = { source, problems, agents, files };
  const conversation = buildSteps(raw.conversation, '/conversation', ctx);
  const availability = buildAvailability(raw.availability);

  const sampleAnswer = structuredClone(availability.body) as Raw;
  sampleAnswer.chatWidgetParams = { webChatUrl: 'ws://127.0.0.1:8080/chat', ...sampleAnswer.chatWidgetParams };
  if (!validateAvailabilityResponse(sampleAnswer)) {
    for (const error of validateAvailabilityResponse.errors ?? []) {
      const v = toViolation(error);
      problems.add('/availability', `would answer availability against the contract: ${v.pointer || '/'} ${v.problem}`);
    }
  }
  checkStepFrames(conversation, raw.conversation, '/conversation', [], problems);
  if (problems.lines.length > 0) throw invalid(source, problems);

  return {
    name: raw.name,
    story: raw.story,
    source: source.label,
    availability,
    callback: buildSubmission(raw.callback, 'Callback'),
    lead: buildSubmission(raw.lead, 'Lead'),
    session: buildSession(raw.session),
    agents,
    files,
    conversation,
  };
}

function invalid(source: ParsedSource, problems: Problems): MockChatError {
  return new MockChatError(
    'SCENARIO_INVALID',
    `${source.label} is not a valid scenario:\n  ${problems.lines.join('\n  ')}`,
    'see the scenario format in mock-server/README.md and specs/scenario.schema.json',
    problems.lines,
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
