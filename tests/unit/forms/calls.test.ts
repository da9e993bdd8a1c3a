import { describe, expect, it, vi } from 'vitest';
import { validateCountryData } from '../../../generated/widget-http.validators.js';
import {
  buildCallbackPayload,
  buildForm,
  buildLeadPayload,
  callbackCard,
  countryDataQuery,
  createLeadSubmitter,
  type FormsHttp,
  fetchCountryData,
  loadCountryRules,
  submitCallback,
} from '../../../widget/core/forms/index.js';

// A callback payload is built after a submit, which waits for the country's rules.
await loadCountryRules('US');

interface Recorded {
  method: string;
  url: string;
  contentType: string | null;
  body: unknown;
}

function stubHttp(answer: (request: Request) => Response | Promise<Response>): {
  http: FormsHttp;
  requests: Recorded[];
} {
  const requests: Recorded[] = [];
  const http: FormsHttp = {
    baseUrl: 'https://api.example.test',
    fetch: async (request) => {
      const text = request.method === 'GET' ? '' : await request.clone().text();
      requests.push({
        method: request.method,
        url: request.url,
        contentType: request.headers.get('content-type'),
        body: text === '' ? undefined : JSON.parse(text),
      });
      return answer(request);
    },
  };
  return { http, requests };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const logger = () => ({ error: vi.fn() });

const payload = buildCallbackPayload({
  fields: buildForm({ form: 'callback', country: 'US', chinaRegion: false }),
  values: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phoneNumber: '2025550143',
    postalCode: '94105',
    productInterested: ['Model Y'],
  },
  country: 'US',
});

describe('callback submitter (§7 callback call, §8 status cards)', () => {
  it("§8 callback success: POST JSON to the callback path; card 'Thank you!' / 'We will contact you soon.'", async () => {
    const { http, requests } = stubHttp(() => json(200, { success: true }));
    const log = logger();
    const result = await submitCallback(payload, { http, logger: log });
    expect(result).toEqual({
      ok: true,
      card: { tone: 'success', title: 'Thank you!', body: 'We will contact you soon.' },
    });
    expect(requests).toEqual([
      {
        method: 'POST',
        url: 'https://api.example.test/cua-api/forms/callback',
        contentType: 'application/json',
        body: payload,
      },
    ]);
    expect(log.error).not.toHaveBeenCalled();
  });

  it("§8 callback failure: an error status gives 'Something went wrong!' / 'Please try again later.' and is logged", async () => {
    const { http } = stubHttp(() => json(503, { success: false, message: 'down' }));
    const log = logger();
    const result = await submitCallback(payload, { http, logger: log });
    expect(result).toEqual({
      ok: false,
      card: { tone: 'error', title: 'Something went wrong!', body: 'Please try again later.' },
    });
    expect(log.error).toHaveBeenCalledWith('callback: POST /cua-api/forms/callback answered 503', {
      success: false,
      message: 'down',
    });
  });

  it('§8 callback failure: an error with an empty body and a network error are failures too', async () => {
    const empty = stubHttp(() => new Response(null, { status: 500 }));
    expect((await submitCallback(payload, { http: empty.http, logger: logger() })).ok).toBe(false);
    const log = logger();
    const broken = stubHttp(() => Promise.reject(new TypeError('network down')));
    expect(await submitCallback(payload, { http: broken.http, logger: log })).toEqual({
      ok: false,
      card: callbackCard(false),
    });
    expect(log.error).toHaveBeenCalledWith('callback: POST /cua-api/forms/callback failed', expect.any(TypeError));
  });

  it('§9 HTTP client defaults: any 2xx is success; a configured callback path is used', async () => {
    const { http, requests } = stubHttp(() => new Response(null, { status: 204 }));
    expect(await submitCallback(payload, { http, logger: logger(), callbackPath: '/forms/cb' })).toEqual({
      ok: true,
      card: callbackCard(true),
    });
    expect(requests[0]?.url).toBe('https://api.example.test/forms/cb');
  });
});

