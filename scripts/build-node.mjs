// npm run build:node: the Node side, so mock-chat, `chat-widget/contract` and `chat-widget/mock`
// run on plain Node 20 with no TypeScript loader and no runtime dependency installed:
// - build/{contract,generated,mock-server}/**/*.d.ts: the types (tsc, declarations only).
// - build/contract/index.js and build/mock-server/index.js: the two libraries as ES modules,
//   every dependency (ws, yaml, re2js, ajv's runtime) bundled in, shared code in build/chunks/.
// - build/cjs/: the same libraries as CommonJS for `require()`, beside a copy of the types under a
//   package.json of type commonjs, so TypeScript's node16 resolution types a `require` as CommonJS.
// - build/cli/mock-chat.js: the mock-chat program as one bundled file. Test suites start a
//   mock per file, so start-up counts: resolving and linking ~100 modules of the sources and
//   their dependencies took about 280 ms to the first answer, one file about 200 ms
//   (BENCHMARKS.md, mock-chat start-up).
// The package's `dependencies` stay empty: an installed tarball needs nothing from a registry.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = (...parts) => path.join(root, 'build', ...parts);
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit', cwd: root });
// The generated validators are JavaScript with hand-written declarations: tsc does not emit those.
for (const name of readdirSync(path.join(root, 'generated'))) {
  if (name.endsWith('.validators.d.ts')) copyFileSync(path.join(root, 'generated', name), out('generated', name));
}

/** Everything inside, for Node: ws loads these native speed-ups when installed and works without them. */
const bundle = (outDir, input, output) =>
  build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir,
      emptyOutDir: false,
      target: 'node20',
      // Readable stack traces in bug reports matter more than the ~10 ms minifying saves.
      minify: false,
      rolldownOptions: { input, external: ['bufferutil', 'utf-8-validate'], output },
    },
    ssr: { noExternal: true, target: 'node' },
  });

const entry = (file) => path.join(root, file);
const names = { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' };
const libraries = { 'contract/index': entry('contract/index.ts'), 'mock-server/index': entry('mock-server/index.ts') };
// Only bundles write JavaScript into build/: what an earlier build left is removed first.
for (const stale of ['chunks', 'cjs', 'cli']) rmSync(out(stale), { recursive: true, force: true });
for (const folder of ['contract', 'generated', 'mock-server']) {
  for (const file of readdirSync(out(folder), { recursive: true })) {
    if (String(file).endsWith('.js')) rmSync(out(folder, String(file)));
  }
}
// The program shares the libraries' chunks: a handful of modules start as fast as one file.
const program = { 'cli/mock-chat': entry('cli/main.ts') };
await bundle(out(), { ...libraries, ...program }, { format: 'es', ...names });
await bundle(out('cjs'), libraries, { format: 'cjs', ...names });
writeFileSync(out('cjs', 'package.json'), '{ "type": "commonjs" }\n');
for (const folder of ['contract', 'generated', 'mock-server']) {
  cpSync(out(folder), out('cjs', folder), { recursive: true, filter: (from) => !from.endsWith('.js') });
}
