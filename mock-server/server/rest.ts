/**
 * The REST calls of specs/widget-http.openapi.yaml, answered as the scenario dictates:
 * availability, country data, callback, lead and file download. Request bodies are
 * checked with the generated validators; in strict mode a request that breaks the
 * contract is answered 400 with the pointer and problem.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatViolations, toViolation, type Violation } from '../../contract/frame-check.js';
import type { GeneratedValidator } from '../../generated/validator.js';
import {
  validateAvailabilityRequest,
  validateCallbackRequest,
  validateLeadRequest,
} from '../../generated/widget-http.validators.js';
import type { Timers } from '../clock.js';
import { countryDataFor } from '../data/china-country-data.js';
import { MockChatError } from '../errors.js';
import { insideRoot } from '../inside-root.js';
import type { Logger } from '../log.js';
import type { Scenario, SubmissionAnswer } from '../scenario/types.js';
import type { SessionRegistry } from '../session/registry.js';
import type { ContractMode } from '../socket/context.js';
import type { ScenarioCatalog } from './catalog.js';
import { BodyTooLarge, readBody, restCorsHeaders, sendJson, sendTooLarge } from './http-util.js';
import { contentDisposition, streamFile } from './send-file.js';

export interface RestContext {
  catalog: ScenarioCatalog;
  registry: SessionRegistry;
  contract: ContractMode;
  log: Logger;
  timers: Timers;
}

function violationsOf<T>(validate: GeneratedValidator<T>, value: unknown): Violation[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map(toViolation);
}

/** ws://HOST/chat as the browser sees this server (from the Host header). */
export function socketUrlFor(req: IncomingMessage, scenarioParam: string | undefined): string {
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim();
  const secure = forwarded === 'https' || (req.socket as { encrypted?: boolean }).encrypted === true;
  const host = req.headers.host ?? `${req.socket.localAddress}:${req.socket.localPort}`;
  const query = scenarioParam ? `?scenario=${encodeURIComponent(scenarioParam)}` : '';
  return `${secure ? 'wss' : 'ws'}://${host}/chat${query}`;
}

async function parseBody(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  const type = String(req.headers['content-type'] ?? '');
  if (type.includes('application/json')) return JSON.parse(text);
  return Object.fromEntries(new URLSearchParams(text));
}

/** Reads and checks a request body; answers 400 itself and returns undefined when unusable. */
async function checkedBody<T>(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: RestContext,
  validate: GeneratedValidator<T>,
  what: string,
): Promise<unknown | undefined> {
  let body: unknown;
  try {
    body = await parseBody(req);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      sendTooLarge(req, res, error);
      return undefined;
    }
    sendJson(req, res, 400, { success: false, message: `${what}: body is not readable: ${(error as Error).message}` });
    return undefined;
  }
  const violations = violationsOf(validate, body);
  if (violations.length > 0) {
    ctx.log.warn(`[contract] ${what} request breaks the contract: ${formatViolations(violations)}`);
    if (ctx.contract === 'strict') {
      sendJson(req, res, 400, { success: false, message: `${what}: ${formatViolations(violations)}` });
      return undefined;
    }
  }
  return body;
}

/**
 * The scenario a REST call asked for; answers 404 naming the known scenarios itself (and
 * returns undefined) when the name names none: never a silent fallback.
 */
function scenarioFor(req: IncomingMessage, res: ServerResponse, url: URL, ctx: RestContext): Scenario | undefined {
  try {
    return ctx.catalog.select(req, url, (why) => ctx.log.info(`[http] ${url.pathname}: ${why}`));
  } catch (error) {
    if (!(error instanceof MockChatError)) throw error;
    ctx.log.warn(`[http] ${url.pathname}: ${error.reason}; ${error.fix}`);
    sendJson(req, res, 404, { success: false, message: `${error.reason}; ${error.fix}` });
    return undefined;
  }
}

/** Ends the exchange without an answer: the service failing mid-request (scenario `reset: true`). */
function resetConnection(req: IncomingMessage): void {
  req.socket.destroy();
}

export async function checkAvailability(req: IncomingMessage, res: ServerResponse, url: URL, ctx: RestContext) {
  const scenario = scenarioFor(req, res, url, ctx);
  if (!scenario) return;
  const body = await checkedBody(req, res, ctx, validateAvailabilityRequest, 'check-availability-v2');
  if (body === undefined) return;
  const answer = scenario.availability;
  for (const [field, expected] of Object.entries(answer.expectRequest)) {
    const got = (body as Record<string, unknown>)[field];
    if (got !== expected) {
      ctx.log.warn(
        `[scenario ${scenario.name}] availability request has ${field}=${JSON.stringify(got)}; this scenario expects ${JSON.stringify(expected)}`,
      );
    }
  }
  if (!(await ctx.timers.sleep(answer.delay))) return;
  if (answer.reset) return resetConnection(req);
  const response = structuredClone(answer.body);
  const param = scenario === ctx.catalog.current ? undefined : scenario.name;
  response.chatWidgetParams = { webChatUrl: socketUrlFor(req, param), ...(response.chatWidgetParams as object) };
  sendJson(req, res, answer.status, response);
}

export function countryData(req: IncomingMessage, res: ServerResponse, url: URL): void {
  sendJson(req, res, 200, countryDataFor(url.searchParams.get('locale') ?? ''));
}

async function submission(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: RestContext,
  answer: SubmissionAnswer,
  validate: GeneratedValidator<unknown>,
  what: string,
) {
  const body = await checkedBody(req, res, ctx, validate, what);
  if (body === undefined) return;
  if (!(await ctx.timers.sleep(answer.delay))) return;
  if (answer.reset) return resetConnection(req);
  sendJson(req, res, answer.status, answer.body);
}

export async function callback(req: IncomingMessage, res: ServerResponse, url: URL, ctx: RestContext) {
  const scenario = scenarioFor(req, res, url, ctx);
  if (scenario) await submission(req, res, ctx, scenario.callback, validateCallbackRequest, 'callback');
}

export async function lead(req: IncomingMessage, res: ServerResponse, url: URL, ctx: RestContext) {
  const scenario = scenarioFor(req, res, url, ctx);
  if (scenario) await submission(req, res, ctx, scenario.lead, validateLeadRequest, 'lead');
}

/** GET /cua-api/chat/files/{workRequestId}/{uuid}: a file the session's scenario shares. */
export async function downloadFile(
  req: IncomingMessage,
  res: ServerResponse,
  workRequestId: string,
  uuid: string,
  ctx: RestContext,
): Promise<void> {
  const session = ctx.registry.byWorkRequestId(workRequestId);
  const file = session?.sharedFile(uuid);
  if (!file) {
    sendJson(req, res, 404, { success: false, message: 'No such file' });
    return;
  }
  // Checked again now: a link swapped in since the scenario loaded must not lead out of its folder.
  const sent =
    insideRoot(file.path, file.root) &&
    (await streamFile(res, file.path, {
      ...restCorsHeaders(req),
      'Content-Type': file.contentType,
      'Content-Disposition': contentDisposition(file.name),
    }));
  if (!sent) {
    ctx.log.warn(
      `[http] file ${file.path} of scenario ${session?.scenario.name} is missing, not a regular file, or outside ${file.root}`,
    );
    sendJson(req, res, 404, { success: false, message: 'No such file' });
  }
}
