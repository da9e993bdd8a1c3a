/**
 * Issue 14, hostile host pages: a page that adds an enumerable property to Object.prototype
 * must not see it in the widget's REST calls (a query or form body built with for…in would
 * send it; the widget reads own keys only).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ownKeysQuery } from '../../../widget/core/forms/http.js';
import { fetchCountryData } from '../../../widget/core/forms/index.js';

const proto = Object.prototype as Record<string, unknown>;
afterEach(() => {
  delete proto.junk;
});

describe('REST queries on a page that polluted Object.prototype', () => {
  it('§7 country data: the query is locale (and additional) only', async () => {
    proto.junk = 'x';
    const urls: string[] = [];
    await fetchCountryData('zh-CN', {
      http: {
        baseUrl: 'https://api.example.test',
        fetch: async (request) => {
          urls.push(request.url);
          return new Response(JSON.stringify({ provinceList: [], cityList: {} }), {
            headers: { 'Content-Type': 'application/json' },
          });
        },
      },
      logger: { error() {} },
    });
    expect(urls).toEqual(['https://api.example.test/cua-api/drive/country-data?locale=zh_CN&additional=true']);
  });

  it('ownKeysQuery keeps own scalar values, encoded, and nothing inherited', () => {
    proto.junk = 'x';
    expect(ownKeysQuery({ locale: 'zh_CN', q: 'a b&c', n: 2, skip: undefined })).toBe('locale=zh_CN&q=a+b%26c&n=2');
    expect(ownKeysQuery(null)).toBe('');
  });
});
