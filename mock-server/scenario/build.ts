/**
 * Turns schema-checked scenario YAML into the runner's Scenario parts: durations in
 * seconds, agents and files resolved, and every step remembering its file:line.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AcceptedClientMethod } from '../../generated/chat-socket.js';
import { parseDuration } from '../clock.js';
import { insideRoot } from '../inside-root.js';
import { didYouMean } from './explain.js';
import type { Problems, Raw } from './problems.js';
import { builtInFileDir, type ParsedSource } from './source.js';
import type {
  Agent,
  AvailabilityAnswer,
  Matchers,
  RuleEnd,
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

/**
 * The files agents share: `path` relative to the scenario's folder, else to mock-server/files/.
 * A file must stay inside the folder it was found in (symbolic links resolved): a scenario is not
 * a way to publish /etc/hostname or ../secrets. Checked again at every download (rest.ts).
 */
export function buildFiles(raw: Raw[] | undefined, source: ParsedSource, problems: Problems): ScenarioFile[] {
  return (raw ?? []).map((file, index) => {
    const candidates = [source.dir, builtInFileDir].map((root) => ({ root, path: path.resolve(root, file.path) }));
    const found = candidates.find((candidate) => existsSync(candidate.path));
    if (!found) {
      problems.add(`/files/${index}/path`, `names no file: looked in ${candidates.map((c) => c.path).join(' and ')}`);
    } else if (!insideRoot(found.path, found.root)) {
      problems.add(
        `/files/${index}/path`,
        `\`path: ${file.path}\` leads outside ${found.root}: a shared file must be inside the scenario's folder or mock-server/files/ (symbolic links are followed); copy the file there`,
      );
    }
    const chosen = found ?? (candidates[0] as { root: string; path: string });
    return {
      uuid: file.uuid,
      name: file.name,
      path: chosen.path,
      root: chosen.root,
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
    reset: a.reset ?? false,
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
    reset: raw?.reset ?? false,
    body: ok ? { success: true } : { success: false, message: raw?.message ?? `${what} service unavailable` },
  };
}

/** The options a `session:` block sets (and only those: a session step changes just them). */
function buildSessionChanges(raw: Raw | undefined, defaultWait: number): Partial<SessionOptions> {
  const options: Partial<SessionOptions> = {};
  if (raw?.acknowledge !== undefined) options.acknowledge = raw.acknowledge as AcceptedClientMethod[];
  if (raw?.acknowledgeAccepted !== undefined) options.acknowledgeAccepted = raw.acknowledgeAccepted;
  if (raw?.pingAnswer !== undefined) options.pingAnswer = raw.pingAnswer;
  if (raw?.renewClosesOld !== undefined) options.renewClosesOld = raw.renewClosesOld;
  if (raw?.flap !== undefined) {
    options.flap = { after: parseDuration(raw.flap.after), times: raw.flap.times ?? Number.POSITIVE_INFINITY };
  }
  if (raw?.queue !== undefined) {
    options.queue =
      raw.queue === 'none'
        ? null
        : { position: raw.queue.position ?? 1, estimatedWaitTime: raw.queue.estimatedWaitTime ?? defaultWait };
  }
  if (raw?.maxMessageLength !== undefined) options.maxMessageLength = raw.maxMessageLength;
  if (raw?.normalCloseEnds !== undefined) options.normalCloseEnds = raw.normalCloseEnds;
  if (raw?.afterRouteCancel !== undefined) {
    options.afterRouteCancel =
      raw.afterRouteCancel === 'none'
        ? null
        : {
            close: raw.afterRouteCancel.close ?? 1000,
            after: raw.afterRouteCancel.after === undefined ? 0 : parseDuration(raw.afterRouteCancel.after),
          };
  }
  return options;
}

/** The vendor's server refuses a customer message longer than this (protocol notes). */
export const VENDOR_MAX_MESSAGE_LENGTH = 10_000;

/** The estimated wait a queueStatus answer reports by default: the availability answer's EWT, else a minute. */
export function defaultWaitOf(availability: Raw | undefined): number {
  const ewt = Number(availability?.metrics?.EWT);
  return Number.isFinite(ewt) && ewt >= 0 ? ewt : 60;
}

export function buildSession(raw: Raw | undefined, availability?: Raw): SessionOptions {
  const defaultWait = defaultWaitOf(availability);
  return {
    // Real servers acknowledge the reference client's co-browse and page-push requests.
    acknowledge: ['newMessage', 'coBrowseStatus', 'newPushPageMessage'],
    acknowledgeAccepted: false,
    pingAnswer: 'pong',
    renewClosesOld: 1001,
    flap: null,
    queue: { position: 1, estimatedWaitTime: defaultWait },
    maxMessageLength: VENDOR_MAX_MESSAGE_LENGTH,
    normalCloseEnds: true,
    afterRouteCancel: { close: 1000, after: 0 },
    ...buildSessionChanges(raw, defaultWait),
  };
}

export interface StepContext {
  source: ParsedSource;
  problems: Problems;
  agents: Record<string, Agent>;
  files: ScenarioFile[];
  /** The estimated wait a `queue` option reports when it names none (seconds). */
  defaultWait: number;
}

function agentOf(ref: string, pointer: string, ctx: StepContext): Agent {
  const agent = ctx.agents[ref];
  if (agent) return agent;
  // A missing or malformed reference is the schema's to report.
  if (typeof ref !== 'string') throw new TypeError(`${pointer}: no agent key`);
  const known = Object.keys(ctx.agents);
  ctx.problems.add(
    pointer,
    `names no agent "${ref}": add it under agents, or use one of ${known.join(', ') || '(none yet)'}${didYouMean(ref, known)}`,
  );
  return { key: ref, id: ref, name: ref, role: 'active_participant', senderType: 'live_agent' };
}

function buildStep(raw: Raw, pointer: string, ctx: StepContext): Step {
  const where = ctx.source.locate(pointer);
  const at = `${ctx.source.label}${where ? `:${where.line}` : ''}`;
  const step = { ...buildStepKind(raw, pointer, at, ctx), pointer } as Step;
  return raw.label === undefined ? step : { ...step, label: raw.label };
}

type StepKind = Step extends infer S ? (S extends Step ? Omit<S, 'pointer'> : never) : never;

function buildStepKind(raw: Raw, pointer: string, at: string, ctx: StepContext): StepKind {
  if ('expect' in raw) {
    return {
      at,
      kind: 'expect',
      method: raw.expect,
      where: raw.where as Matchers | undefined,
      ...(raw.within === undefined ? {} : { within: parseDuration(raw.within) }),
      ...(raw.otherwise === undefined ? {} : { otherwise: buildSteps(raw.otherwise, `${pointer}/otherwise`, ctx) }),
    };
  }
  if ('send' in raw) {
    return {
      at,
      kind: 'send',
      frame: { apiVersion: '1.0', type: 'notification', body: { method: raw.send, ...raw.body } },
      unchecked: raw.unchecked === true,
      ...(raw.without === undefined ? {} : { without: raw.without as string[] }),
    };
  }
  if ('frame' in raw) return { at, kind: 'send', frame: raw.frame, unchecked: raw.unchecked === true };
  if ('error' in raw) {
    return { at, kind: 'send', frame: { apiVersion: '1.0', type: 'error', body: raw.error }, unchecked: false };
  }
  if ('halfOpen' in raw) return { at, kind: 'halfOpen' };
  if ('session' in raw) return { at, kind: 'session', options: buildSessionChanges(raw.session, ctx.defaultWait) };
  if ('repeat' in raw) {
    const times = raw.repeat.times;
    return {
      at,
      kind: 'repeat',
      times: times === undefined || times === 'forever' ? Number.POSITIVE_INFINITY : times,
      steps: buildSteps(raw.repeat.steps, `${pointer}/repeat/steps`, ctx),
    };
  }
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
      ...(raw.say.shape === 'documented' ? { documented: true } : {}),
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
        `names no entry of files: add it there, or use one of the uuids ${ctx.files.map((f) => f.uuid).join(', ') || '(none yet)'}`,
      );
    return {
      at,
      kind: 'share',
      agent: agentOf(raw.share.agent, `${pointer}/share/agent`, ctx),
      file: file ?? {
        uuid: raw.share.file,
        name: raw.share.file,
        path: '',
        root: '',
        contentType: 'application/octet-stream',
      },
    };
  }
  if ('close' in raw) {
    const spec = typeof raw.close === 'number' ? { code: raw.close } : raw.close;
    return { at, kind: 'close', code: spec.code, reason: spec.reason ?? '' };
  }
  if ('drop' in raw) return { at, kind: 'drop' };
  if ('live' in raw) return { at, kind: 'live' };
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
  if (!('rule' in raw)) {
    // The schema's step anyOf admits only the keys above: one it gained that this does not build.
    throw new TypeError(`${pointer}: the mock builds no step from ${Object.keys(raw).join(', ') || 'an empty map'}`);
  }
  const rule = raw.rule;
  return {
    at,
    kind: 'rule',
    on: rule.on,
    where: rule.where as Matchers | undefined,
    once: rule.once ?? false,
    ...(rule.until === undefined ? {} : { until: buildRuleEnd(rule.until, `${pointer}/rule/until`, ctx) }),
    steps: buildSteps(rule.steps, `${pointer}/rule/steps`, ctx),
  };
}

function buildRuleEnd(raw: Raw, pointer: string, ctx: StepContext): RuleEnd {
  if ('leave' in raw) return { kind: 'leave', agent: agentOf(raw.leave, `${pointer}/leave`, ctx) };
  if ('step' in raw) return { kind: 'step', label: raw.step };
  return { kind: 'frame', method: raw.frame, where: raw.where as Matchers | undefined };
}

/**
 * The steps. One the schema refused is still built when its shape allows (so its agent and file
 * references are checked in the same run); when it cannot be, it stays a no-op placeholder.
 */
export function buildSteps(raw: Raw[], pointer: string, ctx: StepContext): Step[] {
  return raw.map((step, index) => {
    const at = `${pointer}/${index}`;
    if (!ctx.problems.within(at)) return buildStep(step, at, ctx);
    try {
      return buildStep(step, at, ctx);
    } catch {
      return { at, pointer: at, kind: 'wait', seconds: 0 };
    }
  });
}
