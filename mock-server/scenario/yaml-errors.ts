/**
 * YAML syntax errors in QA words, at the line to fix. The parser reports an indentation slip
 * where it noticed it, which is often the line above the real one (`- send: requestChat`, when
 * the `body:` under it is indented one space too far) and with no column; here such an error is
 * moved to the first line whose indentation fits nothing above it, with its column and a hint
 * naming the indentations that would fit.
 */
import type { LineCounter, YAMLError } from 'yaml';

/** Errors the parser gives for text indented where YAML does not expect it. */
const INDENTATION_ERRORS = new Set([
  'BAD_INDENT',
  'BLOCK_AS_IMPLICIT_KEY',
  'MULTILINE_IMPLICIT_KEY',
  'MISSING_CHAR',
  'UNEXPECTED_TOKEN',
]);

/** How far below the parser's line the misplaced line may be. */
const LOOK_AHEAD_LINES = 2;

interface Line {
  /** 1-based. */
  number: number;
  indent: number;
  text: string;
}

const isContent = (text: string) => text.trim() !== '' && !text.trimStart().startsWith('#');
const spaces = (n: number) => `${n} space${n === 1 ? '' : 's'}`;

/** The column where a `- ` item's own content starts (`  - say: x` -> 4), else undefined. */
function itemContentColumn(line: Line): number | undefined {
  const match = /^(\s*-\s+)\S/.exec(line.text);
  return match ? (match[1] as string).length : undefined;
}

/** The line opens a block for more-indented lines below it (`key:`, `- `, `key: |`). */
function opensBlock(text: string): boolean {
  const code = text.replace(/\s+#.*$/, '').trimEnd();
  return /:$/.test(code) || /^\s*-$/.test(code) || /[:-]\s*[|>][-+0-9]*$/.test(code);
}

/** The line starts a `- key: value` item whose mapping already has its value on that line. */
const itemWithValue = (text: string) => /^\s*-\s+[^\s#][^:]*:\s+\S/.test(text);

/**
 * Why `line` is indented where nothing above it can hold it, with the indentations that would
 * fit; undefined when it fits (the line may still be wrong in other ways).
 */
function misplaced(line: Line, above: readonly Line[]): string | undefined {
  const previous = above.at(-1);
  if (previous === undefined) return undefined;
  if (line.indent > previous.indent && opensBlock(previous.text)) return undefined;
  // The columns of the blocks still open here: each line above with less indentation than the
  // ones after it, and the content column of a `- ` item among them.
  const fits = new Set<number>();
  let ceiling = Number.POSITIVE_INFINITY;
  for (let i = above.length - 1; i >= 0 && ceiling > 0; i--) {
    const candidate = above[i] as Line;
    if (candidate.indent >= ceiling) continue;
    ceiling = candidate.indent;
    fits.add(candidate.indent);
    const content = itemContentColumn(candidate);
    if (content !== undefined) fits.add(content);
  }
  // `- wait: 1` lined up with the keys of the `- say: ...` above is read as one of its keys.
  const item = itemContentColumn(line) !== undefined;
  if (item && line.indent === itemContentColumn(previous) && itemWithValue(previous.text)) {
    return `this \`-\` item is lined up with the keys of the item on line ${previous.number}, so it is read as one of them: start it at ${spaces(previous.indent)} like that item, or give it a key to belong to`;
  }
  if (fits.has(line.indent)) return undefined;
  const choices = [...fits].sort((a, b) => b - a).map((n) => String(n));
  const where =
    line.indent > previous.indent
      ? `line ${previous.number} already has its value, so nothing can be nested under it`
      : 'no line above starts there';
  return `this line is indented ${spaces(line.indent)}, and ${where}: YAML nests by indentation, so line it up with the key or item it belongs beside (${choices.join(', ')} spaces)`;
}

/**
 * Every syntax error as `label:line:column: message`, an indentation error at the line to
 * fix with a hint; errors that land on the same line and column are said once.
 */
export function describeYamlErrors(
  errors: readonly YAMLError[],
  text: string,
  label: string,
  lines: LineCounter,
): string[] {
  const textLines = text.split(/\r?\n/);
  const lineAt = (number: number): Line => {
    const lineText = textLines[number - 1] ?? '';
    return { number, text: lineText, indent: /^ */.exec(lineText)?.[0].length ?? 0 };
  };
  const said = new Set<string>();
  const out: string[] = [];
  for (const error of errors) {
    const start = lines.linePos(error.pos[0]);
    const end = lines.linePos(error.pos[1]);
    let at = { line: start.line, column: start.col };
    let message = error.message.split('\n')[0] as string;
    if (INDENTATION_ERRORS.has(error.code)) {
      const above: Line[] = [];
      for (let n = 1; n < start.line; n++) if (isContent(textLines[n - 1] ?? '')) above.push(lineAt(n));
      for (let n = start.line; n <= Math.max(end.line, start.line + LOOK_AHEAD_LINES); n++) {
        const line = lineAt(n);
        if (!isContent(line.text)) continue;
        const why = misplaced(line, above);
        if (why !== undefined) {
          at = { line: n, column: line.indent + 1 };
          message = `indentation: ${why} (the YAML parser says: ${message})`;
          break;
        }
        above.push(line);
      }
    }
    const key = `${at.line}:${at.column}`;
    if (said.has(key)) continue;
    said.add(key);
    out.push(`${label}:${at.line}:${at.column}: ${message}`);
  }
  return out;
}
