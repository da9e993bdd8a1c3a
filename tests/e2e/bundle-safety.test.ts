/**
 * Issue 14, hostile host pages: a page may add an enumerable property to Object.prototype
 * before the widget runs. A `for…in` walks inherited properties too, so in the built widget:
 * - the widget's own chunks (our code, the generated validators, the bundler's runtime
 *   helpers) have no `for…in` at all: a namespace object built at run time (rolldown's
 *   `__export`) is one, and it made the widget fail to start on such a page;
 * - vendor chunks may keep a `for…in` that checks each key is the object's own
 *   (`o.hasOwnProperty(k)`, `hasOwn.call(o, k)`, `Object.hasOwn(o, k)`), and the few that do
 *   not are counted here, each reviewed (below): a new one fails the test until reviewed.
 * The chunks are parsed (vite's oxc parser), not grepped, so strings and comments do not count.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetBuild } from '../support/run-resources.js';
import type { BuiltWidget } from './build-widget.js';
import { filesUnder, vendorOf } from './bundle-files.js';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/**
 * Unguarded `for…in` loops in vendor code, reviewed: what each iterates and why an inherited
 * key does no harm there. The widget's own code never relies on them.
 */
const REVIEWED_UNGUARDED: Record<'react' | 'phone', { count: number; why: string }> = {
  react: {
    count: 5,
    why:
      "React's copies of props objects: defaultProps merges (no component of ours has defaultProps) and the " +
      'props copies made when a config carries `key` or `ref`; the DOM is written from own props only ' +
      '(react-dom checks hasOwnProperty), so an inherited key never reaches an element.',
  },
  phone: {
    count: 1,
    why: "libphonenumber-js's merge of format options into a fresh object: an inherited key becomes an unused option.",
  },
};

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function children(node: Node): Node[] {
  const out: Node[] = [];
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) out.push(...value.filter(isNode));
    else if (isNode(value)) out.push(value);
  }
  return out;
}

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const child of children(node)) walk(child, visit);
}

const identifier = (node: unknown): string | null =>
  isNode(node) && node.type === 'Identifier' ? (node.name as string) : null;

/** The loop's key variable and the object it walks (the last expression of a sequence). */
function loopParts(loop: Node): { key: string | null; object: string | null } {
  const left = loop.left as Node;
  const key =
    left.type === 'VariableDeclaration' ? identifier(((left.declarations as Node[])[0] as Node).id) : identifier(left);
  let right = loop.right as Node;
  if (right.type === 'SequenceExpression') right = (right.expressions as Node[]).at(-1) as Node;
  return { key, object: identifier(right) };
}

/** The body checks the key is the walked object's own: o.hasOwnProperty(k), x.call(o, k), Object.hasOwn(o, k). */
function isGuarded(loop: Node): boolean {
  const { key, object } = loopParts(loop);
  if (key === null) return false;
  let guarded = false;
  walk(loop.body as Node, (node) => {
    if (node.type !== 'CallExpression') return;
    const callee = node.callee as Node;
    const args = node.arguments as Node[];
    if (callee.type !== 'MemberExpression' && callee.type !== 'StaticMemberExpression') return;
    const property = identifier(callee.property);
    const target = identifier(callee.object);
    if (property === 'hasOwnProperty' && identifier(args[0]) === key && (object === null || target === object))
      guarded = true;
    if (property === 'call' && identifier(args[1]) === key && (object === null || identifier(args[0]) === object))
      guarded = true;
    if (property === 'hasOwn' && target === 'Object' && identifier(args[1]) === key) guarded = true;
  });
  return guarded;
}

function forInLoops(code: string, file: string): { text: string; guarded: boolean }[] {
  const parsed = parseSync(file, code, { sourceType: 'module' });
  if (parsed.errors.length > 0) throw new Error(`${file} does not parse: ${parsed.errors[0]?.message}`);
  const loops: { text: string; guarded: boolean }[] = [];
  walk(parsed.program as unknown as Node, (node) => {
    if (node.type === 'ForInStatement') {
      loops.push({ text: code.slice(node.start, Math.min(node.end, node.start + 100)), guarded: isGuarded(node) });
    }
  });
  return loops;
}

let built: BuiltWidget;
beforeAll(async () => {
  built = await widgetBuild();
});
afterAll(() => built?.remove());

describe('no for…in over what a host page can pollute, in the built widget', () => {
  it('finds a for…in and tells a guarded one from an unguarded one (the check itself)', () => {
    const loops = forInLoops(
      'for (var k in o) if (o.hasOwnProperty(k)) x(k); for (let k in o) Object.hasOwn(o, k) && x(k); ' +
        'for (var i in t) h.call(t, i) && y(i); var e = {}; for (var n in s) e[n] = s[n]; const s2 = "for (a in b)";',
      'probe.js',
    );
    expect(loops.map((loop) => loop.guarded)).toEqual([true, true, true, false]);
  });

  it("the widget's own chunks have none; vendor chunks only guarded ones and the reviewed few", () => {
    const files = filesUnder(built.dir).filter((file) => file.endsWith('.js'));
    const ours: string[] = [];
    const unguarded: Record<string, string[]> = { react: [], phone: [] };
    for (const file of files) {
      const loops = forInLoops(readFileSync(join(built.dir, file), 'utf8'), file);
      const vendor = vendorOf(file);
      if (vendor === null) ours.push(...loops.map((loop) => `${file}: ${loop.text}`));
      else unguarded[vendor]?.push(...loops.filter((loop) => !loop.guarded).map((loop) => loop.text));
    }
    expect(files.some((file) => vendorOf(file) === 'react')).toBe(true);
    expect(ours).toEqual([]);
    for (const [vendor, reviewed] of Object.entries(REVIEWED_UNGUARDED)) {
      expect(unguarded[vendor], `${vendor}: ${reviewed.why}`).toHaveLength(reviewed.count);
    }
  });
});
