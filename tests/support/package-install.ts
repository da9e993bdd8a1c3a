/**
 * The package as an integrator gets it: `npm pack` of this checkout (what `npm publish` would
 * upload; scripts off, so it packs the build/ and dist/ already built), installed into an empty
 * folder with `npm install --offline` and an empty npm cache: it installs only if it needs
 * nothing from a registry. Used by tests/cli/package.test.ts and the package benchmark.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './specs.js';

export interface Installed {
  /** The folder of the consumer project; chat-widget is in its node_modules. */
  consumer: string;
  tarball: string;
  /** Compressed size of the tarball, and the size of the files in it. */
  tarballBytes: number;
  unpackedBytes: number;
  /** Every path in the tarball, as `npm pack --json` lists them. */
  files: string[];
  /** Bytes under the consumer's node_modules after the install. */
  installedBytes: number;
  remove(): void;
}

/**
 * The environment without what an outer `npm test` or `npx` exports to its scripts
 * (`npm_config_local_prefix` names this checkout): a child npm must work on the folder it runs in.
 */
export function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
}

export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; stdin?: string; timeoutMs?: number },
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      command,
      args,
      { cwd: options.cwd, env: options.env ?? cleanEnv(), timeout: options.timeoutMs ?? 120_000, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) || 1 : 0, stdout, stderr }),
    );
    child.stdin?.end(options.stdin ?? '');
  });
}

/** Bytes of every file under a folder (symbolic links not followed). */
export function folderBytes(folder: string): number {
  let bytes = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return bytes;
}

export async function packAndInstall(): Promise<Installed> {
  const work = mkdtempSync(path.join(tmpdir(), 'chat-widget-package-'));
  const remove = () => rmSync(work, { recursive: true, force: true });
  try {
    const packed = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], {
      cwd: repoRoot,
    });
    if (packed.code !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
    const [summary] = JSON.parse(packed.stdout) as {
      filename: string;
      size: number;
      unpackedSize: number;
      files: { path: string }[];
    }[];
    if (!summary) throw new Error(`npm pack printed no summary: ${packed.stdout}`);
    const tarball = path.join(work, summary.filename);
    const consumer = path.join(work, 'consumer');
    mkdirSync(consumer);
    writeFileSync(
      path.join(consumer, 'package.json'),
      `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`,
    );
    const installed = await run(
      'npm',
      ['install', '--offline', '--cache', path.join(work, 'empty-npm-cache'), '--no-audit', '--no-fund', tarball],
      { cwd: consumer },
    );
    if (installed.code !== 0) throw new Error(`npm install --offline of the tarball failed: ${installed.stderr}`);
    return {
      consumer,
      tarball,
      tarballBytes: summary.size,
      unpackedBytes: summary.unpackedSize,
      files: summary.files.map((f) => f.path),
      installedBytes: folderBytes(path.join(consumer, 'node_modules')),
      remove,
    };
  } catch (error) {
    remove();
    throw error;
  }
}
