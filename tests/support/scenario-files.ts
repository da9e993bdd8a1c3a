/**
 * Scenario files a test file writes for mock-chat, which loads a scenario from a path: a folder
 * of the file's own under .tmp/, removed when its tests end. Returns the writer: a scenario in,
 * its path out.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export function scenarioFiles(prefix: string): (scenario: { name: string }) => string {
  const root = join(import.meta.dirname, '../../.tmp');
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(root, `${prefix}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return (scenario) => {
    const file = join(dir, `${scenario.name}.yaml`);
    // JSON is YAML.
    writeFileSync(file, JSON.stringify(scenario));
    return file;
  };
}
