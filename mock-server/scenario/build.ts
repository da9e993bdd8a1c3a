/**
 * Turns schema-checked scenario YAML into the runner's Scenario parts: durations in
 * seconds, agents and files resolved, and every step remembering its file:line.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseDuration } from '../clock.js';
import type { Problems, Raw } from './problems.js';
import { builtInFileDir, type ParsedSource } from './source.js';
import type {
  Agent,
  AvailabilityAnswer,
  ClientMethod,
  Matchers,
  ScenarioFile,
  SessionOptions,
  Step,
  SubmissionAnswer,
} from './types.js';

const CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
};

export function buildAgents(raw: Raw | undefined): Record<string, Agent> {
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

export function buildFiles(raw: Raw[] | undefined, source: ParsedSource, problems: Problems): ScenarioFile[] {
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

export function buildAvailability(raw: Raw | undefined): AvailabilityAnswer {
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

export function buildSubmission(raw: Raw | undefined, what: string): SubmissionAnswer {
  const status = raw?.status ?? 200;
  const ok = status >= 200 && status < 300;
  return {
    status,
    delay: raw?.delay === undefined ? 0 : parseDuration(raw.delay),
    body: ok ? { success: true } : { success: false, message: raw?.message ?? `${what} service unavailable` },
  };
}

export function buildSession(raw: Raw | undefined): SessionOptions {
  return {
    acknowledge: (raw?.acknowledge as ClientMethod[] | undefined) ?? ['newMessage'],
    pingAnswer: raw?.pingAnswer ?? 'pong',
    renewClosesOld: raw?.renewClosesOld ?? 1001,
  };
}

export interface StepContext {
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

export function buildSteps(raw: Raw[], pointer: string, ctx: StepContext): Step[] {
  return raw.map((step, index) => buildStep(step, `${pointer}/${index}`, ctx));
}
