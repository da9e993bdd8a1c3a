/**
 * The widget's three folders depend one way: the embed (the script tag and the start chunk)
 * loads the views, the views draw the core, the core knows neither. A file importing against
 * that direction (type-only imports too) makes a circle the bundler and a reader have to untie.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/specs.js';

const widget = path.join(repoRoot, 'widget');
type Folder = 'core' | 'ui' | 'embed';
/** What each folder may import of the widget's own folders. */
const MAY_IMPORT: Record<Folder, readonly Folder[]> = {
  core: ['core'],
  ui: ['ui', 'core'],
  embed: ['embed', 'ui', 'core'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The widget folder a relative specifier of `file` lands in, or null for a package or a file outside widget/. */
function folderOf(file: string, specifier: string): Folder | null {
  if (!specifier.startsWith('.')) return null;
  const [top] = path.relative(widget, path.resolve(path.dirname(file), specifier)).split(path.sep);
  return top === 'core' || top === 'ui' || top === 'embed' ? top : null;
}

/** Every import of the folder against the direction, as `file -> specifier`. */
function importsAgainst(folder: Folder): string[] {
  return sourceFiles(path.join(widget, folder)).flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.map((imported) => imported.fileName)
      .filter((specifier) => {
        const target = folderOf(file, specifier);
        return target !== null && !MAY_IMPORT[folder].includes(target);
      })
      .map((specifier) => `${path.relative(widget, file)} -> ${specifier}`),
  );
}

describe('the widget imports one way: embed -> ui -> core', () => {
  it('the views import nothing of the embed, the core nothing of either', () => {
    expect(importsAgainst('ui')).toEqual([]);
    expect(importsAgainst('core')).toEqual([]);
  });

  it('the check sees imports: the embed reaches the views and the core, the launcher texts among them', () => {
    const seen = sourceFiles(path.join(widget, 'embed')).flatMap((file) =>
      ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((i) => folderOf(file, i.fileName)),
    );
    // (Packages and generated/ count as outside the three; the embed may import none of them.)
    expect(seen).toEqual(expect.arrayContaining(['embed', 'ui', 'core']));
    const start = readFileSync(path.join(widget, 'embed/start.ts'), 'utf8');
    expect(ts.preProcessFile(start, true, true).importedFiles.map((i) => i.fileName)).toContain(
      '../ui/i18n/launcher-texts.js',
    );
  });
});
