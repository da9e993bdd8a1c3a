// npm run build:node: the Node side, so mock-chat, `chat-widget/contract` and `chat-widget/mock`
// run on plain Node 20 with no TypeScript loader and no runtime dependency installed:
// - build/{contract,generated,mock-server}/**/*.d.ts: the types (tsc, declarations only).
// - build/contract/index.js and build/mock-server/index.js: the two libraries as ES modules,
//   every dependency (ws, yaml, re2js, ajv's runtime) bundled in, shared code in build/chunks/.
// - build/cjs/: the same libraries as CommonJS for `require()`, beside a copy of the types under a
//   package.json of type commonjs, so TypeScript's node16 resolution types a `require` as CommonJS.
// - build/cli/mock-chat.js: the mock-chat program, bundled. Test suites start a mock per file,
//   so start-up counts: resolving and linking ~100 modules of the sources and their
//   dependencies took about 280 ms to the first answer, one file about 200 ms (BENCHMARKS.md,
//   mock-chat start-up). Each command's code is a dynamic import (cli/program.ts), which the
//   bundler keeps in chunks of its own, and so is the YAML scenario loader: `serve` loads
//   neither check's nor proxy's code, nor the YAML parser, the scenario validators and RE2.
// - build/scenarios/NAME.json: every built-in scenario loaded and checked at build time
//   (scripts/prepare-scenarios.ts), which the built server serves instead of parsing the YAML
//   (mock-server/scenario/built-in.ts; BENCHMARKS.md, cold start).
// The package's `dependencies` stay empty: an installed tarball needs nothing from a registry.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the built-in scenarios prepared at build time go, relative to the package. */
const PREPARED_SCENARIOS = 'build/scenarios';
const out = (...parts) => path.join(root, 'build', ...parts);
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit', cwd: root });
// The generated validators are JavaScript with hand-written declarations: tsc does not emit those.
for (const name of readdirSync(path.join(root, 'generated'))) {
  if (name.endsWith('.validators.d.ts')) copyFileSync(path.join(root, 'generated', name), out('generated', name));
}

/**
 * What our dependencies load when they are loaded but use only on paths mock-chat's commands
 * rarely or never take: ws's node:https and node:tls (for its client's wss:// connections),
 * commander's node:child_process (for subcommands that are programs), and ws's search for the
 * optional native `bufferutil` (a walk up every node_modules folder; on Node 20 it would only
 * speed up masking frames of 24 bytes and more, where the JavaScript fallback is fine for a
 * mock). Together about 5 ms of CPU at every start, a sixth of what `serve` adds to Node's own
 * start (BENCHMARKS.md, cold start): the bundle loads each module on its first use instead, and
 * does not look for bufferutil. The build fails when a dependency no longer reads as expected.
 */
const REWRITES = [
  {
    file: '/node_modules/ws/lib/websocket.js',
    replace: [
      ["const https = require('https');", "const https = { get request() { return require('https').request; } };"],
      ["const tls = require('tls');", "const tls = { connect: (options) => require('tls').connect(options) };"],
    ],
  },
  {
    file: '/node_modules/ws/lib/buffer-util.js',
    replace: [['else if (!process.env.WS_NO_BUFFER_UTIL) {', 'else if (false) {']],
  },
  {
    file: '/node_modules/commander/lib/command.js',
    replace: [
      [
        "const childProcess = require('node:child_process');",
        "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };",
      ],
    ],
  },
];
const lazyRequires = {
  name: 'lazy-requires',
  transform(code, id) {
    const entry = REWRITES.find(({ file }) => id.replaceAll('\\', '/').endsWith(file));
    if (!entry) return null;
    let out = code;
    for (const [from, to] of entry.replace) {
      if (!out.includes(from)) throw new Error(`${id} changed: it no longer has ${from} (scripts/build-node.mjs)`);
      out = out.replace(from, to);
    }
    return out;
  },
};

/**
 * The modules `mock-chat serve` loads, in two chunks: what `chat-widget/contract` loads too (the
 * frame checks; that entry must not load the server) and the rest. Left to itself the bundler
 * splits them into some twenty files (by which entries share them), and Node pays for each
 * module file it loads (resolving, reading, linking): about 4 ms of CPU at every start
 * (BENCHMARKS.md, cold start). What only other commands load stays in their own chunks (dynamic
 * imports, cli/program.ts).
 */
function serveChunks() {
  const imports = new Map();
  const reachable = (from) => {
    const seen = new Set();
    const stack = [from];
    while (stack.length > 0) {
      const id = stack.pop();
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(imports.get(id) ?? []));
    }
    return seen;
  };
  let sets;
  const members = () => {
    if (!sets) {
      const contract = reachable(path.join(root, 'contract/index.ts'));
      const serve = [...reachable(path.join(root, 'cli/commands/serve.ts'))].filter((id) => !contract.has(id));
      sets = { contract, serve: new Set(serve) };
    }
    return sets;
  };
  return {
    plugin: {
      name: 'serve-chunks',
      moduleParsed(info) {
        imports.set(info.id, info.importedIds);
      },
    },
    groups: [
      { name: 'contract', priority: 2, test: (id) => members().contract.has(id) },
      { name: 'serve', priority: 1, test: (id) => members().serve.has(id) },
    ],
  };
}

/** Everything inside, for Node: ws loads utf-8-validate when installed (never on Node 20: node:buffer has isUtf8). */
const bundle = (outDir, input, output, plugins = []) =>
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
      rolldownOptions: { input, external: ['utf-8-validate'], output },
    },
    ssr: { noExternal: true, target: 'node' },
    plugins: [lazyRequires, ...plugins],
    // The built code serves the built-ins prepared below; the sources read the YAML.
    define: { __MOCK_CHAT_PREPARED_SCENARIOS__: JSON.stringify(PREPARED_SCENARIOS) },
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
const serve = serveChunks();
await bundle(out(), { ...libraries, ...program }, { format: 'es', ...names, codeSplitting: { groups: serve.groups } }, [
  serve.plugin,
]);
await bundle(out('cjs'), libraries, { format: 'cjs', ...names });
writeFileSync(out('cjs', 'package.json'), '{ "type": "commonjs" }\n');
for (const folder of ['contract', 'generated', 'mock-server']) {
  cpSync(out(folder), out('cjs', folder), { recursive: true, filter: (from) => !from.endsWith('.js') });
}
// The scenarios last: their files are newer than the YAML they were made from (built-in.ts
// serves a prepared scenario only while it is).
execFileSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'scripts/prepare-scenarios.ts'), PREPARED_SCENARIOS],
  {
    stdio: 'inherit',
    cwd: root,
  },
);
