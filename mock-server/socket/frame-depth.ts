/**
 * How deeply a parsed client frame nests. No contract frame goes deeper than a handful of
 * levels (requestChat's intrinsics.customFields[].value is 5), but a 20 KB frame can nest
 * 10,000 levels, and re-serialising that for the log or the capture overflows the stack.
 * Counted without recursion, so the check itself cannot overflow.
 */

/** Client frames nesting deeper than this are refused with error code 1. */
export const MAX_FRAME_DEPTH = 32;

/**
 * False when the JSON text cannot nest more than `limit` levels: it opens no more objects and
 * arrays than that (brackets inside strings counted too, which can only say "maybe"). Counting
 * characters costs a frame less than walking what JSON.parse made of it, and a frame from a
 * widget opens a handful.
 */
export function mayNestDeeperThan(json: string, limit: number): boolean {
  let opened = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    // '{' and '['
    if ((c === 123 || c === 91) && ++opened > limit) return true;
  }
  return false;
}

/** True when `value` nests objects or arrays more than `limit` levels deep. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}
