/**
 * Sends one file from disk, safely: it must be a regular file when opened (not a directory,
 * not gone since the scenario loaded), the length comes from the opened file, and a read that
 * fails half-way ends the response instead of the process.
 */
import { open, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';

/**
 * Streams `file` with `headers`; resolves false (nothing sent) when it is not a regular file
 * that can be opened, true once the response has started.
 */
export async function streamFile(res: ServerResponse, file: string, headers: Record<string, string>): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    // Checked before opening too: opening a FIFO would wait for a writer forever.
    if (!(await stat(file)).isFile()) return false;
    handle = await open(file, 'r');
  } catch {
    return false;
  }
  let size: number;
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return false;
    }
    size = stat.size;
  } catch {
    await handle.close().catch(() => {});
    return false;
  }
  res.writeHead(200, { ...headers, 'Content-Length': String(size) });
  if (res.req.method === 'HEAD') {
    await handle.close();
    res.end();
    return true;
  }
  const stream = handle.createReadStream();
  stream.on('error', () => {
    // Half-sent: the declared length can no longer be met; end the connection, not the server.
    res.destroy();
  });
  res.on('close', () => stream.destroy());
  stream.pipe(res);
  return true;
}

/**
 * `attachment` with the name for every client: an ASCII fallback in `filename` and the exact
 * name in RFC 5987 `filename*` (UTF-8, percent-encoded), so `车型手册.pdf` is a valid header.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
