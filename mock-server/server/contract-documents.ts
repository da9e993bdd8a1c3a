/**
 * GET /__mock/contract/: the contract this server plays, as files an integrator's tools can
 * fetch from the running mock (the same files `chat-widget/contract` exports): the AsyncAPI
 * and OpenAPI documents, the JSON Schemas of both profiles and of a scenario file. A fixed table, never a path
 * taken from the request.
 */
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { repoRoot } from '../scenario/built-in.js';
import { sendText } from './http-util.js';
import { sendFile } from './static-files.js';

const YAML = 'application/yaml; charset=utf-8';
const JSON_TYPE = 'application/schema+json; charset=utf-8';

/** URL name under /__mock/contract/ → file in the package, and what it is. */
const CONTRACT_DOCUMENTS: Record<string, { file: string; type: string; what: string }> = {
  'chat-socket.asyncapi.yaml': {
    file: 'specs/chat-socket.asyncapi.yaml',
    type: YAML,
    what: 'AsyncAPI 3.0: every WebSocket frame, both directions',
  },
  'widget-http.openapi.yaml': {
    file: 'specs/widget-http.openapi.yaml',
    type: YAML,
    what: 'OpenAPI 3.1: the REST calls',
  },
  'schemas/chat-socket.json': {
    file: 'generated/chat-socket.schema.json',
    type: JSON_TYPE,
    what: 'JSON Schema of the frames, strict profile',
  },
  'schemas/chat-socket.tolerant.json': {
    file: 'generated/chat-socket.tolerant.schema.json',
    type: JSON_TYPE,
    what: 'JSON Schema of the frames, tolerant profile (what a real server accepts)',
  },
  'schemas/widget-http.json': {
    file: 'generated/widget-http.schema.json',
    type: JSON_TYPE,
    what: 'JSON Schema of the REST bodies',
  },
  'schemas/scenario.json': {
    file: 'generated/scenario.schema.json',
    type: JSON_TYPE,
    what: 'JSON Schema of a mock-chat scenario file (for editors)',
  },
  'schemas/check-report.json': {
    file: 'specs/check-report.schema.json',
    type: JSON_TYPE,
    what: 'JSON Schema of `mock-chat check --format json`',
  },
};

const PREFIX = '/__mock/contract/';

/** Serves a contract document; false when the path is not under /__mock/contract. */
export async function serveContract(pathname: string, res: ServerResponse): Promise<boolean> {
  if (pathname === '/__mock/contract') pathname = PREFIX;
  if (!pathname.startsWith(PREFIX)) return false;
  const name = pathname.slice(PREFIX.length);
  if (name === '') {
    const index = Object.fromEntries(
      Object.entries(CONTRACT_DOCUMENTS).map(([key, doc]) => [key, { url: `${PREFIX}${key}`, what: doc.what }]),
    );
    sendText(res, 200, 'application/json; charset=utf-8', `${JSON.stringify({ documents: index }, null, 2)}\n`);
    return true;
  }
  const doc = Object.hasOwn(CONTRACT_DOCUMENTS, name) ? CONTRACT_DOCUMENTS[name] : undefined;
  if (doc === undefined) return false;
  return sendFile(res, path.join(repoRoot, doc.file), { 'Content-Type': doc.type });
}
