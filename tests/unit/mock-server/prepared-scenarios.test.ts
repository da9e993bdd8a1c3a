/**
 * The built server serves built-in scenarios prepared at build time (build/scenarios/, made by
 * scripts/prepare-scenarios.ts from `npm test`'s own build): each must be exactly what loading
 * its YAML gives, and one whose YAML was edited after the build must not be served.
 */
import { copyFileSync, mkdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  builtInScenarioNames,
  builtInScenarioPath,
  isPrepared,
  preparedScenario,
  preparedScenarioFile,
  repoRoot,
} from '../../../mock-server/scenario/built-in.js';
import { loadScenario } from '../../../mock-server/scenario/load.js';

const BUILT = 'build/scenarios';
const STALE = `.tmp/prepared-scenarios-${process.pid}`;

afterAll(() => rmSync(path.join(repoRoot, STALE), { recursive: true, force: true }));

describe('built-in scenarios prepared at build time', () => {
  it.each(builtInScenarioNames())('%s: the prepared scenario is the one its YAML loads to', (name) => {
    expect(isPrepared(name, BUILT), `${BUILT}/${name}.json (npm run build:node writes it)`).toBe(true);
    expect(preparedScenario(name, BUILT)).toEqual(loadScenario(name));
  });

  it('a built-in whose YAML is newer than its prepared file is not served from it', () => {
    mkdirSync(path.join(repoRoot, STALE), { recursive: true });
    const file = preparedScenarioFile('typing', STALE);
    copyFileSync(preparedScenarioFile('typing', BUILT), file);
    expect(preparedScenario('typing', STALE)).toEqual(loadScenario('typing'));
    // As if the YAML had been saved a minute after the build.
    const built = new Date(statSync(builtInScenarioPath('typing') as string).mtimeMs - 60_000);
    utimesSync(file, built, built);
    expect(isPrepared('typing', STALE)).toBe(false);
    expect(preparedScenario('typing', STALE)).toBeUndefined();
  });

  it('running from the sources (no build define) reads the YAML', () => {
    expect(preparedScenario('typing')).toBeUndefined();
  });
});
