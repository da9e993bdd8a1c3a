/**
 * The console's requests: one POST /__mock/sessions/GUID/action per thing a person does. A
 * refusal (400, 404, 409...) comes back as an ActionRefused carrying the server's own words.
 */
import type { ActResult, ConsoleAction } from '../../mock-server/live/console-api.js';

export class ActionRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ActionRefused';
  }
}

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export async function postAction(
  fetchFn: Fetch,
  base: string,
  guid: number,
  action: ConsoleAction,
): Promise<ActResult> {
  let response: Response;
  try {
    response = await fetchFn(`${base}/__mock/sessions/${guid}/action`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(action),
    });
  } catch {
    throw new ActionRefused(0, 'mock-chat does not answer: is `mock-chat serve` still running?');
  }
  const answer = (await response.json().catch(() => ({}))) as Partial<ActResult> & { message?: unknown };
  if (response.ok && answer.success === true) return answer as ActResult;
  const message = typeof answer.message === 'string' ? answer.message : `HTTP ${response.status}`;
  throw new ActionRefused(response.status, message);
}
