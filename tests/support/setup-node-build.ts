/**
 * Once per run of the `cli` project (vitest.config.ts), before its files: compiles the Node side
 * (contract library, mock-server, cli) into build/, so every test that runs the real `mock-chat`
 * bin or imports `chat-widget/contract` as a package runs this working tree's code
 * (incremental: about 2 s).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export default function setup(): void {
  const root = path.join(import.meta.dirname, '../..');
  execFileSync(process.execPath, [path.join(root, 'scripts/build-node.mjs')], { cwd: root, stdio: 'inherit' });
}
