/**
 * Text files of the demo site and the built widget served as a CDN serves them, so that what
 * the demo measures (bytes, requests, revalidation) is what a website would see:
 * - brotli or gzip by the request's Accept-Encoding (brotli preferred; `q=0` refuses one),
 *   compressed once per file version (path, size, modification time) and kept in a cache
 *   capped in bytes (least recently used out first); `Vary: Accept-Encoding`;
 * - a strong ETag per representation (content hash, plus the encoding) and 304 on a matching
 *   If-None-Match;
 * - the Cache-Control the caller gives (hashed chunks: a year, immutable; embed.js: minutes).
 * Binary or large files are streamed as they are (send-file.ts).
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Types worth compressing. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
/** Bigger text files are streamed uncompressed (nothing in the demo comes near). */
const MAX_COMPRESSED_SOURCE_BYTES = 8 * 1024 * 1024;
/** Cap of the cache of file versions and their encodings, bytes. */
const ASSET_CACHE_BYTES = 64 * 1024 * 1024;

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to send for an Accept-Encoding header: br, else gzip, else none. A coding with
 * q=0 is refused; `*` stands for any coding not named.
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentEncoding {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const weights = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name === '') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return 'identity';
}

interface Version {
  key: string;
  hash: string;
  identity: Buffer;
  encoded: Map<ContentEncoding, Promise<Buffer>>;
  bytes: number;
}

/** File versions by `file|size|mtime`, in least-recently-used order, capped in bytes. */
export class AssetCache {
  private readonly versions = new Map<string, Promise<Version>>();
  private readonly sizes = new Map<string, number>();
  private total = 0;

  constructor(private readonly capBytes = ASSET_CACHE_BYTES) {}

  get bytes(): number {
    return this.total;
  }

  /** The version of `file` described by its stat; read (once) when not cached. */
  async version(file: string, info: { size: number; mtimeMs: number }): Promise<Version> {
    const key = `${file}|${info.size}|${info.mtimeMs}`;
    const cached = this.versions.get(key);
    if (cached) {
      this.versions.delete(key);
      this.versions.set(key, cached);
      return cached;
    }
    const loading = readFile(file).then((identity) => ({
      key,
      hash: createHash('sha256').update(identity).digest('base64url').slice(0, 22),
      identity,
      encoded: new Map<ContentEncoding, Promise<Buffer>>(),
      bytes: identity.length,
    }));
    this.versions.set(key, loading);
    try {
      const version = await loading;
      this.account(key, version.bytes);
      return version;
    } catch (error) {
      this.versions.delete(key);
      throw error;
    }
  }

  /** The version's bytes in `encoding`, compressed once. */
  async encode(version: Version, encoding: ContentEncoding): Promise<Buffer> {
    if (encoding === 'identity') return version.identity;
    let encoded = version.encoded.get(encoding);
    if (!encoded) {
      encoded =
        encoding === 'br'
          ? brotli(version.identity, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: version.identity.length,
              },
            })
          : gzipAsync(version.identity, { level: 9 });
      version.encoded.set(encoding, encoded);
      try {
        version.bytes += (await encoded).length;
      } catch (error) {
        version.encoded.delete(encoding);
        throw error;
      }
      if (this.versions.has(version.key)) this.account(version.key, version.bytes);
    }
    return encoded;
  }

  private account(key: string, bytes: number): void {
    this.total += bytes - (this.sizes.get(key) ?? 0);
    this.sizes.set(key, bytes);
    for (const oldest of this.versions.keys()) {
      if (this.total <= this.capBytes || oldest === key) break;
      this.versions.delete(oldest);
      this.total -= this.sizes.get(oldest) ?? 0;
      this.sizes.delete(oldest);
    }
  }
}

/** Whether an If-None-Match header names this ETag (weak comparison, as for a GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export interface AssetOptions {
  contentType: string;
  cacheControl: string;
  headers?: Record<string, string>;
}

/**
 * Sends a text file compressed and cacheable; resolves false (nothing sent) when it is not a
 * regular file or is not a compressible one (the caller streams it then).
 */
export async function sendAsset(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  cache: AssetCache,
  options: AssetOptions,
): Promise<boolean> {
  if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) return false;
  let version: Version;
  try {
    // Checked before reading: reading a FIFO would wait for a writer forever.
    const info = await stat(file);
    if (!info.isFile() || info.size > MAX_COMPRESSED_SOURCE_BYTES) return false;
    version = await cache.version(file, info);
  } catch {
    return false;
  }
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  const etag = `"${version.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  const headers: Record<string, string> = {
    'Content-Type': options.contentType,
    'Cache-Control': options.cacheControl,
    ETag: etag,
    Vary: 'Accept-Encoding',
    'X-Content-Type-Options': 'nosniff',
    // The widget's chunks are ES modules: a page on another origin needs CORS to import them.
    'Access-Control-Allow-Origin': '*',
    ...options.headers,
  };
  const ifNoneMatch = req.headers['if-none-match'];
  if (matches(Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch, etag)) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  const body = await cache.encode(version, encoding);
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  res.writeHead(200, { ...headers, 'Content-Length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
