import { describe, expect, it } from 'vitest';
import type { WidgetEvent } from '../../../widget/core/chat/events.js';
import { defaultFlags, initialState } from '../../../widget/core/chat/initial-state.js';
import { reduce } from '../../../widget/core/chat/reducer.js';
import {
  canGoBack,
  canMinimize,
  isHiddenOnViewport,
  isInputEnabled,
  selectLauncher,
  selectMode,
} from '../../../widget/core/chat/selectors.js';
import type { WidgetFlags, WidgetState } from '../../../widget/core/chat/state.js';
import { TEXTS } from '../../../widget/core/texts.js';
import { agent, barger, bot, joined, left, observer, said } from './support/frames.js';

function run(events: WidgetEvent[], flags: Partial<WidgetFlags> = {}): WidgetState {
  return events.reduce(reduce, initialState({ ...defaultFlags(), ...flags }));
}

const inChat: WidgetEvent[] = [{ type: 'dialogOpened' }, { type: 'chatRequested' }, { type: 'chatConfirmed' }];

function texts(state: WidgetState): string[] {
  return state.chat.messages.map((m) => ('text' in m ? m.text : m.kind));
}

describe('chat reducer: modes and lifecycle (section 4)', () => {
  it('§4 widget modes: a valid submit moves to loading, then chat once the server confirms', () => {
    const loading = run([{ type: 'chatRequested' }]);
    expect(selectMode(loading)).toBe('loading');
    expect(loading.chat.status).toEqual({ kind: 'connecting', resumed: false });
    expect(selectLauncher(loading).loading).toBe(true);
    const chat = reduce(loading, { type: 'chatConfirmed' });
    expect(selectMode(chat)).toBe('chat');
    expect(chat.chat.status).toEqual({ kind: 'waiting' });
    expect(isInputEnabled(chat)).toBe(false);
  });

  it('§4 widget modes: connect timeout or route cancel shows an error card, resets the chat, returns to logon', () => {
    const card = { tone: 'error' as const, title: TEXTS.noSuitableAgents, body: TEXTS.failureBody };
    const state = run([...inChat, { type: 'chatFailed', card }]);
    expect(selectMode(state)).toBe('logon');
    expect(state.statusCard).toEqual(card);
    expect(state.chat.status).toEqual({ kind: 'idle' });
    expect(state.chat.messages).toEqual([]);
  });

  it('§4 chat lifecycle: agent joined enables input and shows the joined notice', () => {
    const state = run([...inChat, { type: 'participantJoined', body: joined(agent), at: 1 }]);
    expect(state.chat.status).toEqual({ kind: 'active' });
    expect(isInputEnabled(state)).toBe(true);
    expect(texts(state)).toEqual(['An agent has joined the chat']);
    expect(state.chat.agentName).toBe('Alex');
    expect(state.chat.agentEverJoined).toBe(true);
  });

  it('§4 chat lifecycle: an invisible joiner (observer) adds no notice', () => {
    const state = run([...inChat, { type: 'participantJoined', body: joined(observer), at: 1 }]);
    expect(texts(state)).toEqual([]);
    expect(state.chat.participants).toEqual([{ ...observer, visible: false, isBot: false }]);
  });

  it('§6 visibility in the reducer: a barging supervisor with observe on stays hidden', () => {
    const state = run([...inChat, { type: 'participantJoined', body: joined(barger), at: 1 }], {
      visibility: { ...defaultFlags().visibility, notifyObserve: true },
    });
    expect(texts(state)).toEqual([]);
  });

  it('§6 visibility in the reducer: a suppressed bot adds no joined notice', () => {
    const flags = { visibility: { ...defaultFlags().visibility, suppressChatbotPresence: true } };
    const state = run([...inChat, { type: 'participantJoined', body: joined(bot), at: 1 }], flags);
    expect(texts(state)).toEqual([]);
    expect(state.chat.participants[0]?.isBot).toBe(true);
  });

  it('§4 chat lifecycle: agent left with only the customer remaining disables input', () => {
    const state = run([
      ...inChat,
      { type: 'participantJoined', body: joined(agent), at: 1 },
      { type: 'participantLeft', body: left(agent), at: 2 },
    ]);
    expect(state.chat.status).toEqual({ kind: 'waiting' });
    expect(isInputEnabled(state)).toBe(false);
    expect(texts(state).at(-1)).toBe('An agent has left the chat');
  });

  it.each([
    ['transfer', TEXTS.leaveReason.transfer],
    ['requeue', TEXTS.leaveReason.requeue],
    ['escalate', TEXTS.leaveReason.escalate],
    ['transfer_to_user', TEXTS.leaveReason.transfer_to_user],
    ['other', TEXTS.agentLeft],
  ] as const)('§4 chat lifecycle: leave reason %s has its own message', (reason, text) => {
    const state = run([
      ...inChat,
      { type: 'participantJoined', body: joined(agent), at: 1 },
      { type: 'participantLeft', body: left(agent, [], { leaveReason: reason }), at: 2 },
    ]);
    expect(texts(state).at(-1)).toBe(text);
  });

  it('§4 chat lifecycle: participantLeave with endChatFlag ends the chat (agent closed)', () => {
    const state = run([
      ...inChat,
      { type: 'participantJoined', body: joined(agent), at: 1 },
      { type: 'participantLeft', body: left(agent, [], { endChatFlag: true }), at: 2 },
    ]);
    expect(state.chat.status).toEqual({ kind: 'ended', reason: 'agentClosed' });
  });

  it('§4 chat lifecycle: a second agent keeps the chat active when the first leaves', () => {
    const second = { id: 'agent-2', name: 'Blair', type: 'active_participant' as const };
    const state = run([
      ...inChat,
      { type: 'participantJoined', body: joined(agent), at: 1 },
      { type: 'participantJoined', body: joined(second, [agent]), at: 2 },
      { type: 'participantLeft', body: left(agent, [second], { leaveReason: 'transfer' }), at: 3 },
    ]);
    expect(state.chat.status).toEqual({ kind: 'active' });
    expect(state.chat.agentName).toBe('Blair');
  });

  it('§4 chat lifecycle: closed by the agent shows the ended panel; the next close click resets everything', () => {
    const ended = run([...inChat, { type: 'chatEnded', reason: 'agentClosed', notice: null, at: 5 }]);
    expect(ended.chat.status).toEqual({ kind: 'ended', reason: 'agentClosed' });
    expect(selectMode(ended)).toBe('chat');
    const closed = reduce(ended, { type: 'dialogCloseRequested' });
    expect(selectMode(closed)).toBe('logon');
    expect(closed.chat.status).toEqual({ kind: 'idle' });
    expect(closed.dialog).toEqual({ status: 'closing', endChatPrompt: false });
    expect(reduce(closed, { type: 'dialogClosed' }).dialog.status).toBe('closed');
  });

  it('§4 chat lifecycle: session transferred disables controls and hides the button', () => {
    const state = run([
      { type: 'availabilityResolved', availability: { status: 'available', waitMinutes: 1 } },
      ...inChat,
      { type: 'participantJoined', body: joined(agent), at: 1 },
      { type: 'transferred', at: 2 },
    ]);
    expect(state.chat.status).toEqual({ kind: 'transferred' });
    expect(isInputEnabled(state)).toBe(false);
    expect(selectLauncher(state).visible).toBe(false);
    expect(texts(state).at(-1)).toBe('Chat was opened in another tab, continue conversation there');
    const closing = reduce(state, { type: 'dialogCloseRequested' });
    expect(closing.dialog.endChatPrompt).toBe(false);
    expect(closing.dialog.status).toBe('closing');
  });

  it('§4 ending: closing during a chat asks End Chat?; No dismisses the prompt', () => {
    const asked = run([...inChat, { type: 'dialogCloseRequested' }]);
    expect(asked.dialog).toEqual({ status: 'open', endChatPrompt: true });
    expect(reduce(asked, { type: 'endChatDeclined' }).dialog).toEqual({ status: 'open', endChatPrompt: false });
    const fromBubble = reduce(reduce(asked, { type: 'minimized' }), { type: 'dialogCloseRequested' });
    expect(fromBubble.dialog).toEqual({ status: 'open', endChatPrompt: true });
    const reset = reduce(asked, { type: 'chatReset' });
    expect(selectMode(reset)).toBe('logon');
    expect(reset.dialog.status).toBe('closed');
  });

  it('§4 ending: minimizing keeps the chat alive and counts unread messages for the badge', () => {
    const state = run([
      ...inChat,
      { type: 'participantJoined', body: joined(agent), at: 1 },
      { type: 'minimized' },
      { type: 'messageReceived', body: said('live_agent', 'Hello', 10) },
      { type: 'messageReceived', body: said('live_agent', 'Still there?', 11) },
    ]);
    expect(state.chat.status).toEqual({ kind: 'active' });
    expect(state.dialog.status).toBe('minimized');
    expect(selectLauncher(state).unread).toBe(2);
    expect(reduce(state, { type: 'dialogOpened' }).chat.unread).toBe(0);
  });

  it('§4 socket lifecycle: reconnect notices and activity kept apart from the chat status', () => {
    const state = run([
      ...inChat,
      { type: 'participantJoined', body: joined(agent), at: 1 },
      { type: 'reconnecting', attempt: 1, at: 2 },
    ]);
    expect(state.chat.connection).toEqual({ kind: 'reconnecting', attempt: 1 });
    expect(state.chat.status).toEqual({ kind: 'active' });
    const back = reduce(state, { type: 'reconnected', at: 3 });
    expect(back.chat.connection).toEqual({ kind: 'online' });
    expect(texts(back).slice(-2)).toEqual(['Attempting to reconnect...', 'Successfully reconnected']);
  });

  it('§4 page refresh: a resumed chat shows the transferring note', () => {
    const state = run([{ type: 'chatResumed', at: 1, participants: [] }]);
    expect(selectMode(state)).toBe('chat');
    expect(texts(state)).toEqual(['Transferring chat session from previous page or tab.']);
  });
});

