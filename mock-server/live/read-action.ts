/**
 * Reads the body of `POST /__mock/sessions/GUID/action` against specs/agent-console.schema.json
 * (the generated validator), and says what is wrong in the words scenario problems use, with
 * the place in the body: `/role: \`role: boss\` must be one of active_participant, ...`.
 */
import type { ConsoleAction } from '../../generated/agent-console.js';
import { validateConsoleAction } from '../../generated/agent-console.validators.js';
import { didYouMean, explain, type SchemaError, usefulErrors } from '../scenario/explain.js';

/** The action, or every problem of the body in one line; `known`: the action names, for the hint. */
export function readAction(body: unknown, known: readonly string[]): { action: ConsoleAction } | { problem: string } {
  if (validateConsoleAction(body)) return { action: body };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { problem: 'the body must be a JSON object such as {"action": "say", "agent": "...", "text": "..."}' };
  }
  const errors = (validateConsoleAction.errors ?? []) as SchemaError[];
  const name = (body as { action?: unknown }).action;
  // The discriminator: no action, or one the schema does not know, says only that.
  if (errors.some((error) => error.keyword === 'discriminator')) {
    const written = typeof name === 'string' ? `"${name}" is no action` : '`action` is missing';
    const hint = typeof name === 'string' ? didYouMean(name, known) : '';
    return { problem: `${written}: use one of ${known.join(', ')}${hint}` };
  }
  const problems = usefulErrors(errors).map((error) => {
    const explained = explain(error, body);
    return `${explained.pointer || '/'}: ${explained.problem}`;
  });
  return { problem: `${String(name)}: ${[...new Set(problems)].join('; ')}` };
}
