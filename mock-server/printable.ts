/**
 * Text on its way to a terminal or a CI log, made inert. A client frame, a capture or a
 * scenario file decides property names, methods and messages; printed raw, an ESC sequence
 * rewrites the terminal and a newline starts a line of the reader's choosing (`::error::`
 * in GitHub Actions, `##vso[` in Azure Pipelines). Control characters (C0, DEL, C1), line
 * and paragraph separators and bidirectional overrides are written as escapes instead.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export function printable(text: string): string {
  return text.replace(
    UNPRINTABLE,
    (c) => NAMED[c] ?? `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`,
  );
}

/**
 * A JSON text made inert the same way: JSON.stringify already escapes C0 controls, but writes
 * DEL, C1 controls, line separators and bidirectional overrides raw. As `\uXXXX` escapes they
 * stay the same JSON value, and no terminal or CI log acts on them.
 */
const UNPRINTABLE_IN_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function inertJson(json: string): string {
  return json.replace(UNPRINTABLE_IN_JSON, (c) => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`);
}