describe('chat reducer: messages (section 4, sender handling)', () => {
  it('§4 sender handling: live_agent, bot and other messages carry their kind; widget messages use data.text', () => {
    const state = run([
      ...inChat,
      { type: 'messageReceived', body: said('live_agent', 'Hi', 1) },
      { type: 'messageReceived', body: said('bot', 'Beep', 2, 'Bot') },
      { type: 'messageReceived', body: said('other', 'System says', 3) },
      {
        type: 'messageReceived',
        body: { method: 'newMessage', senderType: 'bot', type: 'widget', timestamp: 4, data: { text: 'Pick one' } },
      },
      { type: 'messageReceived', body: { method: 'newMessage', senderType: 'bot', type: 'widget', timestamp: 5 } },
    ]);
    expect(state.chat.messages.map((m) => [m.kind, 'text' in m ? m.text : ''])).toEqual([
      ['live_agent', 'Hi'],
      ['bot', 'Beep'],
      ['other', 'System says'],
      ['bot', 'Pick one'],
    ]);
  });

  it('§4 sender handling: a live agent message removes the typing indicator', () => {
    const state = run([
      ...inChat,
      { type: 'participantJoined', body: joined(agent), at: 1 },
      { type: 'agentTyping', agentId: agent.id },
    ]);
    expect(state.chat.agentTyping).toEqual({ agentId: agent.id, displayName: 'Alex' });
    expect(reduce(state, { type: 'messageReceived', body: said('live_agent', 'Hi', 2) }).chat.agentTyping).toBeNull();
    expect(reduce(state, { type: 'agentTypingCleared' }).chat.agentTyping).toBeNull();
  });

  it('§4 typing: an invisible or unknown participant shows no typing indicator', () => {
    const state = run([...inChat, { type: 'participantJoined', body: joined(observer), at: 1 }]);
    expect(reduce(state, { type: 'agentTyping', agentId: observer.id })).toBe(state);
    expect(reduce(state, { type: 'agentTyping', agentId: 'nobody' })).toBe(state);
  });

  it('§4 page refresh: a replayed agent message while nobody is known marks that agent present (input enabled)', () => {
    const resumed = run([{ type: 'chatResumed', at: 1, participants: [] }, { type: 'chatConfirmed' }]);
    expect(resumed.chat.status).toEqual({ kind: 'waiting' });
    const afterCustomer = reduce(resumed, { type: 'messageReceived', body: said('customer', 'hi', 2) });
    expect(afterCustomer.chat.status).toEqual({ kind: 'waiting' });
    const state = reduce(afterCustomer, { type: 'messageReceived', body: said('live_agent', 'Hello', 3, 'Sam') });
    expect(state.chat.status).toEqual({ kind: 'active' });
    expect(isInputEnabled(state)).toBe(true);
    expect(state.chat.agentName).toBe('Sam');
    expect(state.chat.participants).toEqual([
      { id: 'live_agent:Sam', name: 'Sam', type: 'active_participant', visible: true, isBot: false },
    ]);
    const bot = reduce(resumed, { type: 'messageReceived', body: said('bot', 'Beep', 3, 'Assistant') });
    expect(bot.chat.participants[0]?.isBot).toBe(true);
    const real = reduce(state, { type: 'participantJoined', body: joined(agent), at: 4 });
    expect(real.chat.participants.map((p) => p.id)).toEqual([agent.id]);
  });

  it('transcript replay never shows an agent message twice (senderType, timestamp, text)', () => {
    const message = said('live_agent', 'Hello', 100);
    const state = run([
      ...inChat,
      { type: 'messageReceived', body: message },
      { type: 'messageReceived', body: message },
      { type: 'messageReceived', body: said('live_agent', 'Hello', 101) },
    ]);
    expect(texts(state)).toEqual(['Hello', 'Hello']);
  });

  it('customer messages: waiting while queued, pending once on the wire, sent once delivered, failed for good', () => {
    const deliveries = (state: WidgetState) =>
      state.chat.messages.map((m) => (m.kind === 'customer' ? m.delivery : ''));
    let state = run([
      ...inChat,
      { type: 'customerMessageQueued', id: 'c1', text: 'first', at: 10 },
      { type: 'customerMessageQueued', id: 'c2', text: 'second', at: 11 },
      { type: 'customerMessageQueued', id: 'c3', text: 'third', at: 12 },
    ]);
    expect(deliveries(state)).toEqual(['waiting', 'waiting', 'waiting']);
    state = reduce(state, { type: 'customerMessagesSent', ids: ['c1'] });
    expect(deliveries(state)).toEqual(['pending', 'waiting', 'waiting']);
    state = reduce(state, { type: 'customerMessagesDelivered', ids: ['c1'] });
    expect(deliveries(state)).toEqual(['sent', 'waiting', 'waiting']);
    // A customer message delivery.ts found new (another tab) is shown; the server cannot have
    // read the waiting ones, so in the server's order it comes first.
    state = reduce(state, { type: 'messageReceived', body: said('customer', 'from another tab', 600) });
    expect(texts(state)).toEqual(['first', 'from another tab', 'second', 'third']);
    state = reduce(state, { type: 'customerMessagesFailed', failures: [{ id: 'c2', reason: 'undeliverable' }] });
    expect(deliveries(state)).toEqual(['sent', 'sent', 'failed', 'waiting']);
    state = reduce(state, { type: 'customerMessageRetried', id: 'c2', at: 20 });
    expect(texts(state)).toEqual(['first', 'from another tab', 'third', 'second']);
    expect(deliveries(state)).toEqual(['sent', 'sent', 'waiting', 'waiting']);
  });

  it('an answer to a message already on the wire goes below it, not above', () => {
    let state = run([
      ...inChat,
      { type: 'customerMessageQueued', id: 'c1', text: 'question', at: 10 },
      { type: 'customerMessagesSent', ids: ['c1'] },
      { type: 'messageReceived', body: said('live_agent', 'answer', 500) },
    ]);
    expect(texts(state)).toEqual(['question', 'answer']);
    state = reduce(state, { type: 'reconnected', at: 600 });
    expect(texts(state).at(-1)).toBe(TEXTS.reconnected);
  });

  it('nothing lost: a server message goes before customer messages still pending (the server order)', () => {
    let state = run([
      ...inChat,
      { type: 'customerMessageQueued', id: 'c1', text: 'delivered', at: 10 },
      { type: 'customerMessagesDelivered', ids: ['c1'] },
      { type: 'customerMessageQueued', id: 'c2', text: 'pending one', at: 11 },
      { type: 'customerMessageQueued', id: 'c3', text: 'pending two', at: 12 },
    ]);
    state = reduce(state, { type: 'messageReceived', body: said('live_agent', 'agent', 13) });
    expect(texts(state)).toEqual(['delivered', 'agent', 'pending one', 'pending two']);
    state = reduce(state, { type: 'customerMessagesDelivered', ids: ['c2'] });
    state = reduce(state, { type: 'messageReceived', body: said('bot', 'bot', 14) });
    expect(texts(state)).toEqual(['delivered', 'agent', 'pending one', 'bot', 'pending two']);
    state = reduce(state, { type: 'customerMessagesDelivered', ids: ['c3'] });
    state = reduce(state, { type: 'messageReceived', body: said('live_agent', 'last', 15) });
    expect(texts(state).at(-1)).toBe('last');
  });

  it('§4 on-hold and file transfer messages are written with their kinds', () => {
    const state = run([
      ...inChat,
      { type: 'onHoldMessage', text: 'Please wait', at: 1 },
      { type: 'onHoldUrls', description: 'Meanwhile', urls: ['https://x'], at: 2 },
      { type: 'fileShared', agentName: 'Alex', fileName: 'a.pdf', url: '/f/a', at: 3 },
      { type: 'systemNotice', text: TEXTS.connectionError, at: 4 },
    ]);
    expect(state.chat.messages.map((m) => m.kind)).toEqual(['on-hold', 'url', 'download', 'system']);
    expect(new Set(state.chat.messages.map((m) => m.id)).size).toBe(4);
  });
});

