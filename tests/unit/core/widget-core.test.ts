import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkClientFrame } from '../../../contract/frame-check.js';
import { TEXTS } from '../../../widget/core/texts.js';
import { socketUrl } from '../../../widget/core/widget-core.js';
import { availableAnswer, type Harness, harness, socket, texts } from './support/core-harness.js';
import { FakeSocket } from './support/fake-env.js';
import { agent, confirmed, joined, left, said } from './support/frames.js';

const details = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', getUpdates: 'Yes' as const };

async function available(h: Harness): Promise<void> {
  h.core.start();
  await vi.advanceTimersByTimeAsync(0);
}

/** Starts a chat and brings it to 'active' with one agent. */
async function chatting(h: Harness): Promise<void> {
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

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
  FakeSocket.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

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
    expect(state.mode).toBe('chat');
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
    expect(h.env.storage.items.has('guid')).toBe(false);
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

describe('a chat through the core (section 4, chat lifecycle)', () => {
  it('§4 widget modes: submit → loading → chat on confirmation; the session and lead are stored once', async () => {
    const h = harness();
    await available(h);
    h.core.startChat(details);
    expect(h.core.getSnapshot().mode).toBe('loading');
    expect(socket().url).toBe('wss://chat.example.com/chat');
    socket().open();
    const request = socket().sent[0];
    expect(checkClientFrame(request).ok).toBe(true);
    expect(request).toMatchObject({
      body: { method: 'requestChat', workRequestId: null, calledParty: h.env.location.href },
    });
    socket().notify(confirmed());
    await vi.advanceTimersByTimeAsync(0);
    expect(h.core.getSnapshot().mode).toBe('chat');
    expect(h.env.storage.getItem('guid')).toBe('42');
    expect(h.env.storage.getItem('ak')).toBe('key-42');
    expect(h.env.storage.getItem('contextId')).toBe('WR-1');
    const leads = h.posts.filter((p) => p.path === '/cua-api/forms/lead');
    expect(leads).toEqual([
      {
        path: '/cua-api/forms/lead',
        body: expect.objectContaining({ contextID: 'WR-1', formId: 'Sales', formData: expect.any(Object) }),
      },
    ]);
    socket().notify(confirmed());
    await vi.advanceTimersByTimeAsync(0);
    expect(h.posts.filter((p) => p.path === '/cua-api/forms/lead')).toHaveLength(1);
  });

  it('§7 lead: not sent when an earlier request timestamp exists', async () => {
    const h = harness();
    await available(h);
    h.env.storage.setItem('lastChatRequestTimestamp', String(Date.now() - 1000));
    h.core.startChat(details);
    socket().open();
    socket().notify(confirmed());
    await vi.advanceTimersByTimeAsync(0);
    expect(h.posts.filter((p) => p.path === '/cua-api/forms/lead')).toEqual([]);
  });

  it('§4 chat lifecycle: on-hold plays while waiting, stops when an agent joins, restarts when only the customer remains', async () => {
    const h = harness();
    await available(h);
    h.core.startChat(details);
    socket().open();
    socket().notify(
      confirmed({
        webOnHoldComfortGroups: [
          {
            delay: 10,
            messages: [
              { message: 'second', sequence: 2 },
              { message: 'first', sequence: 1 },
            ],
          },
        ],
        webOnHoldURLs: [{ holdTime: 30, description: 'Meanwhile', urls: [{ url: 'https://example.com/faq' }] }],
      }),
    );
    await vi.advanceTimersByTimeAsync(30_000);
    expect(texts(h)).toEqual(['first', 'second', 'first', 'url']);
    socket().notify(joined(agent));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(texts(h).slice(4)).toEqual([TEXTS.agentJoined]);
    socket().notify(left(agent));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(texts(h).slice(5)).toEqual([TEXTS.agentLeft, 'second']);
  });

  it('§4 chat lifecycle: the first agent join fires the chat-started analytics event once', async () => {
    const h = harness();
    await chatting(h);
    socket().notify(left(agent));
    socket().notify(joined(agent));
    expect(h.env.analytics).toHaveBeenCalledTimes(1);
    expect(h.env.analytics).toHaveBeenCalledWith({ name: 'chat_started', detail: { agentId: 'agent-1' } });
  });

  it('§4 sender handling: the optional subject is sent once after the first agent message', async () => {
    const h = harness();
    await available(h);
    h.core.startChat({ ...details, subject: 'Model Y delivery' });
    socket().open();
    socket().notify(confirmed());
    socket().notify(joined(agent));
    socket().notify(said('bot', 'bot first', 1));
    expect(socket().methods()).not.toContain('newMessage');
    socket().notify(said('live_agent', 'Hi', 2));
    socket().notify(said('live_agent', 'Hello?', 3));
    const messages = socket().sent.filter((f) => (f as { body: { method: string } }).body.method === 'newMessage');
    expect(messages).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ message: 'Model Y delivery' }) }),
    ]);
  });

  it('§5 chat messages: empty ones are not sent; text is sanitised', async () => {
    const h = harness();
    await chatting(h);
    h.core.sendMessage('   ');
    h.core.sendMessage('<b>hi</b> there ');
    const sent = socket().sent.filter((f) => (f as { body: { method: string } }).body.method === 'newMessage');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ body: { message: 'hi there', data: { message: 'hi there' } } });
    expect(checkClientFrame(sent[0]).ok).toBe(true);
  });

  it('§4 typing: customer signal at most once per timeBetweenMsgs; agent indicator clears after agentTypingTimeout', async () => {
    const h = harness();
    await chatting(h);
    h.core.customerTyping();
    h.core.customerTyping();
    await vi.advanceTimersByTimeAsync(10_000);
    h.core.customerTyping();
    expect(
      socket()
        .methods()
        .filter((m) => m === 'isTyping'),
    ).toHaveLength(2);
    socket().notify({ method: 'isTyping', agentId: agent.id, isTyping: true });
    expect(h.core.getSnapshot().chat.agentTyping).toEqual({ agentId: agent.id, displayName: 'Alex' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.core.getSnapshot().chat.agentTyping).toBeNull();
    socket().notify({ method: 'isTyping', agentId: agent.id, isTyping: false });
    expect(h.core.getSnapshot().chat.agentTyping).toBeNull();
  });

  it('§4 socket lifecycle: ping every pingTimer from open', async () => {
    const h = harness();
    await chatting(h);
    const before = socket()
      .methods()
      .filter((m) => m === 'ping').length;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(
      socket()
        .methods()
        .filter((m) => m === 'ping').length - before,
    ).toBe(3);
  });

  it('§4 nothing lost, nothing doubled: messages typed during a drop are pending, then sent in order after renew', async () => {
    const h = harness();
    await chatting(h);
    h.core.sendMessage('before');
    socket().notify(said('live_agent', 'agent before', 5000));
    const first = socket();
    first.drop(1006);
    expect(texts(h).at(-1)).toBe(TEXTS.attemptingReconnect);
    h.core.sendMessage('during one');
    h.core.sendMessage('during two');
    const pending = h.core.getSnapshot().chat.messages.filter((m) => m.kind === 'customer' && m.delivery === 'pending');
    expect(pending.map((m) => ('text' in m ? m.text : ''))).toEqual(['during one', 'during two']);
    expect(h.core.getSnapshot().chat.connection).toEqual({ kind: 'reconnecting', attempt: 1 });
    expect(h.core.getSnapshot().chat.status).toEqual({ kind: 'active' });
    await vi.advanceTimersByTimeAsync(3000);
    const second = socket();
    expect(second).not.toBe(first);
    second.open();
    expect(second.sent.map((f) => (f as { body: unknown }).body)).toEqual([
      { method: 'renewChat', guid: 42, authenticationKey: 'key-42', requestFullTranscript: false },
      { method: 'newMessage', message: 'during one', type: 'text', data: { message: 'during one' }, customData: {} },
      { method: 'newMessage', message: 'during two', type: 'text', data: { message: 'during two' }, customData: {} },
    ]);
    expect(texts(h).includes(TEXTS.reconnected)).toBe(true);
    expect(h.core.getSnapshot().chat.messages.filter((m) => m.kind === 'customer' && m.delivery === 'pending')).toEqual(
      [],
    );
    second.notify(said('live_agent', 'agent before', 5000));
    second.notify(said('customer', 'during one', 6000));
    expect(texts(h).filter((t) => t === 'agent before')).toHaveLength(1);
    expect(texts(h).filter((t) => t === 'during one')).toHaveLength(1);
  });

  it('§4 socket lifecycle: after the maximum retries, unable to reconnect ends the chat', async () => {
    const h = harness();
    await chatting(h);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      socket().drop(1006);
      await vi.advanceTimersByTimeAsync(3000);
    }
    socket().drop(1006);
    expect(texts(h).filter((t) => t === TEXTS.attemptingReconnect)).toHaveLength(3);
    expect(texts(h).at(-1)).toBe(TEXTS.unableToReconnect);
    expect(h.core.getSnapshot().chat.status).toEqual({ kind: 'ended', reason: 'unableToReconnect' });
  });

  it('§4 socket lifecycle: another tab with a newer timestamp + 1006 means transferred', async () => {
    const h = harness();
    await chatting(h);
    h.env.storage.setItem('lastChatRequestTimestamp', String(Date.now() + 5000));
    socket().drop(1006);
    const state = h.core.getSnapshot();
    expect(state.chat.status).toEqual({ kind: 'transferred' });
    expect(texts(h).at(-1)).toBe(TEXTS.openedInAnotherTab);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('§8 server error 503: maintenance text, session cleared, socket closed, chat ended', async () => {
    const h = harness();
    await chatting(h);
    socket().error(503, 'Service Unavailable');
    expect(texts(h).slice(-2)).toEqual([TEXTS.maintenance, TEXTS.connectionClosed]);
    expect(h.env.storage.getItem('guid')).toBeNull();
    expect(h.core.getSnapshot().chat.status).toEqual({ kind: 'ended', reason: 'error' });
  });

  it("§8 other server error: 'Error code {0} occurred ({1})', retries off", async () => {
    const h = harness();
    await chatting(h);
    socket().error(7, 'Unable to reconnect, session key is invalid or expired');
    expect(texts(h)).toContain('Error code 7 occurred (Unable to reconnect, session key is invalid or expired)');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('§8 error before confirmation: the loader goes and an error card shows', async () => {
    const h = harness();
    await available(h);
    h.core.startChat(details);
    socket().open();
    socket().error(503, 'down');
    const state = h.core.getSnapshot();
    expect(state.mode).toBe('logon');
    expect(state.statusCard).toEqual({ tone: 'error', title: TEXTS.failureTitle, body: TEXTS.maintenance });
  });

  it('§8 socket error: the connection-error system message', async () => {
    const h = harness();
    await chatting(h);
    socket().fail();
    expect(texts(h).at(-1)).toBe(TEXTS.connectionError);
  });

  it('§4 close with 1000 after the chat started: Connection closed, chat has ended', async () => {
    const h = harness();
    await chatting(h);
    socket().drop(1000);
    expect(texts(h).at(-1)).toBe(TEXTS.connectionClosed);
    expect(h.core.getSnapshot().chat.status).toEqual({ kind: 'ended', reason: 'connectionClosed' });
  });

  it('§4 route cancel: No suitable agents could be found, no more retries, back to logon with an error card', async () => {
    const h = harness();
    await available(h);
    h.core.startChat(details);
    socket().open();
    socket().notify(confirmed());
    socket().notify({ method: 'routeCancel' });
    const state = h.core.getSnapshot();
    expect(state.mode).toBe('logon');
    expect(state.statusCard).toEqual({ tone: 'error', title: TEXTS.noSuitableAgents, body: TEXTS.failureBody });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('§4 widget modes: no confirmation within maxWaitTime seconds → error card, loader hidden, back to logon', async () => {
    const h = harness();
    await available(h);
    h.core.startChat(details);
    socket().open();
    await vi.advanceTimersByTimeAsync(599_999);
    expect(h.core.getSnapshot().mode).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    const state = h.core.getSnapshot();
    expect(state.mode).toBe('logon');
    expect(state.statusCard?.tone).toBe('error');
    expect(socket().closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.core.getSnapshot().statusCard).toBeNull();
  });

  it('§4 chat lifecycle: close conversation from the agent shows the ended panel; the next close resets', async () => {
    const h = harness();
    await chatting(h);
    socket().notify({ method: 'closeConversation' });
    socket().drop(1000);
    expect(h.core.getSnapshot().chat.status).toEqual({ kind: 'ended', reason: 'agentClosed' });
    expect(texts(h)).not.toContain(TEXTS.connectionClosed);
    expect(h.env.storage.getItem('guid')).toBeNull();
    h.core.closeDialog();
    expect(h.core.getSnapshot().mode).toBe('logon');
    await vi.advanceTimersByTimeAsync(500);
    expect(h.core.getSnapshot().dialog.status).toBe('closed');
  });

  it('§4 ending: close during a chat asks End Chat?; Yes sends closeConversation, clears the session, resets after 500 ms', async () => {
    const h = harness();
    await chatting(h);
    expect(h.env.unloadHandlers[0]?.()).toBe(TEXTS.beforeUnload);
    h.core.closeDialog();
    expect(h.core.getSnapshot().dialog.endChatPrompt).toBe(true);
    h.core.confirmEndChat(false);
    expect(h.core.getSnapshot().dialog.endChatPrompt).toBe(false);
    h.core.closeDialog();
    const current = socket();
    h.core.confirmEndChat(true);
    expect(current.methods().at(-1)).toBe('closeConversation');
    expect(current.closedWith).toBe(1000);
    expect(h.env.storage.getItem('guid')).toBeNull();
    expect(h.core.getSnapshot().mode).toBe('chat');
    await vi.advanceTimersByTimeAsync(500);
    expect(h.core.getSnapshot().mode).toBe('logon');
    expect(h.core.getSnapshot().dialog.status).toBe('closed');
    expect(texts(h)).toEqual([]);
    expect(h.env.unloadHandlers[0]?.()).toBeNull();
  });

  it('§4 ending: minimizing keeps the chat alive and the badge counts new messages', async () => {
    const h = harness();
    await chatting(h);
    h.core.minimize();
    socket().notify(said('live_agent', 'one', 1));
    socket().notify({
      method: 'newAgentFileTransfer',
      agentName: 'Alex',
      name: 'brochure.pdf',
      uuid: 'u-1',
      workRequestId: 'WR-1',
    });
    expect(h.core.getSnapshot().chat.unread).toBe(2);
    const download = h.core.getSnapshot().chat.messages.at(-1);
    expect(download).toMatchObject({
      kind: 'download',
      fileName: 'brochure.pdf',
      url: 'https://api.example.com/cua-api/chat/files/WR-1/u-1',
    });
    h.core.openDialog();
    expect(h.core.getSnapshot().chat.unread).toBe(0);
  });

  it('§4 close outside a chat closes after the 500 ms modal delay', async () => {
    const h = harness();
    await available(h);
    h.core.openDialog();
    h.core.closeDialog();
    expect(h.core.getSnapshot().dialog.status).toBe('closing');
    await vi.advanceTimersByTimeAsync(499);
    expect(h.core.getSnapshot().dialog.status).toBe('closing');
    await vi.advanceTimersByTimeAsync(1);
    expect(h.core.getSnapshot().dialog.status).toBe('closed');
  });

  it('§2 views through commands: navigate, back, reset', async () => {
    const h = harness({ page: { triage: true } });
    h.core.navigate('vehicle');
    h.core.navigate('form');
    h.core.back();
    expect(h.core.getSnapshot().views).toEqual(['topics', 'vehicle']);
    h.core.resetViews();
    expect(h.core.getSnapshot().views).toEqual(['topics']);
  });

  it('dispose stops every timer and socket', async () => {
    const h = harness();
    await chatting(h);
    const current = socket();
    h.core.dispose();
    const sent = current.sent.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(current.sent.length).toBe(sent);
    expect(vi.getTimerCount()).toBe(0);
    expect(h.env.unloadHandlers).toEqual([]);
  });
});

describe('callback form submit (section 4, chat-lite)', () => {
  const request = {
    formId: '179' as const,
    formType: 'legacy' as const,
    formLocale: 'en-US',
    formData: { fields: [{ name: 'firstName', value: 'Ada' }] },
  };

  it('§4 callback form submit: success card, auto-hidden after statusCardShowTime; button hidden afterwards', async () => {
    const h = harness({ page: { chatLite: true }, availability: { success: false } });
    await available(h);
    const done = h.core.submitCallback(request);
    expect(h.core.getSnapshot().callback).toEqual({ status: 'submitting' });
    await done;
    const state = h.core.getSnapshot();
    expect(state.statusCard).toEqual({ tone: 'success', title: 'Thank you!', body: 'We will contact you soon.' });
    expect(state.callback).toEqual({ status: 'submitted', ok: true });
    expect(h.posts.at(-1)).toEqual({ path: '/cua-api/forms/callback', body: request });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(h.core.getSnapshot().statusCard).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(h.core.getSnapshot().statusCard).toBeNull();
  });

  it('§8 callback failure: Something went wrong! / Please try again later.', async () => {
    const h = harness({ page: { chatLite: true }, availability: { success: false }, callbackStatus: 500 });
    await available(h);
    await h.core.submitCallback(request);
    expect(h.core.getSnapshot().statusCard).toEqual({
      tone: 'error',
      title: 'Something went wrong!',
      body: 'Please try again later.',
    });
    h.core.dismissStatusCard();
    expect(h.core.getSnapshot().statusCard).toBeNull();
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
