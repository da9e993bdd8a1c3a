import { describe, expect, it, vi } from 'vitest';
import { checkClientFrame } from '../../../contract/frame-check.js';
import { selectMode } from '../../../widget/core/chat/selectors.js';
import { STORAGE_KEYS } from '../../../widget/core/session/storage-keys.js';
import { TEXTS } from '../../../widget/core/texts.js';
import { available, chatting, details, harness, socket, texts, withFakeClock } from './support/core-harness.js';
import { FakeSocket } from './support/fake-env.js';
import { agent, confirmed, joined, left, said } from './support/frames.js';

withFakeClock();

describe('a chat through the core (section 4, chat lifecycle)', () => {
  it('§4 widget modes: submit → loading → chat on confirmation; the session and lead are stored once', async () => {
    const h = harness();
    await available(h);
    h.core.startChat(details);
    expect(selectMode(h.core.getSnapshot())).toBe('loading');
    expect(socket().url).toBe('wss://chat.example.com/chat');
    socket().open();
    const request = socket().sent[0];
    expect(checkClientFrame(request).ok).toBe(true);
    expect(request).toMatchObject({
      body: { method: 'requestChat', workRequestId: null, calledParty: h.env.location.href },
    });
    socket().notify(confirmed());
    await vi.advanceTimersByTimeAsync(0);
    expect(selectMode(h.core.getSnapshot())).toBe('chat');
    expect(h.env.storage.getItem(STORAGE_KEYS.guid)).toBe('42');
    expect(h.env.storage.getItem(STORAGE_KEYS.ak)).toBe('key-42');
    expect(h.env.storage.getItem(STORAGE_KEYS.contextId)).toBe('WR-1');
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
    h.env.storage.setItem(STORAGE_KEYS.lastChatRequestTimestamp, String(Date.now() - 1000));
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
    socket().notify({ method: 'closeConversation' });
    socket().drop(1000);
    expect(h.env.analytics).toHaveBeenLastCalledWith({ name: 'chat_ended', detail: { reason: 'agentClosed' } });
    expect(h.env.analytics).toHaveBeenCalledTimes(2);
  });

  it('analytics: the agent ending the chat while End Chat? is asked reports one chat_ended (agentClosed), not two', async () => {
    const h = harness();
    await chatting(h);
    h.core.closeDialog();
    expect(h.core.getSnapshot().dialog.endChatPrompt).toBe(true);
    socket().notify(left(agent, [], { endChatFlag: true }));
    h.core.confirmEndChat(true);
    const ended = vi.mocked(h.env.analytics).mock.calls.filter(([event]) => event.name === 'chat_ended');
    expect(ended).toEqual([[{ name: 'chat_ended', detail: { reason: 'agentClosed' } }]]);
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

  it('§5 chat messages: empty ones are not sent; sanitising keeps every word the visitor wrote', async () => {
    const h = harness();
    await chatting(h);
    h.core.sendMessage('   ');
    h.core.sendMessage('\u0007 ');
    h.core.sendMessage('Is 5 < 6 and 7 > 3? ');
    h.core.sendMessage('compare <Model 3> vs <Model Y>');
    // Control characters go; a tab and a CR LF keep the words apart; decomposed é becomes one character.
    h.core.sendMessage('<b>hi</b>\tthere\r\ncafe\u0301\u0000!');
    const sent = socket().sent.filter((f) => (f as { body: { method: string } }).body.method === 'newMessage');
    expect(sent.map((f) => (f as { body: { message: string } }).body.message)).toEqual([
      'Is 5 < 6 and 7 > 3?',
      'compare <Model 3> vs <Model Y>',
      '<b>hi</b> there\ncafé!',
    ]);
    expect(sent[0]).toMatchObject({ body: { data: { message: 'Is 5 < 6 and 7 > 3?' } } });
    for (const frame of sent) expect(checkClientFrame(frame).ok).toBe(true);
    const shown = h.core
      .getSnapshot()
      .chat.messages.filter((m) => m.kind === 'customer')
      .map((m) => m.text);
    expect(shown).toEqual(['Is 5 < 6 and 7 > 3?', 'compare <Model 3> vs <Model Y>', '<b>hi</b> there\ncafé!']);
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

  it("§8 other server error: 'Error code {0} occurred ({1})', retries off", async () => {
    const h = harness();
    await chatting(h);
    socket().error(7, 'Unable to reconnect, session key is invalid or expired');
    expect(texts(h)).toContain('Error code 7 occurred (Unable to reconnect, session key is invalid or expired)');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('§4 chat lifecycle: close conversation from the agent shows the ended panel; the next close resets', async () => {
    const h = harness();
    await chatting(h);
    socket().notify({ method: 'closeConversation' });
    socket().drop(1000);
    expect(h.core.getSnapshot().chat.status).toEqual({ kind: 'ended', reason: 'agentClosed' });
    expect(texts(h)).not.toContain(TEXTS.connectionClosed);
    expect(h.env.storage.getItem(STORAGE_KEYS.guid)).toBeNull();
    h.core.closeDialog();
    expect(selectMode(h.core.getSnapshot())).toBe('logon');
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
    expect(h.env.analytics).toHaveBeenLastCalledWith({ name: 'chat_ended', detail: { reason: 'customer' } });
    // A ping after it: the answer proves the server has it, then the socket closes.
    expect(current.methods().slice(-2)).toEqual(['closeConversation', 'ping']);
    current.pong();
    expect(current.closedWith).toBe(1000);
    expect(h.env.storage.getItem(STORAGE_KEYS.guid)).toBeNull();
    expect(selectMode(h.core.getSnapshot())).toBe('chat');
    await vi.advanceTimersByTimeAsync(500);
    expect(selectMode(h.core.getSnapshot())).toBe('logon');
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
    socket().notify({ method: 'newAgentFileTransfer', agentName: 'Alex', name: 'x', address: 'javascript:alert(1)' });
    expect(h.core.getSnapshot().chat.messages.at(-1)).toBe(download);
    expect(h.env.onError).toHaveBeenCalledTimes(1);
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