describe('chat reducer: views, dialog, cards, availability', () => {
  it('§2 navigation: back pops one screen; a reset returns to main topics', () => {
    const state = run(
      [
        { type: 'viewPushed', view: 'vehicle' },
        { type: 'viewPushed', view: 'form' },
      ],
      { triage: true },
    );
    expect(state.views).toEqual(['topics', 'vehicle', 'form']);
    expect(canGoBack(state)).toBe(true);
    const back = reduce(state, { type: 'viewPopped' });
    expect(back.views).toEqual(['topics', 'vehicle']);
    expect(reduce(back, { type: 'viewsReset' }).views).toEqual(['topics']);
    const first = run([]);
    expect(reduce(first, { type: 'viewPopped' })).toBe(first);
    expect(canGoBack(first)).toBe(false);
  });

  it('§2 header: back shows in triage mode on the pre-chat form', () => {
    const state = { ...run([], { triage: true }), views: ['form'] };
    expect(canGoBack(state)).toBe(true);
  });

  it('§2 views: chat-lite starts on the callback form, full chat on the pre-chat form', () => {
    expect(run([], { chatLite: true }).views).toEqual(['callback']);
    expect(run([]).views).toEqual(['form']);
  });

  it('§2 launcher: hidden until availability is reported; chat-lite visible at once', () => {
    expect(selectLauncher(run([])).visible).toBe(false);
    expect(selectLauncher(run([], { chatLite: true })).visible).toBe(true);
    const available = run([{ type: 'availabilityResolved', availability: { status: 'available', waitMinutes: 2 } }]);
    expect(selectLauncher(available).visible).toBe(true);
    const unavailable = run([
      { type: 'availabilityResolved', availability: { status: 'unavailable', message: TEXTS.noAgents } },
    ]);
    expect(selectLauncher(unavailable).visible).toBe(false);
  });

  it('§4 callback form submit: form disabled while submitting, then the card; the button is hidden afterwards', () => {
    const submitting = run([{ type: 'callbackSubmitting' }], { chatLite: true });
    expect(submitting.callback).toEqual({ status: 'submitting' });
    const card = { tone: 'success' as const, title: TEXTS.successTitle, body: TEXTS.successBody };
    const done = reduce(submitting, { type: 'callbackSubmitted', ok: true, card });
    expect(done.statusCard).toEqual(card);
    expect(selectLauncher(done).visible).toBe(false);
    expect(reduce(done, { type: 'statusCardDismissed' }).statusCard).toBeNull();
  });

  it('§2 launcher position moves on trips pages; minimize hidden when the bubble is bypassed', () => {
    expect(selectLauncher(run([], { tripsPage: true })).position).toBe('trips');
    expect(canMinimize(run([], { bypassBubble: true }))).toBe(false);
    expect(canMinimize(run([]))).toBe(true);
  });

  it('§2 mounting: hidden at 599 px or less when hide-on-mobile is on', () => {
    expect(isHiddenOnViewport(run([], { hideOnMobile: true }), 599)).toBe(true);
    expect(isHiddenOnViewport(run([], { hideOnMobile: true }), 600)).toBe(false);
    expect(isHiddenOnViewport(run([]), 320)).toBe(false);
  });

  it('availability answers carry the variant and the engagement-placeholder flag', () => {
    const state = run([
      {
        type: 'availabilityResolved',
        availability: { status: 'available', waitMinutes: 1 },
        variant: 'newer',
        useEngagementPlaceholderData: true,
      },
      { type: 'flagsUpdated', flags: { bypassBubble: true } },
    ]);
    expect(state.flags.variant).toBe('newer');
    expect(state.flags.useEngagementPlaceholderData).toBe(true);
    expect(state.flags.bypassBubble).toBe(true);
  });

  it('a no-op event returns the same state object (the store skips it)', () => {
    const state = run([]);
    expect(reduce(state, { type: 'statusCardDismissed' })).toBe(state);
    expect(reduce(state, { type: 'agentTypingCleared' })).toBe(state);
  });
});
