/**
 * The package's own folder, where the data mock-chat reads lives (specs/, the built-in
 * scenarios, the demo and the built widget). Found by walking up from this module to the
 * package.json that declares the mock-chat bin, so it is the same whether this runs from the
 * TypeScript sources (tests) or from the compiled build/ (the CLI and the library).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        const json = JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: Record<string, string> };
        if (json.bin?.['mock-chat']) return dir;
      } catch {
        // An unreadable package.json is not ours: keep looking above it.
      }
    }
    if (path.dirname(dir) === dir) throw new Error(`mock-chat: no package.json with the mock-chat bin above ${from}`);
  }
}

export const packageRoot = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));
