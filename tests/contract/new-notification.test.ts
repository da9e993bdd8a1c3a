/**
 * Issue 13's acceptance, kept true: a notification added to the AsyncAPI document does not
 * compile until every place that must handle it does. A copy of the project gets a made-up
 * `surveyOffer` notification (a body with a `url`), `npm run generate` and the type check run
 * there, and the files the compiler stops at must be exactly the places CONTRIBUTING.md lists
 * for a new notification. A place that silently ignores the new method fails this test.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { repoRoot } from '../support/specs.js';

const run = promisify(execFile);
const SPEC = 'specs/chat-socket.asyncapi.yaml';
/** What the project keeps that the copy needs (no build output, no test results). */
const COPIED = ['contract', 'generated', 'widget', 'mock-server', 'cli', 'scripts', 'tests', 'specs', 'demo'];
const ROOT_FILES = ['package.json', 'tsconfig.json', 'vite.config.ts', 'vitest.config.ts'];

/** The places a new notification must be handled in (CONTRIBUTING.md, "Adding a socket message"). */
const MUST_HANDLE = [
  'mock-server/scenario/frames.ts',
  'mock-server/scenario/from-capture.ts',
  'tests/contract/fixtures/narrowing.ts',
  'widget/core/chat-session/chat-session.ts',
  'widget/core/connection/normalize.ts',
];

type Spec = Record<string, any>;

/** The made-up notification, added where a real one goes: channel, the service's operation, message, schemas. */
function withSurveyOffer(spec: Spec): Spec {
  const ref = (to: string) => ({ $ref: to });
  spec.channels.chat.messages.surveyOfferNotification = ref('#/components/messages/surveyOfferNotification');
  // The operation of the service's frames: the one that carries routeCancel.
  const serverFrames = Object.values(spec.operations as Record<string, Spec>).find((op) =>
    (op.messages as Spec[]).some((m) => m.$ref === '#/channels/chat/messages/routeCancelNotification'),
  );
  if (!serverFrames) throw new Error('no operation carries the routeCancel notification');
  serverFrames.messages.push(ref('#/channels/chat/messages/surveyOfferNotification'));
  spec.components.messages.surveyOfferNotification = {
    name: 'surveyOfferNotification',
    title: 'surveyOffer notification',
    summary: 'A made-up notification.',
    payload: ref('#/components/schemas/SurveyOfferNotificationFrame'),
  };
  const schemas = spec.components.schemas;
  schemas.SurveyOfferNotificationBody = {
    title: 'SurveyOfferNotificationBody',
    type: 'object',
    required: ['method', 'url'],
    properties: {
      method: { type: 'string', const: 'surveyOffer', description: 'A made-up notification.' },
      url: { type: 'string', description: 'Where the survey is.' },
    },
  };
  schemas.SurveyOfferNotificationFrame = {
    ...schemas.RouteCancelNotificationFrame,
    title: 'SurveyOfferNotificationFrame',
    description: 'A surveyOffer notification.',
    properties: {
      ...schemas.RouteCancelNotificationFrame.properties,
      body: ref('#/components/schemas/SurveyOfferNotificationBody'),
    },
  };
  schemas.NotificationBody.oneOf.push(ref('#/components/schemas/SurveyOfferNotificationBody'));
  return spec;
}

let copy = '';
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

it('a made-up notification in the AsyncAPI document fails the type check in every place that must handle it, and only there', async () => {
  copy = mkdtempSync(path.join(os.tmpdir(), 'new-notification-'));
  for (const dir of COPIED) cpSync(path.join(repoRoot, dir), path.join(copy, dir), { recursive: true });
  for (const file of ROOT_FILES) cpSync(path.join(repoRoot, file), path.join(copy, file));
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  const spec = parse(readFileSync(path.join(copy, SPEC), 'utf8')) as Spec;
  writeFileSync(path.join(copy, SPEC), stringify(withSurveyOffer(spec)));

  await run(path.join(repoRoot, 'node_modules/.bin/tsx'), ['scripts/generate.ts'], { cwd: copy });
  const generated = readFileSync(path.join(copy, 'generated/chat-socket.ts'), 'utf8');
  expect(generated, 'the generator took the new notification in').toContain('"surveyOffer"');

  const typecheck = await run(path.join(repoRoot, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json', '--noEmit'], {
    cwd: copy,
  }).then(
    () => ({ failed: false, output: '' }),
    (error: { stdout?: string }) => ({ failed: true, output: error.stdout ?? '' }),
  );
  expect(typecheck.failed, 'the type check passes with an unhandled notification').toBe(true);
  const files = [...new Set([...typecheck.output.matchAll(/^([^\s(]+\.tsx?)\(\d+,\d+\): error/gm)].map((m) => m[1]))];
  expect(files.sort()).toEqual(MUST_HANDLE);
}, 120_000);
