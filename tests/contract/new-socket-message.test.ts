/**
 * A socket message added to the AsyncAPI document does not compile until every place that
 * must handle it does. A copy of the project gets two made-up messages (a `surveyOffer`
 * notification with a `url`; a `rateChat` request with a `rating`), `npm run generate` and the
 * type check run there once, and the files the compiler stops at for each message (each error
 * names the message or its types) must be exactly the places CONTRIBUTING.md lists for that
 * kind of message. A place that silently ignores the new method fails this test. One copy and
 * one type check for both: the compiler's time is most of this file's.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { TEST_MS } from '../support/patience.js';
import { repoRoot } from '../support/specs.js';

const run = promisify(execFile);
const SPEC = 'specs/chat-socket.asyncapi.yaml';
/** What the project keeps that the copy needs (no build output, no test results). */
const COPIED = [
  'contract',
  'generated',
  'widget',
  'agent-console',
  'mock-server',
  'cli',
  'scripts',
  'tests',
  'specs',
  'demo',
];
const ROOT_FILES = ['package.json', 'tsconfig.json', 'vite.config.ts', 'vite.console.config.ts', 'vitest.config.ts'];

/** The places a new notification must be handled in (CONTRIBUTING.md, "Adding a socket message"). */
const NOTIFICATION_MUST_HANDLE = [
  'mock-server/scenario/frames.ts',
  'mock-server/scenario/from-capture.ts',
  'tests/contract/fixtures/narrowing.ts',
  'widget/core/chat/chat-notifications.ts',
  'widget/core/connection/normalize.ts',
];

/** The places a new client request must be handled in (CONTRIBUTING.md, "Adding a socket message"). */
const REQUEST_MUST_HANDLE = [
  'mock-server/scenario/from-capture.ts',
  'mock-server/scenario/runner.ts',
  'mock-server/session/chat-session.ts',
  'mock-server/socket/dispatch.ts',
  'tests/contract/fixtures/narrowing.ts',
];

type Spec = Record<string, any>;
const ref = (to: string) => ({ $ref: to });

/** The operation that carries a message (the client's or the service's frames). */
function operationWith(spec: Spec, message: string): Spec {
  const found = Object.values(spec.operations as Record<string, Spec>).find((op) =>
    (op.messages as Spec[]).some((m) => m.$ref === `#/channels/chat/messages/${message}`),
  );
  if (!found) throw new Error(`no operation carries ${message}`);
  return found;
}

/** The made-up notification, added where a real one goes: channel, the service's operation, message, schemas. */
function withSurveyOffer(spec: Spec): Spec {
  spec.channels.chat.messages.surveyOfferNotification = ref('#/components/messages/surveyOfferNotification');
  operationWith(spec, 'routeCancelNotification').messages.push(ref('#/channels/chat/messages/surveyOfferNotification'));
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

/** The made-up client request, added where a real one goes: channel, the client's operation, message, schemas. */
function withRateChat(spec: Spec): Spec {
  spec.channels.chat.messages.rateChatRequest = ref('#/components/messages/rateChatRequest');
  operationWith(spec, 'closeConversationRequest').messages.push(ref('#/channels/chat/messages/rateChatRequest'));
  spec.components.messages.rateChatRequest = {
    name: 'rateChatRequest',
    title: 'rateChat request',
    summary: 'A made-up request.',
    payload: ref('#/components/schemas/RateChatRequestFrame'),
  };
  const schemas = spec.components.schemas;
  schemas.RateChatRequestBody = {
    title: 'RateChatRequestBody',
    type: 'object',
    additionalProperties: false,
    required: ['method', 'rating'],
    properties: {
      method: { type: 'string', const: 'rateChat', description: 'A made-up request.' },
      rating: { type: 'integer', description: 'One to five.' },
    },
  };
  schemas.RateChatRequestFrame = {
    ...schemas.CloseConversationRequestFrame,
    title: 'RateChatRequestFrame',
    properties: {
      ...schemas.CloseConversationRequestFrame.properties,
      body: ref('#/components/schemas/RateChatRequestBody'),
    },
  };
  schemas.ClientBody.oneOf.push(ref('#/components/schemas/RateChatRequestBody'));
  return spec;
}

const copies: string[] = [];
afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

/** The type errors of `npm run typecheck`, one per error with its continuation lines: file and text. */
function typeErrors(output: string): { file: string; text: string }[] {
  return output.split(/\n(?=\S)/).flatMap((block) => {
    const file = /^([^\s(]+\.tsx?)\(\d+,\d+\): error/.exec(block)?.[1];
    return file === undefined ? [] : [{ file, text: block }];
  });
}

/** The failing files per message (an error names the method or its types), and errors in files that name neither. */
interface Failing {
  surveyOffer: string[];
  rateChat: string[];
  unattributed: string[];
}

/** `npm run typecheck` in a copy of the project whose AsyncAPI document has both made-up messages. */
async function failingFiles(): Promise<Failing> {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'new-socket-message-'));
  copies.push(copy);
  for (const dir of COPIED) cpSync(path.join(repoRoot, dir), path.join(copy, dir), { recursive: true });
  for (const file of ROOT_FILES) cpSync(path.join(repoRoot, file), path.join(copy, file));
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  const spec = parse(readFileSync(path.join(copy, SPEC), 'utf8')) as Spec;
  writeFileSync(path.join(copy, SPEC), stringify(withRateChat(withSurveyOffer(spec))));

  await run(path.join(repoRoot, 'node_modules/.bin/tsx'), ['scripts/generate.ts'], { cwd: copy });
  const generated = readFileSync(path.join(copy, 'generated/chat-socket.ts'), 'utf8');
  expect(generated, 'the generator took the new messages in').toContain('"surveyOffer"');
  expect(generated, 'the generator took the new messages in').toContain('"rateChat"');

  const typecheck = await run(path.join(repoRoot, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json', '--noEmit'], {
    cwd: copy,
  }).then(
    () => ({ failed: false, output: '' }),
    (error: { stdout?: string }) => ({ failed: true, output: error.stdout ?? '' }),
  );
  expect(typecheck.failed, 'the type check passes with unhandled messages').toBe(true);
  const errors = typeErrors(typecheck.output);
  const named = /surveyOffer|rateChat/i;
  const filesNaming = (name: RegExp) => [...new Set(errors.filter((e) => name.test(e.text)).map((e) => e.file))].sort();
  // An error that names neither follows from one that does in the same file (an `any` it left behind).
  const attributed = new Set(filesNaming(named));
  return {
    surveyOffer: filesNaming(/surveyOffer/i),
    rateChat: filesNaming(/rateChat/i),
    unattributed: errors.filter((e) => !named.test(e.text) && !attributed.has(e.file)).map((e) => e.text),
  };
}

let failing: Failing;
// The compiler's work, several times as long on a busy machine (tests/support/patience.ts).
beforeAll(async () => {
  failing = await failingFiles();
}, 3 * TEST_MS);

it('a made-up notification fails the type check in every place that must handle it, and only there', () => {
  expect(failing.surveyOffer).toEqual(NOTIFICATION_MUST_HANDLE);
});

it('a made-up client request fails the type check in every place that must handle it, and only there', () => {
  expect(failing.rateChat).toEqual(REQUEST_MUST_HANDLE);
});

it('every file that fails, fails on one of the two messages', () => {
  expect(failing.unattributed).toEqual([]);
});
