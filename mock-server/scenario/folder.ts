/** Folders of scenario files (serve --scenario FOLDER, validate FOLDER, serve --watch). */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The scenario files of a folder (*.yaml, *.yml), sorted; empty when `ref` is no folder. */
export function scenarioFilesIn(ref: string): string[] {
  try {
    if (!statSync(ref).isDirectory()) return [];
  } catch {
    return [];
  }
  return readdirSync(ref)
    .filter((name) => /\.ya?ml$/i.test(name))
    .sort()
    .map((name) => path.join(ref, name));
}
