import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';

const root = join(import.meta.dirname, '../../../widget/core');
const repo = join(import.meta.dirname, '../../..');

/**
 * Globals of the language and pure web APIs (values only: they read nothing of the host). The
 * rest (timers, fetch, storage, the console, the clock, the page) reaches the core through
 * its environment.
 */
const PURE_GLOBALS = new Set([
  'Array',
  'ArrayBuffer',
  'Boolean',
  'Date',
  'Error',
  'Infinity',
  'Intl',
  'JSON',
  'Map',
  'Math',
  'NaN',
  'Number',
  'Object',
  'Promise',
  'RangeError',
  'RegExp',
  'Request',
  'Response',
  'Set',
  'String',
  'Symbol',
  'TextDecoder',
  'TextEncoder',
  'TypeError',
  'URL',
  'URLSearchParams',
  'Uint8Array',
  'WeakMap',
  'WeakSet',
  'decodeURIComponent',
  'encodeURIComponent',
  'parseFloat',
  'parseInt',
  'undefined',
]);

/** Members of the pure globals that read the host after all: the clock and randomness. */
const HOST_MEMBERS = new Set(['Date.now', 'Math.random', 'performance.now']);

/** Every value the core's files take from the host's global scope, as `file: name` (the compiler resolves each name). */
function hostGlobalsUsed(files: string[]): string[] {
  const config = ts.readConfigFile(join(repo, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, repo);
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const isHostDeclared = (symbol: ts.Symbol | undefined): boolean => {
    // globalThis is the host's scope itself (the compiler gives it no declaration).
    if (symbol?.escapedName === 'globalThis' && (symbol.declarations?.length ?? 0) === 0) return true;
    const declarations = symbol?.declarations ?? [];
    return (
      declarations.length > 0 &&
      declarations.every((declaration) => {
        const file = declaration.getSourceFile();
        return program.isSourceFileDefaultLibrary(file) || /[/\\]@types[/\\]node[/\\]/.test(file.fileName);
      })
    );
  };
  const inType = (node: ts.Node): boolean => {
    for (let at: ts.Node | undefined = node.parent; at !== undefined; at = at.parent) {
      if (
        ts.isTypeNode(at) ||
        ts.isHeritageClause(at) ||
        ts.isTypeAliasDeclaration(at) ||
        ts.isInterfaceDeclaration(at)
      )
        return true;
    }
    return false;
  };
  const offenders: string[] = [];
  for (const file of program.getSourceFiles()) {
    if (!files.includes(file.fileName)) continue;
    const where = relative(root, file.fileName);
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && !inType(node)) {
        const parent = node.parent;
        const isMemberName =
          (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
          (ts.isPropertyAssignment(parent) && parent.name === node) ||
          (ts.isMethodDeclaration(parent) && parent.name === node);
        if (!isMemberName && isHostDeclared(checker.getSymbolAtLocation(node)) && !PURE_GLOBALS.has(node.text)) {
          offenders.push(`${where}: ${node.text}`);
        }
      }
      if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
        const member = `${node.expression.text}.${node.name.text}`;
        if (HOST_MEMBERS.has(member) && isHostDeclared(checker.getSymbolAtLocation(node.expression))) {
          offenders.push(`${where}: ${member}`);
        }
      }
      // `new Date()` without arguments reads the clock; with them it only builds a date.
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Date') {
        if ((node.arguments?.length ?? 0) === 0) offenders.push(`${where}: new Date()`);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return offenders;
}

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

  it('only browser-environment.ts reads window, document or localStorage, in every folder of the core', () => {
    const offenders = files
      .filter((file) => !file.endsWith('browser-environment.ts'))
      .filter((file) => /\b(window|document|localStorage|sessionStorage)\s*[.[]/.test(code(file)))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });

  it('no file but browser-environment.ts takes anything from the host (timers, fetch, console, clock, page), in every folder', () => {
    const checked = files.filter((file) => !file.endsWith('browser-environment.ts'));
    // Every folder of the core is checked: none is exempt.
    const folders = new Set(checked.map((file) => relative(root, file).split(/[/\\]/)[0]));
    for (const folder of ['forms', 'locale', 'analytics', 'reference', 'chat', 'connection'])
      expect(folders).toContain(folder);
    expect(hostGlobalsUsed(checked)).toEqual([]);
    // The check sees what it is for: the browser environment takes the page, the clock and the console from the host.
    const browser = files.filter((file) => file.endsWith('browser-environment.ts'));
    expect(hostGlobalsUsed(browser)).toEqual(
      expect.arrayContaining([
        'browser-environment.ts: window',
        'browser-environment.ts: Date.now',
        'browser-environment.ts: Math.random',
        'browser-environment.ts: console',
      ]),
    );
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