describe('the calls over plain fetch (no REST client in the widget)', () => {
  it('a trailing slash on the API domain is dropped', async () => {
    const { http, requests } = stubHttp(() => json(200, { success: true }));
    await submitCallback(payload, { http: { ...http, baseUrl: 'https://api.example.test/' }, logger: logger() });
    expect(requests.map((request) => request.url)).toEqual(['https://api.example.test/cua-api/forms/callback']);
  });

  it('an error body that is not JSON is logged as its text; a 2xx is a success whatever its body (§9)', async () => {
    const log = logger();
    const text = stubHttp(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    expect((await submitCallback(payload, { http: text.http, logger: log })).ok).toBe(false);
    expect(log.error).toHaveBeenCalledWith(
      'callback: POST /cua-api/forms/callback answered 502',
      '<h1>Bad gateway</h1>',
    );
    const garbled = stubHttp(() => new Response('{"success":', { status: 200 }));
    expect((await submitCallback(payload, { http: garbled.http, logger: log })).ok).toBe(true);
    expect(log.error).toHaveBeenCalledTimes(1);
    // Country data is read: an answer that is not JSON is a failure, logged.
    const country = stubHttp(() => new Response('<html>', { status: 200 }));
    expect(await fetchCountryData('zh-CN', { http: country.http, logger: log })).toBeUndefined();
    expect(log.error).toHaveBeenLastCalledWith(
      'country data: GET /cua-api/drive/country-data failed',
      expect.any(SyntaxError),
    );
  });
});

describe('lead submitter (§7 lead call)', () => {
  const lead = buildLeadPayload({ customerDetails: { firstName: 'Ada' }, contextID: 'WR-1' });

  it('§7 lead: POST JSON to the lead path, once per chat', async () => {
    const { http, requests } = stubHttp(() => json(200, { success: true }));
    const submitter = createLeadSubmitter({ http, logger: logger() });
    expect(submitter.sent).toBe(false);
    await Promise.all([submitter.submit(lead), submitter.submit(lead)]);
    await submitter.submit(lead);
    expect(submitter.sent).toBe(true);
    expect(requests).toEqual([
      {
        method: 'POST',
        url: 'https://api.example.test/cua-api/forms/lead',
        contentType: 'application/json',
        body: lead,
      },
    ]);
  });

  it('§7 lead: errors are only logged, never thrown', async () => {
    const log = logger();
    const failing = createLeadSubmitter({
      http: stubHttp(() => json(500, { success: false, message: 'x' })).http,
      logger: log,
      leadPath: '/lead',
    });
    await expect(failing.submit(lead)).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledWith('lead: POST /lead answered 500', { success: false, message: 'x' });
    const broken = createLeadSubmitter({
      http: stubHttp(() => Promise.reject(new Error('offline'))).http,
      logger: log,
    });
    await expect(broken.submit(lead)).resolves.toBeUndefined();
    expect(log.error).toHaveBeenLastCalledWith('lead: POST /cua-api/forms/lead failed', expect.any(Error));
  });
});

describe('country data (§7 country-data call)', () => {
  const data = {
    provinceList: [{ value: 'Beijing', label: '北京市' }],
    cityList: { Beijing: [{ value: 'Beijing', label: '北京市' }] },
  };

  it('§7 country data: locale=zh_CN plus &additional=true for zh_CN and ko_KR only', () => {
    expect(countryDataQuery('zh-cn')).toEqual({ locale: 'zh_CN', additional: 'true' });
    expect(countryDataQuery('ko_kr')).toEqual({ locale: 'ko_KR', additional: 'true' });
    expect(countryDataQuery('zh-TW')).toEqual({ locale: 'zh_TW' });
  });

  it('§7 country data: GET /cua-api/drive/country-data?locale=zh_CN&additional=true returns provinceList and cityList', async () => {
    const { http, requests } = stubHttp(() => json(200, data));
    const result = await fetchCountryData('zh-CN', { http, logger: logger() });
    expect(result).toEqual(data);
    expect(validateCountryData(result)).toBe(true);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url).toBe('https://api.example.test/cua-api/drive/country-data?locale=zh_CN&additional=true');
  });

  it('§7 country data: an error status, a malformed answer or a network error resolve undefined and are logged', async () => {
    const log = logger();
    expect(await fetchCountryData('zh-CN', { http: stubHttp(() => json(500, {})).http, logger: log })).toBeUndefined();
    expect(
      await fetchCountryData('zh-CN', {
        http: stubHttp(() => json(200, { provinceList: [{ value: 1 }], cityList: {} })).http,
        logger: log,
      }),
    ).toBeUndefined();
    expect(
      await fetchCountryData('zh-CN', {
        http: stubHttp(() => json(200, { provinceList: [], cityList: { a: 'x' } })).http,
        logger: log,
      }),
    ).toBeUndefined();
    expect(
      await fetchCountryData('zh-CN', { http: stubHttp(() => json(200, null)).http, logger: log }),
    ).toBeUndefined();
    expect(
      await fetchCountryData('zh-CN', {
        http: stubHttp(() => Promise.reject(new Error('offline'))).http,
        logger: log,
        countryDataPath: '/cd',
      }),
    ).toBeUndefined();
    expect(log.error).toHaveBeenCalledTimes(5);
    expect(log.error).toHaveBeenLastCalledWith('country data: GET /cd failed', expect.any(Error));
  });
});
