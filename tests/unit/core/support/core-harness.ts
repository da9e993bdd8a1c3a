/** createWidgetCore over the fake environment, with a scripted REST side. */
import { afterEach, beforeEach, vi } from 'vitest';
import type { PageConfig } from '../../../../widget/core/config/page-config.js';
import type { CoreOptions } from '../../../../widget/core/core-api.js';
import type { WidgetEnvironment } from '../../../../widget/core/env.js';
import { STORAGE_KEYS, type StorageKey } from '../../../../widget/core/session/storage-keys.js';
import { createWidgetCore } from '../../../../widget/core/widget-core.js';
import { FakeSocket, jsonResponse, testEnvironment } from './fake-env.js';
import { agent, confirmed, joined } from './frames.js';

export const page: PageConfig = {
  locale: 'en-us',
  chatLite: false,
  triage: false,
  hideOnMobile: false,
  energy: false,
  options: { apiEndpointsDomain: 'https://api.example.com' },
  attributes: {},
};

export function availableAnswer(extra: Record<string, unknown> = {}) {
  return {
    success: true,
    error: false,
    ccPrerequisite: { serviceMetricsResponseMap: { '1': { metrics: { EWT: '150', ResourceStaffedCount: '3' } } } },
    maxAttempts: 1,
    useLatestTDS: true,
    useEngagementPlaceholderData: false,
    chatWidgetParams: { webChatUrl: 'ws://chat.example.com/chat', retryInterval: 3000, maxNumberOfRetries: 3 },
    ...extra,
  };
}

export interface Harness {
  env: ReturnType<typeof testEnvironment>;
  core: ReturnType<typeof createWidgetCore>;
  posts: { path: string; body: unknown }[];
}

export function harness(
  options: {
    availability?: unknown;
    page?: Partial<PageConfig>;
    env?: Partial<WidgetEnvironment>;
    storage?: Record<string, string>;
    callbackStatus?: number;
    /** The callback POST answers only when this resolves (a hung service never does). */
    callbackAnswer?: Promise<void>;
    core?: CoreOptions;
  } = {},
): Harness {
  const env = testEnvironment(options.env);
  // Stored values by the spec's names (guid, ak...), kept under the widget's namespaced keys;
  // a key that is already a full storage key (a reload copies them) is kept as it is.
  for (const [key, value] of Object.entries(options.storage ?? {}))
    env.storage.setItem(key in STORAGE_KEYS ? STORAGE_KEYS[key as StorageKey] : key, value);
  const posts: { path: string; body: unknown }[] = [];
  env.fetch = vi.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    const text = await request.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      body = Object.fromEntries(new URLSearchParams(text));
    }
    posts.push({ path, body });
    if (path === '/conversation/check-availability-v2') return jsonResponse(options.availability ?? availableAnswer());
    if (path === '/cua-api/forms/callback') {
      if (options.callbackAnswer !== undefined) await options.callbackAnswer;
      const status = options.callbackStatus ?? 200;
      return status === 200 ? jsonResponse({ success: true }) : new Response('', { status });
    }
    return jsonResponse({ success: true });
  }) as typeof fetch;
  const core = createWidgetCore(env, { ...page, ...options.page }, options.core);
  return { env, core, posts };
}

export function socket(): FakeSocket {
  return FakeSocket.last();
}

export function texts(h: Harness): string[] {
  return h.core.getSnapshot().chat.messages.map((m) => ('text' in m ? m.text : m.kind));
}

export const details = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', getUpdates: 'Yes' as const };

export async function available(h: Harness): Promise<void> {
  h.core.start();
  await vi.advanceTimersByTimeAsync(0);
}

/** Starts a chat and brings it to 'active' with one agent. */
export async function chatting(h: Harness): Promise<void> {
  await available(h);
  h.core.openDialog();
  h.core.startChat(details);
  socket().open();
  socket().notify(
    confirmed({
      webOnHoldComfortGroups: [{ delay: 10, messages: [{ message: 'Please hold', sequence: 1 }] }],
      webOnHoldURLs: [{ holdTime: 30, description: 'Meanwhile', urls: [{ url: 'https://example.com/faq' }] }],
    }),
  );
  socket().notify(joined(agent));
  await vi.advanceTimersByTimeAsync(0);
}

/** Every core test runs on fake timers at a fixed date, with no socket left from the last test. */
export function withFakeClock(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    FakeSocket.reset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
