/**
 * Builds mock-chat's agent console from the current sources into a fresh folder under .tmp/
 * (gitignored), as build-widget.ts does for the widget: the browser tests serve this working
 * tree's console (`consoleRoot`), never a stale dist/agent-console/. Same
 * vite.console.config.ts as `npm run build`; only the output folder differs. About a second.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const ROOT = join(import.meta.dirname, '../..');

export interface BuiltConsole {
  /** The folder holding index.html and assets/, like dist/agent-console/. */
  dir: string;
  remove(): void;
}

export async function buildConsole(): Promise<BuiltConsole> {
  const dir = join(ROOT, '.tmp', `agent-console-e2e-${process.pid}-${Date.now()}`);
  await build({
    configFile: join(ROOT, 'vite.console.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true },
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
