/**
 * Issue 24: `npm start` builds only what changed (scripts/build-if-stale.mjs). A part (the
 * widget, the Node side) is rebuilt when an output is missing or older than one of its inputs,
 * and only that part.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BuildPart, PARTS, staleness, stamp } from '../../../scripts/build-if-stale.mjs';

const ROOT = path.join(import.meta.dirname, '../../..');
const part = (name: string): BuildPart => {
  const found = PARTS.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no part ${name}`);
  return found;
};
const widget = part('widget');
const agentConsole = part('agent console');
const node = part('Node side');

let tree = '';
const BUILT = new Date('2026-01-02T00:00:00Z');
const BEFORE = new Date('2026-01-01T00:00:00Z');
const AFTER = new Date('2026-01-03T00:00:00Z');

/** A file of the fake checkout, with its (and its folders') time set. */
function file(relative: string, time: Date, text = 'x'): void {
  const full = path.join(tree, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  utimesSync(full, time, time);
}
function dirTime(relative: string, time: Date): void {
  utimesSync(path.join(tree, relative), time, time);
}

beforeEach(() => {
  tree = mkdtempSync(path.join(tmpdir(), 'build-if-stale-'));
  // Every input of every part, written before the build (the console's, inside mock-server/, first:
  // writing them changes mock-server/'s own time, which the Node side's is then set to).
  for (const input of new Set([...widget.inputs, ...agentConsole.inputs, ...node.inputs])) {
    if (input.includes('.')) {
      file(input, BEFORE);
      if (path.dirname(input) !== '.') dirTime(path.dirname(input), BEFORE);
    } else {
      file(`${input}/a.ts`, BEFORE);
      dirTime(input, BEFORE);
    }
  }
  for (const output of [...widget.outputs, ...agentConsole.outputs, ...node.outputs]) file(output, BUILT);
});
afterEach(() => rmSync(tree, { recursive: true, force: true }));

describe('npm start: build only what changed', () => {
  it('nothing changed since the build (npm install built both): nothing to build', () => {
    expect(staleness(widget, tree)).toBeNull();
    expect(staleness(node, tree)).toBeNull();
  });

  it('a widget source changed: the widget is built, the Node side is not', () => {
    file('widget/a.ts', AFTER);
    expect(staleness(widget, tree)).toBe('widget changed since the last build');
    expect(staleness(node, tree)).toBeNull();
  });

  it('a console source changed: the console is built, nothing else; its wire format changed: the Node side too', () => {
    file('agent-console/a.ts', AFTER);
    expect(staleness(agentConsole, tree)).toBe('agent-console changed since the last build');
    expect(staleness(widget, tree)).toBeNull();
    expect(staleness(node, tree)).toBeNull();
    file('mock-server/live/a.ts', AFTER);
    expect(staleness(node, tree)).toBe('mock-server changed since the last build');
  });

  it('a mock-server file removed (its folder changed): the Node side is built', () => {
    dirTime('mock-server', AFTER);
    expect(staleness(node, tree)).toBe('mock-server changed since the last build');
    expect(staleness(widget, tree)).toBeNull();
  });

  it('a shared input (the lock file, the contract) changed: both are built', () => {
    file('package-lock.json', AFTER);
    expect(staleness(widget, tree)).toBe('package-lock.json changed since the last build');
    expect(staleness(node, tree)).toBe('package-lock.json changed since the last build');
  });

  it('an output the build left alone (tsc keeps an unchanged file) does not make it stale', () => {
    file('build/contract/index.js', BEFORE);
    expect(staleness(node, tree)).toBeNull();
  });

  it('after a build here, its stamp (when it started) counts as the build time', () => {
    file('contract/a.ts', AFTER);
    expect(staleness(node, tree)).toBe('contract changed since the last build');
    // build-if-stale ran the build, which started after that edit; tsc did not rewrite build/contract.
    stamp(node, new Date('2026-01-04T00:00:00Z').getTime(), tree);
    expect(staleness(node, tree)).toBeNull();
    // An edit after the build started is built by the next start.
    file('contract/a.ts', new Date('2026-01-05T00:00:00Z'));
    expect(staleness(node, tree)).toBe('contract changed since the last build');
  });

  it('an output missing (never built, or removed) is built', () => {
    rmSync(path.join(tree, 'build/cli/mock-chat.js'));
    expect(staleness(node, tree)).toBe('build/cli/mock-chat.js is missing');
  });

  it("the parts' inputs exist in this repository (a renamed folder would make a part never rebuild)", () => {
    const missing = [...widget.inputs, ...agentConsole.inputs, ...node.inputs].filter(
      (input) => !existsSync(path.join(ROOT, input)),
    );
    expect(missing).toEqual([]);
  });
});
