/** Reads the specs and the generated JSON Schemas for tests. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function readSpec(relative: string): Record<string, any> {
  return parse(readFileSync(path.join(repoRoot, relative), 'utf8')) as Record<string, any>;
}

export function readJson(relative: string): Record<string, any> {
  return JSON.parse(readFileSync(path.join(repoRoot, relative), 'utf8')) as Record<string, any>;
}

export const asyncapi = () => readSpec('specs/chat-socket.asyncapi.yaml');
export const openapi = () => readSpec('specs/widget-http.openapi.yaml');
