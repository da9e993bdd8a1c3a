/**
 * Builds the widget from the current sources into a fresh folder under .tmp/ (gitignored),
 * so the browser tests and the budgets always check this working tree, never a stale
 * dist/widget/ left by an earlier `npm run build`. Same vite.config.ts as `npm run build`;
 * only the output folder differs. About a second. WIDGET_NO_MINIFY=1 keeps the code readable
 * for a profile taken in a benchmark.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const ROOT = join(import.meta.dirname, '../..');

export interface BuiltWidget {
  /** The folder holding embed.js and chunks/, like dist/widget/. */
  dir: string;
  remove(): void;
}

export async function buildWidget(): Promise<BuiltWidget> {
  const dir = join(ROOT, '.tmp', `widget-e2e-${process.pid}-${Date.now()}`);
  await build({
    root: ROOT,
    mode: 'production',
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true, ...(process.env.WIDGET_NO_MINIFY ? { minify: false } : {}) },
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
