// Part of npm run build:node (scripts/build-node.mjs): every built-in scenario loaded and
// checked from its YAML, as the sources load it, and written to build/scenarios/NAME.json.
// The built server serves built-ins from those files (mock-server/scenario/built-in.ts) and
// starts without the YAML parser and the scenario checks. A built-in that does not load fails
// the build, as it would fail `serve`.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  builtInScenarioNames,
  preparedScenarioFile,
  preparedScenarioJson,
  repoRoot,
} from '../mock-server/scenario/built-in.js';
import { loadScenario } from '../mock-server/scenario/load.js';

const dir = process.argv[2] ?? 'build/scenarios';
rmSync(path.join(repoRoot, dir), { recursive: true, force: true });
mkdirSync(path.join(repoRoot, dir), { recursive: true });
const withPatterns: string[] = [];
for (const name of builtInScenarioNames()) {
  const json = preparedScenarioJson(loadScenario(name));
  writeFileSync(preparedScenarioFile(name, dir), json);
  // A matcher's `matches:` (or a frame's field of that name: loading RE2 for it costs nothing else).
  if (json.includes('"matches":')) withPatterns.push(name);
}
// Which of them need RE2 loaded (mock-server/scenario/built-in.ts preparedWithPatterns).
writeFileSync(preparedScenarioFile('index', dir), JSON.stringify({ withPatterns }));
