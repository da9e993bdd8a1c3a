/** The REST side: CORS, availability details, country data, lead, scenario switching, the pages at /. */

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateCountryData } from '../../../generated/widget-http.validators.js';
import type { MockServer } from '../../../mock-server/index.js';
import { builtInScenarioNames } from '../../../mock-server/index.js';
import { repoRoot } from '../../support/specs.js';
import { AVAILABILITY_FORM, checkAvailability, FORM_HEADERS, frames, isError, start, TestClient } from './client.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function emptyDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'mock-chat-site-'));
}

/** A raw request, so Host and Origin can be set freely. */
function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; path: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${options.path}`,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('given a page on another origin', () => {
  it('answers the CORS preflight and marks answers as readable there', async () => {
    server = await start('happy-path');
    const preflight = await raw(server.url, {
      method: 'OPTIONS',
      path: '/cua-api/forms/callback',
      headers: {
        Origin: 'https://shop.example.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    // Any page may call the REST API; nothing is reflected and no credentials are allowed.
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type');
    const answer = await raw(server.url, {
      method: 'POST',
      path: '/conversation/check-availability-v2',
      headers: { ...FORM_HEADERS, Origin: 'https://shop.example.com' },
      body: AVAILABILITY_FORM,
    });
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('availability', () => {
  it('points webChatUrl at this server as the browser sees it (the Host header)', async () => {
    server = await start('happy-path');
    const answer = await raw(server.url, {
      method: 'POST',
      path: '/conversation/check-availability-v2',
      headers: { ...FORM_HEADERS, Host: 'chat.example.test:9999' },
      body: AVAILABILITY_FORM,
    });
    expect(JSON.parse(answer.body).chatWidgetParams.webChatUrl).toBe('ws://chat.example.test:9999/chat');
  });

  it('answers 400 naming the field when the request breaks the contract (strict)', async () => {
    server = await start('happy-path');
    const answer = await checkAvailability(server, 'chatLiteFlag=maybe');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, message: expect.stringContaining('/locale is required') });
  });

  it('selects a scenario per page load with ?scenario= and carries it into the socket URL', async () => {
    server = await start('happy-path');
    const answer = await checkAvailability(server, AVAILABILITY_FORM, '?scenario=maintenance-503');
    expect(answer.body.chatWidgetParams.webChatUrl).toBe(`${server.socketUrl}?scenario=maintenance-503`);
    const client = await TestClient.connect(answer.body.chatWidgetParams.webChatUrl);
    try {
      client.send(frames.requestChat());
      expect((await client.next(isError)).body).toMatchObject({ code: 503 });
    } finally {
      client.close();
    }
    expect((await checkAvailability(server)).body.success).toBe(true);
  });

  it('selects a scenario with the mock-scenario cookie', async () => {
    server = await start('happy-path');
    const answer = await raw(server.url, {
      method: 'POST',
      path: '/conversation/check-availability-v2',
      headers: { ...FORM_HEADERS, Cookie: 'mock-scenario=unavailable' },
      body: AVAILABILITY_FORM,
    });
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, maxAttempts: 3 });
  });
});

describe('country data', () => {
  it('serves real Chinese provinces and cities for zh_CN, and empty lists elsewhere', async () => {
    server = await start('happy-path');
    const china = (await (
      await fetch(`${server.url}/cua-api/drive/country-data?locale=zh_CN&additional=true`)
    ).json()) as any;
    expect(validateCountryData(china)).toBe(true);
    expect(china.provinceList).toContainEqual({ value: 'Guangdong', label: '广东省' });
    expect(china.cityList.Guangdong).toContainEqual({ value: 'Shenzhen', label: '深圳市' });
    for (const province of china.provinceList) expect(china.cityList[province.value].length).toBeGreaterThan(0);
    const other = await (await fetch(`${server.url}/cua-api/drive/country-data?locale=en_US`)).json();
    expect(other).toEqual({ provinceList: [], cityList: {} });
  });
});

describe('lead', () => {
  it('records a lead that follows the contract and refuses one that does not', async () => {
    server = await start('happy-path');
    const lead = {
      useEngagementPlaceholderData: false,
      formId: 'Sales',
      locale: 'en-US',
      contextID: 'ABC',
      formData: { firstName: 'Ada' },
    };
    const ok = await fetch(`${server.url}/cua-api/forms/lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(lead),
    });
    expect([ok.status, await ok.json()]).toEqual([200, { success: true }]);
    const bad = await fetch(`${server.url}/cua-api/forms/lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...lead, formId: 7 }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).message).toContain('/formId must be string');
  });
});

describe('scenario switching for the demo page', () => {
  it('lists the built-ins with stories and switches the scenario for new answers', async () => {
    server = await start('happy-path');
    const listing = (await (await fetch(`${server.url}/__mock/scenarios`)).json()) as any;
    expect(listing.current).toBe('happy-path');
    expect(listing.scenarios).toHaveLength(builtInScenarioNames().length);
    expect(listing.scenarios[0]).toEqual({
      name: 'agent-closes',
      story: expect.stringContaining('closeConversation'),
      source: 'built-in',
    });
    const switched = await fetch(`${server.url}/__mock/scenario`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'no-agents' }),
    });
    expect(switched.status).toBe(200);
    expect(server.scenario).toBe('no-agents');
    expect(
      (await checkAvailability(server)).body.ccPrerequisite.serviceMetricsResponseMap['1'].metrics.ResourceStaffedCount,
    ).toBe('0');
    const unknown = await fetch(`${server.url}/__mock/scenario`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'nope' }),
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as any).scenarios).toContain('happy-path');
  });
});

describe('the page at /', () => {
  it('shows the running scenario, its story and the endpoints until the widget is built', async () => {
    server = await start('route-cancel', { widgetRoot: emptyDir(), demoRoot: emptyDir() });
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('route-cancel');
    expect(html).toContain('No suitable agents could be found');
    expect(html).toContain('/conversation/check-availability-v2');
  });

  it('falls back to the page for people when the widget is built but the demo pages are missing', async () => {
    const widgetRoot = emptyDir();
    writeFileSync(path.join(widgetRoot, 'embed.js'), '');
    server = await start('happy-path', { widgetRoot, demoRoot: emptyDir() });
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('happy-path');
    expect((await fetch(`${server.url}/widget/embed.js`)).status).toBe(200);
  });

  it('serves the demo site and the widget once the widget is built, and nothing outside the roots', async () => {
    const widgetRoot = emptyDir();
    const demoRoot = emptyDir();
    mkdirSync(path.join(widgetRoot, 'chunks'));
    writeFileSync(path.join(widgetRoot, 'embed.js'), 'console.log("embed")');
    writeFileSync(path.join(widgetRoot, 'chunks', 'mount.js'), 'export {}');
    writeFileSync(path.join(demoRoot, 'index.html'), '<h1>home</h1>');
    writeFileSync(path.join(demoRoot, 'energy.html'), '<h1>energy</h1>');
    writeFileSync(path.join(demoRoot, 'trips.html'), '<h1>trips</h1>');
    writeFileSync(path.join(demoRoot, 'site.css'), 'body{}');
    server = await start('happy-path', { widgetRoot, demoRoot });
    const get = async (p: string) => {
      const r = await raw(server?.url ?? '', { path: p });
      return [r.status, r.headers['content-type'], r.body];
    };
    expect(await get('/')).toEqual([200, 'text/html; charset=utf-8', '<h1>home</h1>']);
    expect(await get('/energy')).toEqual([200, 'text/html; charset=utf-8', '<h1>energy</h1>']);
    expect(await get('/trips/2026/rome')).toEqual([200, 'text/html; charset=utf-8', '<h1>trips</h1>']);
    expect(await get('/site.css')).toEqual([200, 'text/css; charset=utf-8', 'body{}']);
    expect(await get('/widget/embed.js')).toEqual([200, 'text/javascript; charset=utf-8', 'console.log("embed")']);
    expect((await get('/widget/chunks/mount.js'))[0]).toBe(200);
    const chunk = await raw(server.url, {
      path: '/widget/chunks/mount.js',
      headers: { Origin: 'https://shop.example.com' },
    });
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
    expect((await get('/__mock/'))[2]).toContain('Running scenario');
    for (const attack of [
      '/widget/../../etc/passwd',
      '/widget/..%2f..%2fetc%2fpasswd',
      '/..%2f..%2fetc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      expect((await get(attack))[0]).toBe(404);
    }
  });
});

describe('GET /__mock/contract/: the contract documents an integrator fetches from the running mock', () => {
  it('lists them, and serves each byte for byte as the package exports it', async () => {
    server = await start('happy-path');
    const index = await raw(server.url, { path: '/__mock/contract/' });
    expect(index.status).toBe(200);
    const documents = (JSON.parse(index.body) as { documents: Record<string, { url: string }> }).documents;
    expect(Object.keys(documents)).toEqual(
      expect.arrayContaining([
        'chat-socket.asyncapi.yaml',
        'widget-http.openapi.yaml',
        'schemas/chat-socket.json',
        'schemas/scenario.json',
      ]),
    );
    const asyncapi = await raw(server.url, { path: documents['chat-socket.asyncapi.yaml']?.url as string });
    expect(asyncapi.status).toBe(200);
    expect(asyncapi.headers['content-type']).toMatch(/yaml/);
    expect(asyncapi.body).toBe(readFileSync(path.join(repoRoot, 'specs/chat-socket.asyncapi.yaml'), 'utf8'));
    const tolerant = await raw(server.url, { path: '/__mock/contract/schemas/chat-socket.tolerant.json' });
    expect(JSON.parse(tolerant.body)).toEqual(
      JSON.parse(readFileSync(path.join(repoRoot, 'generated/chat-socket.tolerant.schema.json'), 'utf8')),
    );
    // Only the table's names: no path from the request reaches the disk.
    expect((await raw(server.url, { path: '/__mock/contract/../package.json' })).status).toBe(404);
    expect((await raw(server.url, { path: '/__mock/contract/schemas/..%2F..%2Fpackage.json' })).status).toBe(404);
  });
});
