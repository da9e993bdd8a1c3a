/**
 * The built-in scenario library: mock-server/scenarios/*.yaml, and in a build the same
 * scenarios prepared at build time (scripts/build-node.mjs): each already loaded and checked,
 * written as JSON in build/scenarios/. Serving a built-in then takes a JSON.parse, not the YAML
 * parser, the scenario schema and the contract checks of every frame it could send (with their
 * code: about a third of the bin's bytes), which is what `mock-chat serve` spends most of its
 * start on otherwise (BENCHMARKS.md, cold start).
 *
 * A prepared scenario is used only while it is newer than its YAML file: one edited since the
 * build is loaded from the YAML (scenario/load.ts), as running from the sources always does.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../package-root.js';
import type { Scenario } from './types.js';

/** The package folder (the same from the sources and from the compiled build/). */
export const repoRoot = packageRoot;
const mockServerRoot = path.join(repoRoot, 'mock-server');
const builtInScenarioDir = path.join(mockServerRoot, 'scenarios');
export const builtInFileDir = path.join(mockServerRoot, 'files');

/**
 * Where the build writes prepared built-ins, relative to the package; replaced by the build
 * (vite `define`). Undefined when running from the sources, which always read the YAML.
 */
declare const __MOCK_CHAT_PREPARED_SCENARIOS__: string | undefined;
export const PREPARED_SCENARIOS_DIR =
  typeof __MOCK_CHAT_PREPARED_SCENARIOS__ === 'string' ? __MOCK_CHAT_PREPARED_SCENARIOS__ : undefined;

export function builtInScenarioNames(): string[] {
  return readdirSync(builtInScenarioDir)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => file.slice(0, -'.yaml'.length))
    .sort();
}

export function builtInScenarioPath(name: string): string | undefined {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) return undefined;
  const file = path.join(builtInScenarioDir, `${name}.yaml`);
  return existsSync(file) ? file : undefined;
}

/** How problems and reports name a built-in's file: its path in the package, e.g. mock-server/scenarios/typing.yaml. */
export function builtInScenarioLabel(name: string): string {
  return path.posix.join('mock-server', 'scenarios', `${name}.yaml`);
}

/** The prepared file of a built-in, in `dir` (relative to the package). */
export function preparedScenarioFile(name: string, dir: string): string {
  return path.join(repoRoot, dir, `${name}.json`);
}

/** JSON has no Infinity (a delay that never ends): written as `{"$number": "Infinity"}`. */
const NUMBER = '$number';

/**
 * A loaded built-in as the build writes it: its files' paths relative to the package (it may
 * be installed anywhere), numbers JSON cannot write as `{"$number": "..."}`, everything else as
 * loaded.
 */
export function preparedScenarioJson(scenario: Scenario): string {
  const relative = (file: string) => path.relative(repoRoot, file).split(path.sep).join('/');
  return JSON.stringify(
    {
      ...scenario,
      files: scenario.files.map((file) => ({ ...file, path: relative(file.path), root: relative(file.root) })),
    },
    (_key, value: unknown) =>
      typeof value === 'number' && !Number.isFinite(value) ? { [NUMBER]: String(value) } : value,
  );
}

function revive(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !(NUMBER in value)) return value;
  return Number((value as Record<string, string>)[NUMBER]);
}

function modifiedMs(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * The prepared built-ins with a `matches:` pattern, whose server needs RE2 loaded (see
 * scenario/match.ts), as the build lists them in `dir`/index.json.
 */
export function preparedWithPatterns(dir = PREPARED_SCENARIOS_DIR): string[] {
  if (dir === undefined) return [];
  try {
    return (JSON.parse(readFileSync(preparedScenarioFile('index', dir), 'utf8')) as { withPatterns: string[] })
      .withPatterns;
  } catch {
    return [];
  }
}

/** True when the build prepared this built-in and its YAML has not been edited since. */
export function isPrepared(name: string, dir = PREPARED_SCENARIOS_DIR): boolean {
  const yaml = builtInScenarioPath(name);
  if (dir === undefined || yaml === undefined) return false;
  const prepared = modifiedMs(preparedScenarioFile(name, dir));
  const source = modifiedMs(yaml);
  return prepared !== undefined && source !== undefined && prepared >= source;
}

/** The built-in prepared at build time, or undefined: not a build, not prepared, or its YAML edited since. */
export function preparedScenario(name: string, dir = PREPARED_SCENARIOS_DIR): Scenario | undefined {
  if (dir === undefined || !isPrepared(name, dir)) return undefined;
  const scenario = JSON.parse(readFileSync(preparedScenarioFile(name, dir), 'utf8'), revive) as Scenario;
  for (const entry of scenario.files) {
    entry.path = path.join(repoRoot, entry.path);
    entry.root = path.join(repoRoot, entry.root);
  }
  return scenario;
}
