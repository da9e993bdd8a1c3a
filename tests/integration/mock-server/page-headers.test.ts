/** pageHeaders: extra headers (a Content-Security-Policy) on the demo site's HTML pages only. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../mock-server/index.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function site(): { widgetRoot: string; demoRoot: string } {
  const widgetRoot = mkdtempSync(path.join(tmpdir(), 'mock-chat-widget-'));
  const demoRoot = mkdtempSync(path.join(tmpdir(), 'mock-chat-demo-'));
  mkdirSync(path.join(widgetRoot, 'chunks'));
  writeFileSync(path.join(widgetRoot, 'embed.js'), 'export {}');
  writeFileSync(path.join(demoRoot, 'index.html'), '<h1>home</h1>');
  writeFileSync(path.join(demoRoot, 'page.html'), '<h1>page</h1>');
  writeFileSync(path.join(demoRoot, 'site.css'), 'body{}');
  return { widgetRoot, demoRoot };
}

const CSP = "script-src 'self'; object-src 'none'";

describe('given pageHeaders with a Content-Security-Policy', () => {
  it('sends it with every HTML page of the site, and not with scripts, styles or the REST answers', async () => {
    server = await startMockServer({ ...site(), port: 0, pageHeaders: { 'Content-Security-Policy': CSP } });
    const csp = async (p: string, init?: RequestInit) =>
      (await fetch(`${server?.url}${p}`, init)).headers.get('content-security-policy');
    expect(await csp('/')).toBe(CSP);
    expect(await csp('/page.html')).toBe(CSP);
    expect(await csp('/site.css')).toBeNull();
    expect(await csp('/widget/embed.js')).toBeNull();
    expect(await csp('/__mock/scenarios')).toBeNull();
  });

  it('sends no such header without the option', async () => {
    server = await startMockServer({ ...site(), port: 0 });
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBeNull();
  });
});
