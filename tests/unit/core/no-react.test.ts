import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const root = join(import.meta.dirname, '../../../widget/core');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Source without comments, so documentation may name the globals. */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

describe('the core is framework-free', () => {
  const files = sourceFiles(root);

  it('no file under widget/core imports React or react-dom', () => {
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(IMPORT)]
        .map((match) => match[1] ?? match[2] ?? '')
        .filter((specifier) => /^react(-dom)?(\/|$)/.test(specifier))
        .map((specifier) => `${relative(root, file)} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('only browser-environment.ts reads window, document or localStorage', () => {
    const offenders = files
      .filter((file) => !file.endsWith('browser-environment.ts'))
      .filter((file) => !/[/\\](forms|locale|analytics|reference)[/\\]/.test(file))
      .filter((file) => /\b(window|document|localStorage|sessionStorage)\s*[.[]/.test(code(file)))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });

  it('the core module graph loads with react mocked to an empty object', async () => {
    vi.doMock('react', () => ({}));
    vi.doMock('react-dom', () => ({}));
    const core = await import('../../../widget/core/index.js');
    expect(typeof core.createWidgetCore).toBe('function');
    vi.doUnmock('react');
    vi.doUnmock('react-dom');
  });
});
