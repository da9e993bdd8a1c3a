/**
 * Opens a capture for `mock-chat check` and `scenario from-capture`: JSON lines (what
 * `serve --record` and `proxy --record` write, see mock-server/proxy/capture.ts) or a HAR (see
 * har.ts), chosen by `--input-format`, else by the file's extension (`.har`); `-` is stdin.
 * Its records are read as a stream, one line or message at a time, never the whole file;
 * every line that cannot be used is a record saying why, and the usable ones still count.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { CaptureRecord } from '../../mock-server/proxy/capture.js';
import { harRecords } from './har.js';
import { MAX_LINE_BYTES, readLines } from './lines.js';
import { lineRecord } from './records.js';

export const CAPTURE_FORMATS = ['jsonl', 'har'] as const;
export type CaptureFormat = (typeof CAPTURE_FORMATS)[number];

/** Bytes a stream gives at a time. */
export type Chunks = AsyncIterable<Buffer | string>;

export interface CaptureSource {
  /** As shown in reports: the path relative to the working directory, or "stdin". */
  name: string;
  format: CaptureFormat;
  /** Why the file cannot be read at all (missing, a folder...), else undefined. */
  unreadable?: string;
  /** Its records, read as they are consumed (once). */
  records: AsyncIterable<CaptureRecord>;
}

async function* jsonLines(chunks: Chunks): AsyncGenerator<CaptureRecord> {
  for await (const line of readLines(chunks)) {
    if ('tooLong' in line) {
      yield {
        kind: 'unusable',
        line: line.line,
        problem: `is ${line.tooLong} bytes long, over the ${MAX_LINE_BYTES / 1024 / 1024} MiB a capture line may have: not read`,
      };
    } else if (line.text.trim() !== '') yield lineRecord(line.text, line.line);
  }
}

const none: AsyncIterable<CaptureRecord> = { async *[Symbol.asyncIterator]() {} };

function formatOf(file: string, asked: CaptureFormat | undefined): CaptureFormat {
  return asked ?? (/\.har$/i.test(file) ? 'har' : 'jsonl');
}

/** A capture file, or stdin for `-`. */
export async function openCapture(
  file: string,
  asked: CaptureFormat | undefined,
  stdin: () => Chunks,
): Promise<CaptureSource> {
  const name = file === '-' ? 'stdin' : path.relative(process.cwd(), file) || file;
  const format = formatOf(file, asked);
  const reader = format === 'har' ? harRecords : jsonLines;
  if (file === '-') return { name, format, records: reader(stdin()) };
  try {
    const handle = await open(file, 'r');
    if ((await handle.stat()).isDirectory()) {
      await handle.close();
      return { name, format, unreadable: 'is a folder', records: none };
    }
    return { name, format, records: reader(handle.createReadStream({ highWaterMark: 256 * 1024 })) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : (code ?? (error as Error).message);
    return { name, format, unreadable: why, records: none };
  }
}
