import { describe, expect, it, vi } from 'vitest';
import { checkClientFrame } from '../../../contract/frame-check.js';
import { selectMode } from '../../../widget/core/chat/selectors.js';
import { socketUrl } from '../../../widget/core/config/widget-flags.js';
import { STORAGE_KEYS } from '../../../widget/core/session/storage-keys.js';
import { TEXTS } from '../../../widget/core/texts.js';
import { available, availableAnswer, details, harness, socket, texts, withFakeClock } from './support/core-harness.js';
import { said } from './support/frames.js';

withFakeClock();

describe('entry and availability through the core (section 4)', () => {
  it('§4 rule 1: a valid stored session resumes at once (newer widget) without an availability check', async () => {
    const h = harness({
      storage: {
        guid: '42',
        ak: 'key-42',
        lastChatRequestTimestamp: String(Date.now() - 10_000),
        webChatUrl: 'ws://chat.example.com/chat',
        customerDetails: JSON.stringify(details),
        useLatestTDS: 'true',
        initializers: JSON.stringify({ retryInterval: 1234 }),
      },
    });
    h.core.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.posts).toEqual([]);
    const state = h.core.getSnapshot();
    expect(state.availability).toEqual({ status: 'resuming' });
    expect(state.flags.variant).toBe('newer');
    expect(selectMode(state)).toBe('chat');
    expect(texts(h)).toEqual([TEXTS.transferringSession]);
    expect(h.core.settings.retryInterval).toBe(1234);
    socket().open();
    expect(socket().sent[0]).toEqual({
      apiVersion: '1.0',
      type: 'request',
      authToken: '',
      body: { method: 'renewChat', guid: 42, authenticationKey: 'key-42', requestFullTranscript: true },
    });
    expect(checkClientFrame(socket().sent[0]).ok).toBe(true);
    expect(h.core.getSnapshot().chat.status).toEqual({ kind: 'waiting' });
    socket().notify(said('customer', 'earlier question', 1000));
    socket().notify(said('live_agent', 'earlier answer', 2000));
    expect(texts(h)).toEqual([TEXTS.transferringSession, 'earlier question', 'earlier answer']);
  });

  it('§4 rule 1: a stored useLatestTDS of "false" resumes the older widget', () => {
    const h = harness({
      storage: { guid: '1', ak: 'k', lastChatRequestTimestamp: String(Date.now()), useLatestTDS: 'false' },
    });
    h.core.start();
    expect(h.core.getSnapshot().flags.variant).toBe('older');
  });

  it('§4 rule 1: an expired stored session is cleared and availability is checked', async () => {
    const h = harness({ storage: { guid: '1', ak: 'k', lastChatRequestTimestamp: String(Date.now() - 301_000) } });
    await available(h);
    expect(h.env.storage.items.has(STORAGE_KEYS.guid)).toBe(false);
    expect(h.posts.map((p) => p.path)).toEqual(['/conversation/check-availability-v2']);
  });

  it('§4 rule 3: success marks chat available with the wait-time data and the newer variant', async () => {
    const h = harness({ page: { options: { apiEndpointsDomain: 'https://api.example.com', maxNumberOfRetries: 9 } } });
    await available(h);
    const state = h.core.getSnapshot();
    expect(state.availability).toEqual({ status: 'available', waitMinutes: 2 });
    expect(state.flags.variant).toBe('newer');
    expect(h.core.settings.webChatUrl).toBe('ws://chat.example.com/chat');
    expect(h.core.settings.maxNumberOfRetries).toBe(9);
    expect(h.env.logger.info).toHaveBeenCalledWith('[chat-widget] version 1.1.24');
  });

  it('§3 page options win: options.useLatestTDS false keeps the older look although the server says true', async () => {
    const h = harness({ page: { options: { apiEndpointsDomain: 'https://api.example.com', useLatestTDS: false } } });
    await available(h);
    expect(h.core.getSnapshot().flags.variant).toBe('older');
  });

  it('§3 page options win: options.useLatestTDS true picks the newer look over a resumed session that stored "false"', async () => {
    const h = harness({
      page: { options: { apiEndpointsDomain: 'https://api.example.com', useLatestTDS: true } },
      storage: {
        guid: '42',
        ak: 'key-42',
        lastChatRequestTimestamp: String(Date.now() - 10_000),
        webChatUrl: 'ws://chat.example.com/chat',
        customerDetails: JSON.stringify(details),
        useLatestTDS: 'false',
      },
    });
    h.core.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.core.getSnapshot().flags.variant).toBe('newer');
  });

  it('§4 rule 7: success outside the wait-time window hides the button with the no-agents message', async () => {
    const answer = availableAnswer({
      ccPrerequisite: { serviceMetricsResponseMap: { '1': { metrics: { EWT: '10', ResourceStaffedCount: '0' } } } },
    });
    const h = harness({ availability: answer });
    await available(h);
    expect(h.core.getSnapshot().availability).toEqual({ status: 'unavailable', message: TEXTS.noAgents });
  });

  it('§4 rule 4: not successful with chat-lite on opens chat-lite', async () => {
    const h = harness({ availability: { success: false }, page: { chatLite: true } });
    await available(h);
    expect(h.core.getSnapshot().availability).toEqual({ status: 'chatLite' });
  });

  it('§4 rule 5: an error answer marks the agent unavailable with the not-available text', async () => {
    const h = harness({ availability: { success: false, error: true } });
    await available(h);
    expect(h.core.getSnapshot().availability).toEqual({ status: 'unavailable', message: TEXTS.notAvailable });
  });

  it('§4 rule 6 / §8 availability failure: silent, polling stops', async () => {
    const h = harness();
    h.env.fetch = vi.fn(async () => {
      throw new TypeError('offline');
    }) as typeof fetch;
    await available(h);
    expect(h.core.getSnapshot().availability).toEqual({ status: 'unavailable', message: null });
    expect(h.env.logger.warn).toHaveBeenCalled();
  });

  it('§2 header: with the bubble bypassed the dialog opens directly', async () => {
    const h = harness({
      availability: availableAnswer({ chatWidgetParams: { webChatUrl: 'ws://x/chat', bypassBubble: true } }),
    });
    await available(h);
    expect(h.core.getSnapshot().dialog.status).toBe('open');
    expect(h.core.getSnapshot().flags.bypassBubble).toBe(true);
  });
});

describe('socket address (section 7)', () => {
  it('§7 the socket is secure when the page is https', () => {
    const https = { href: '', hostname: 'h', pathname: '/', protocol: 'https:' };
    const http = { ...https, protocol: 'http:' };
    expect(socketUrl('ws://x/chat', https)).toBe('wss://x/chat');
    expect(socketUrl('ws://x/chat', http)).toBe('ws://x/chat');
    expect(socketUrl(null, http)).toBe('ws://h/chat');
  });
});
