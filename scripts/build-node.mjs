// npm run build:node: the Node side, so mock-chat and `chat-widget/contract` run on plain
// Node 20 with no TypeScript loader.
// - build/contract/ and build/generated/: the contract library (tsc: JavaScript and .d.ts),
//   with the generated ajv validators (JavaScript already) copied beside it.
// - build/cli/mock-chat.js: the mock-chat program as one bundled file. Test suites start a
//   mock per file, so start-up counts: resolving and linking ~100 modules of the sources and
//   their dependencies took about 280 ms to the first answer, one file about 200 ms
//   (BENCHMARKS.md, mock-chat start-up).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit', cwd: root });
const from = path.join(root, 'generated');
const to = path.join(root, 'build', 'generated');
mkdirSync(to, { recursive: true });
for (const name of readdirSync(from)) {
  if (name.endsWith('.validators.js') || name.endsWith('.validators.d.ts'))
    copyFileSync(path.join(from, name), path.join(to, name));
}

await build({
  root,
  configFile: false,
  logLevel: 'warn',
  build: {
    ssr: path.join(root, 'cli/main.ts'),
    outDir: path.join(root, 'build/cli'),
    emptyOutDir: true,
    target: 'node20',
    // Readable stack traces in bug reports matter more than the ~10 ms minifying saves.
    minify: false,
    rolldownOptions: {
      // ws loads these native speed-ups when installed; it works without them.
      external: ['bufferutil', 'utf-8-validate'],
      output: { format: 'es', entryFileNames: 'mock-chat.js', codeSplitting: false },
    },
  },
  // Every dependency inside the one file.
  ssr: { noExternal: true, target: 'node' },
});
