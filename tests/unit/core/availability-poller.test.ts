import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AvailabilityOutcome,
  availabilityRequestBody,
  createAvailabilityPoller,
} from '../../../widget/core/availability/poller.js';
import type { PageConfig } from '../../../widget/core/config/page-config.js';
import { jsonResponse, testEnvironment } from './support/fake-env.js';

const page: PageConfig = {
  locale: 'en-us',
  chatLite: false,
  triage: true,
  hideOnMobile: false,
  energy: true,
  options: {},
  attributes: { pageId: 'models' },
};

function setup(answers: (() => Response | Promise<Response>)[], pageConfig: PageConfig = page) {
  const env = testEnvironment();
  const requests: Request[] = [];
  let call = 0;
  env.fetch = vi.fn(async (input: RequestInfo | URL) => {
    requests.push(input as Request);
    const answer = answers[Math.min(call, answers.length - 1)];
    call += 1;
    if (answer === undefined) throw new Error('no answer scripted');
    return answer();
  }) as typeof fetch;
  const outcomes: AvailabilityOutcome[] = [];
  const poller = createAvailabilityPoller({
    env,
    page: pageConfig,
    apiEndpointsDomain: 'https://api.example.com',
    onOutcome: (outcome) => outcomes.push(outcome),
  });
  return { env, poller, outcomes, requests };
}

const notYet = () => jsonResponse({ success: false, maxAttempts: 3 });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('availability poller (section 4, entry and availability)', () => {
  it('§4 rule 2: checks immediately and then every 15 s', async () => {
    const { poller, requests } = setup([notYet]);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    poller.dispose();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(2);
  });

  it('§3 posts the form-encoded body: locale, chatLiteFlag, triagePreChat, hideOnMobiles, ifEnergyPage, attributes', async () => {
    const { poller, requests } = setup([() => jsonResponse({ success: true })]);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    const request = requests[0] as Request;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://api.example.com/conversation/check-availability-v2');
    expect(request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    const body = Object.fromEntries(new URLSearchParams(await request.text()));
    expect(body).toEqual({
      pageId: 'models',
      locale: 'en-us',
      chatLiteFlag: 'false',
      triagePreChat: 'true',
      hideOnMobiles: 'false',
      ifEnergyPage: 'true',
    });
    expect(availabilityRequestBody({ ...page, attributes: { locale: 'xx' } }).locale).toBe('en-us');
  });

  it('§4 rule 3: success=true stops polling and reports success', async () => {
    const { poller, outcomes, requests } = setup([() => jsonResponse({ success: true, useLatestTDS: true })]);
    poller.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
    expect(outcomes).toEqual([{ kind: 'success', response: { success: true, useLatestTDS: true } }]);
  });

  it('§4 rule 4: not successful with chat-lite on stops polling and opens chat-lite', async () => {
    const { poller, outcomes, requests } = setup([notYet], { ...page, chatLite: true });
    poller.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
    expect(outcomes.map((o) => o.kind)).toEqual(['chatLite']);
  });

  it('§4 rule 5: error=true stops polling (agent unavailable)', async () => {
    const { poller, outcomes, requests } = setup([() => jsonResponse({ success: false, error: true, maxAttempts: 9 })]);
    poller.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
    expect(outcomes.map((o) => o.kind)).toEqual(['unavailable']);
  });

  it('§4 rule 5: polling continues until the attempt counter reaches maxAttempts', async () => {
    const { poller, outcomes, requests } = setup([notYet]);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(outcomes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(requests).toHaveLength(3);
    expect(outcomes.map((o) => o.kind)).toEqual(['unavailable']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(3);
  });

  it('§4 rule 5: maxAttempts defaults to 1', async () => {
    const { poller, outcomes, requests } = setup([() => jsonResponse({ success: false })]);
    poller.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
    expect(outcomes.map((o) => o.kind)).toEqual(['unavailable']);
  });

  it('§4 rule 6: the attempt counter rises after every response: one request per answer, never two at once', async () => {
    const { poller, requests } = setup([notYet]);
    expect(requests).toHaveLength(0);
    poller.start();
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(requests).toHaveLength(2);
  });

  it('§4 rule 6: a request failure (network) stops polling silently', async () => {
    const { poller, outcomes, requests } = setup([
      () => {
        throw new TypeError('network down');
      },
    ]);
    poller.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
    expect(outcomes.map((o) => o.kind)).toEqual(['failed']);
  });

  it('§4 rule 6: an HTTP error status stops polling silently (empty error body)', async () => {
    const { poller, outcomes, requests } = setup([() => new Response('', { status: 502 })]);
    poller.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
    expect(outcomes.map((o) => o.kind)).toEqual(['failed']);
    // Settled: asked to start again, it asks nothing.
    poller.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
  });

  it('an answer arriving after dispose is dropped', async () => {
    let release: (r: Response) => void = () => {};
    const { poller, outcomes } = setup([() => new Promise<Response>((resolve) => (release = resolve))]);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    poller.dispose();
    release(jsonResponse({ success: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(outcomes).toEqual([]);
  });
});

describe('one poller for the start chunk and the core (handed over, never asked twice)', () => {
  it('keeps the settled outcome: a listener added later gets it at once, and start() does not ask again', async () => {
    const { poller, requests } = setup([() => jsonResponse({ success: true })]);
    expect(poller.outcome()).toBeNull();
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(poller.outcome()?.kind).toBe('success');
    const late = vi.fn();
    poller.onOutcome(late);
    expect(late).toHaveBeenCalledWith({ kind: 'success', response: { success: true } });
    poller.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
  });

  it('a listener added while it runs gets the outcome once it settles, exactly once; an unsubscribed one never', async () => {
    const { poller } = setup([notYet, () => jsonResponse({ success: true })]);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    const joined = vi.fn();
    const left = vi.fn();
    poller.onOutcome(joined);
    poller.onOutcome(left)();
    await vi.advanceTimersByTimeAsync(15_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(joined).toHaveBeenCalledOnce();
    expect(joined.mock.calls[0]?.[0].kind).toBe('success');
    expect(left).not.toHaveBeenCalled();
  });

  it('a page that added a property to Object.prototype sends nothing of it', async () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.junk = 'x';
    try {
      const { poller, requests } = setup([() => jsonResponse({ success: true })]);
      poller.start();
      await vi.advanceTimersByTimeAsync(0);
      const body = await (requests[0] as Request).text();
      expect(body).not.toContain('junk');
      expect([...new URLSearchParams(body).keys()]).toEqual([
        'pageId',
        'locale',
        'chatLiteFlag',
        'triagePreChat',
        'hideOnMobiles',
        'ifEnergyPage',
      ]);
    } finally {
      delete proto.junk;
    }
  });

  it('an answer that is not a JSON object is a failed request', async () => {
    const { poller, outcomes } = setup([() => new Response('[1,2]', { status: 200 })]);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(outcomes.map((o) => o.kind)).toEqual(['failed']);
  });
});
