/**
 * Issue 14: mock-chat serves the built widget as a CDN would, so the demo measures what a site
 * would see: brotli or gzip by Accept-Encoding, Vary, an ETag with 304, a year of immutable
 * caching for the hashed chunks and minutes for the un-hashed embed.js.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../mock-server/index.js';
import { AssetCache, negotiateEncoding } from '../../../mock-server/server/cdn-assets.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const script = `export const greeting = ${JSON.stringify('hello widget '.repeat(400))};\n`;
let server: MockServer;
let widgetRoot: string;
let demoRoot: string;

beforeAll(async () => {
  widgetRoot = mkdtempSync(path.join(tmpdir(), 'mock-chat-cdn-widget-'));
  demoRoot = mkdtempSync(path.join(tmpdir(), 'mock-chat-cdn-demo-'));
  mkdirSync(path.join(widgetRoot, 'chunks'));
  writeFileSync(path.join(widgetRoot, 'embed.js'), script);
  writeFileSync(path.join(widgetRoot, 'chunks', 'start-AbCd1234.js'), script);
  writeFileSync(path.join(demoRoot, 'index.html'), `<h1>${'home '.repeat(300)}</h1>`);
  writeFileSync(path.join(demoRoot, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  server = await startMockServer({ scenario: 'happy-path', port: 0, host: '127.0.0.1', widgetRoot, demoRoot });
});
afterAll(async () => {
  await server?.close();
  for (const dir of [widgetRoot, demoRoot]) rmSync(dir, { recursive: true, force: true });
});

describe('mock-chat serves the widget like a CDN', () => {
  it('brotli when accepted, else gzip, else identity; the same bytes each way, Vary: Accept-Encoding', async () => {
    const url = `${server.url}/widget/chunks/start-AbCd1234.js`;
    const br = await get(url, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(script.length / 10);
    const gz = await get(url, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get(url, { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    for (const answer of [br, gz, plain]) {
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(answer.headers['access-control-allow-origin']).toBe('*');
    }
    expect(new Set([br, gz, plain].map((answer) => answer.headers.etag)).size).toBe(3);
  });

  it('hashed chunks are immutable for a year; embed.js lives 5 minutes and is revalidated', async () => {
    const chunk = await get(`${server.url}/widget/chunks/start-AbCd1234.js`);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const embed = await get(`${server.url}/widget/embed.js`);
    expect(embed.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    const page = await get(`${server.url}/`);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers 304 without a body to a matching If-None-Match, per encoding', async () => {
    const url = `${server.url}/widget/embed.js`;
    const first = await get(url, { 'Accept-Encoding': 'gzip' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+-gzip"$/);
    const again = await get(url, { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const otherEncoding = await get(url, { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(otherEncoding.status).toBe(200);
  });

  it('a changed file is a new version: new bytes, new ETag', async () => {
    const file = path.join(widgetRoot, 'chunks', 'mount-Zz9Yy8Xx.js');
    writeFileSync(file, 'export const v = 1;');
    const one = await get(`${server.url}/widget/chunks/mount-Zz9Yy8Xx.js`, { 'Accept-Encoding': 'gzip' });
    writeFileSync(file, 'export const v = 22;');
    const two = await get(`${server.url}/widget/chunks/mount-Zz9Yy8Xx.js`, { 'Accept-Encoding': 'gzip' });
    expect(gunzipSync(two.body).toString()).toBe('export const v = 22;');
    expect(two.headers.etag).not.toBe(one.headers.etag);
  });

  it('binary files are sent as they are; HEAD sends the headers only', async () => {
    const png = await get(`${server.url}/logo.png`, { 'Accept-Encoding': 'br' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.length).toBe(7);
    const head = await get(`${server.url}/widget/embed.js`, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });
});

describe('negotiation and the cache cap', () => {
  it('reads Accept-Encoding as browsers and proxies send it', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0, identity')).toBe('identity');
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('deflate')).toBe('identity');
  });

  it('keeps at most its cap in bytes, dropping the least recently used version', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mock-chat-cdn-cap-'));
    try {
      const cache = new AssetCache(10_000);
      for (let i = 0; i < 10; i++) {
        const file = path.join(dir, `f${i}.js`);
        writeFileSync(file, 'x'.repeat(3_000));
        const version = await cache.version(file, { size: 3_000, mtimeMs: i });
        await cache.encode(version, 'gzip');
        expect(cache.bytes).toBeLessThanOrEqual(10_000);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
