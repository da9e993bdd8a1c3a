/**
 * Once per `npm test`, before any test file: compiles the Node side (contract library,
 * mock-server, cli) into build/, so every test that runs the real `mock-chat` bin runs this
 * working tree's code, not a build left from an earlier install. Incremental: about 2 s.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export default function setup(): void {
  const root = path.join(import.meta.dirname, '../..');
  execFileSync(process.execPath, [path.join(root, 'scripts/build-node.mjs')], { cwd: root, stdio: 'inherit' });
}
