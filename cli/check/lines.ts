/**
 * The lines of a stream, read as they arrive: memory holds one line at a time, never the file,
 * so a capture of any size is read in constant memory. A UTF-8 byte order mark and CRLF line
 * ends are fine. A line longer than `maxBytes` is not held at all: it is reported by its number
 * and size, and reading goes on at the next line.
 */

/** Longer than any frame a recorder writes (the proxy forwards frames of up to 16 MiB, 21 MiB as base64). */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

export type Line = { line: number; text: string } | { line: number; tooLong: number };

const NEWLINE = 0x0a;

export async function* readLines(
  chunks: AsyncIterable<Buffer | string>,
  maxBytes = MAX_LINE_BYTES,
): AsyncGenerator<Line> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  /** Bytes of a line over the limit, counted while it is skipped. */
  let skipped = 0;
  let number = 0;
  const take = (last: Buffer): Line => {
    number += 1;
    if (skipped > 0) {
      const line = { line: number, tooLong: skipped + last.length };
      skipped = 0;
      return line;
    }
    let text = (pending.length === 0 ? last : Buffer.concat([...pending, last])).toString('utf8');
    pending = [];
    pendingBytes = 0;
    if (number === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (text.endsWith('\r')) text = text.slice(0, -1);
    return { line: number, text };
  };
  const keep = (part: Buffer) => {
    if (skipped > 0 || pendingBytes + part.length > maxBytes) {
      skipped += pendingBytes + part.length;
      pending = [];
      pendingBytes = 0;
    } else if (part.length > 0) {
      pending.push(part);
      pendingBytes += part.length;
    }
  };
  for await (const chunk of chunks) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    for (let end = buffer.indexOf(NEWLINE, start); end >= 0; end = buffer.indexOf(NEWLINE, start)) {
      const part = buffer.subarray(start, end);
      if (skipped > 0 || pendingBytes + part.length > maxBytes) {
        keep(part);
        yield take(Buffer.alloc(0));
      } else yield take(part);
      start = end + 1;
    }
    keep(buffer.subarray(start));
  }
  if (pendingBytes > 0 || skipped > 0) yield take(Buffer.alloc(0));
}
