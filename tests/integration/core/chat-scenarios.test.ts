/** Conversations with agents: the end state the visitor sees, per built-in scenario. */
import { describe, expect, it } from 'vitest';
import { isParticipantVisible, selectHeaderName, selectMode } from '../../../widget/core/chat/selectors.js';
import { STORAGE_KEYS } from '../../../widget/core/session/storage-keys.js';
import { TEXTS } from '../../../widget/core/texts.js';
import { customer, visits } from './support/core-over-mock.js';

const open = visits();

async function chatWithAgent(scenario: string, options: Parameters<typeof open>[1] = {}) {
  const v = await open(scenario, options);
  v.core.start();
  await v.until((s) => s.availability.status === 'available');
  v.core.openDialog();
  v.core.startChat(customer);
  await v.until((s) => s.chat.status.kind === 'active');
  return v;
}

function agentTexts(v: Awaited<ReturnType<typeof open>>, kind = 'live_agent'): string[] {
  return v.state().chat.messages.flatMap((m) => (m.kind === kind && 'text' in m ? [m.text] : []));
}

describe('built-in scenarios over a real socket: conversations', () => {
  it('agent-closes: the chat-ended panel, no reconnect, and the next close resets the widget', async () => {
    const v = await chatWithAgent('agent-closes');
    await v.until(() => agentTexts(v).length >= 1);
    v.core.sendMessage('Thanks, that is all');
    const ended = await v.until((s) => s.chat.status.kind === 'ended');
    expect(ended.chat.status).toEqual({ kind: 'ended', reason: 'agentClosed' });
    expect(agentTexts(v).at(-1)).toBe('Glad I could help. Thanks for chatting, goodbye!');
    // The service closes the socket after the goodbye: once the core has seen that, its time is
    // run past the latest a retry (retryInterval 3 s plus 30 % jitter) could come.
    await v.until(() => v.sockets[0]?.readyState === v.sockets[0]?.CLOSED);
    await v.clock.advance(5_000);
    expect(v.texts()).not.toContain(TEXTS.connectionClosed);
    expect(v.sockets).toHaveLength(1);
    expect(v.env.storage?.getItem(STORAGE_KEYS.guid)).toBeNull();
    v.core.closeDialog();
    expect(selectMode(v.state())).toBe('logon');
    expect(v.state().chat.messages).toEqual([]);
  });

  it('agent-transfer: the transfer notice, then Alex answers', async () => {
    const v = await chatWithAgent('agent-transfer');
    await v.until(() => agentTexts(v).length >= 1);
    v.core.sendMessage('I have a question about solar');
    await v.until((s) => selectHeaderName(s) === 'Alex' && agentTexts(v).length >= 3);
    expect(v.texts()).toContain(TEXTS.leaveReason.transfer);
    v.core.sendMessage('Powerwall sizing');
    await v.until(() => agentTexts(v).some((t) => t.includes('Powerwall sizing')));
    expect(v.state().chat.status).toEqual({ kind: 'active' });
    expect(v.state().chat.participants.map((p) => p.name)).toEqual(['Alex']);
  });

  it('bot-escalation: bot messages (widget data.text), the escalate notice, then Sam takes over', async () => {
    const v = await chatWithAgent('bot-escalation');
    await v.until(() => agentTexts(v, 'bot').length >= 1);
    expect(agentTexts(v, 'bot')[0]).toBe("Hi Ada, I'm the virtual assistant. What can I help you with?");
    v.core.sendMessage('I want to talk to a person');
    await v.until(() => agentTexts(v).length >= 1);
    expect(v.texts()).toContain(TEXTS.leaveReason.escalate);
    expect(agentTexts(v, 'bot')).toEqual([
      "Hi Ada, I'm the virtual assistant. What can I help you with?",
      'Let me connect you with a live agent.',
    ]);
    expect(selectHeaderName(v.state())).toBe('Sam');
    expect(v.env.analytics).toHaveBeenCalledTimes(1);
  });

  it('file-transfer: a download message whose URL serves the file', async () => {
    const v = await chatWithAgent('file-transfer');
    const state = await v.until((s) => s.chat.messages.some((m) => m.kind === 'download'));
    const download = state.chat.messages.find((m) => m.kind === 'download');
    expect(download).toMatchObject({ kind: 'download', agentName: 'Sam', fileName: 'model-brochure.pdf' });
    if (download?.kind !== 'download') throw new Error('no download message');
    expect(download.url).toMatch(
      new RegExp(`^${v.server.url}/cua-api/chat/files/[^/]+/3b7f0c62-5a0e-4f4e-8d0b-7d5f0e1c9a24$`),
    );
    const response = await fetch(download.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
  });

  it('supervisor-barge: the barging supervisor is shown (barge on, observe off by default)', async () => {
    const v = await chatWithAgent('supervisor-barge');
    await v.until((s) => s.chat.participants.length === 2 && agentTexts(v).length >= 2);
    expect(v.texts().filter((t) => t === TEXTS.agentJoined)).toHaveLength(2);
    expect(v.state().chat.participants.map((p) => [p.name, isParticipantVisible(v.state(), p)])).toEqual([
      ['Sam', true],
      ['Morgan', true],
    ]);
    expect(agentTexts(v).at(-1)).toContain("I'm Morgan, Sam's supervisor");
  });

  it('supervisor-observe: the observing supervisor stays hidden (observe notification off)', async () => {
    const v = await chatWithAgent('supervisor-observe');
    await v.until((s) => s.chat.participants.length === 2);
    expect(v.texts().filter((t) => t === TEXTS.agentJoined)).toHaveLength(1);
    expect(v.state().chat.participants.map((p) => [p.name, isParticipantVisible(v.state(), p)])).toEqual([
      ['Sam', true],
      ['Jordan', false],
    ]);
    expect(selectHeaderName(v.state())).toBe('Sam');
  });

  it('supervisor-observe with notifyObserve on: the observer is shown', async () => {
    const v = await chatWithAgent('supervisor-observe', { page: { options: { notifyObserve: true } } });
    await v.until((s) => s.chat.participants.length === 2);
    expect(v.texts().filter((t) => t === TEXTS.agentJoined)).toHaveLength(2);
  });

  it('typing: the agent indicator shows and clears; customer typing draws a reply', async () => {
    const v = await chatWithAgent('typing');
    await v.until((s) => s.chat.agentTyping !== null);
    await v.until(() => agentTexts(v).length >= 1);
    expect(v.state().chat.agentTyping).toBeNull();
    v.core.customerTyping();
    v.core.customerTyping();
    await v.until(() => agentTexts(v).includes("Take your time, I'm here."));
    expect(agentTexts(v).filter((t) => t === "Take your time, I'm here.")).toHaveLength(1);
  });

  it('queue-on-hold: comfort messages play while queued and stop when Sam joins', async () => {
    // Speed 10: the 20 s queue lasts 2 s of real time, in which the core's clock is run through the
    // widget's 5 s comfort and 10 s URL timers. No pings: the core's time runs ahead of the pongs.
    const v = await open('queue-on-hold', { speed: 10, page: { options: { pingTimer: 300_000 } } });
    v.core.start();
    await v.until((s) => s.availability.status === 'available');
    expect(v.state().availability).toEqual({ status: 'available', waitMinutes: 4 });
    v.core.startChat(customer);
    await v.until((s) => s.chat.status.kind === 'waiting');
    expect(selectMode(v.state())).toBe('chat');
    await v.clock.advance(10_000);
    await v.until((s) => s.chat.status.kind === 'active');
    const onHold = v.state().chat.messages.filter((m) => m.kind === 'on-hold');
    expect(onHold.map((m) => ('text' in m ? m.text : ''))).toEqual([
      'You are in the queue. An agent will be with you soon.',
      'Thanks for your patience, all our agents are still busy.',
    ]);
    expect(v.state().chat.messages.filter((m) => m.kind === 'url')).toHaveLength(1);
    // Sam is here: past another comfort delay and URL hold time, nothing more plays.
    await v.clock.advance(10_500);
    expect(v.state().chat.messages.filter((m) => m.kind === 'on-hold')).toHaveLength(2);
    expect(v.state().chat.messages.filter((m) => m.kind === 'url')).toHaveLength(1);
  });
});
