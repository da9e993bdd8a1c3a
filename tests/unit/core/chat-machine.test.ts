/**
 * The chat machine (chat/chat-machine.ts) as table rows: each row an event sequence and what
 * the visitor then sees, what goes to the server and what is stored. A reader checks them
 * against the product spec (section numbers in the names) and the README's chat machine.
 */
import { describe, expect, it } from 'vitest';
import { defaultFlags } from '../../../widget/core/chat/initial-state.js';
import {
  canGoBack,
  isInputEnabled,
  isParticipantVisible,
  selectHeaderName,
  selectLauncher,
  selectMode,
} from '../../../widget/core/chat/selectors.js';
import { TEXTS } from '../../../widget/core/texts.js';
import { ChatDriver, chatConfig, confirmedChat, storedSession } from './support/chat-driver.js';
import { agent, barger, bot, joined, left, observer, said } from './support/frames.js';

const second = { id: 'agent-2', name: 'Blair', type: 'active_participant' as const };

function withAgent(driver = confirmedChat()): ChatDriver {
  driver.notify(joined(agent));
  return driver;
}

describe('chat machine: lifecycle (section 4)', () => {
  it('§4 widget modes: a new chat is loading with its connect timer; requestChat on the socket; chat once confirmed', () => {
    const chat = new ChatDriver();
    expect(selectMode(chat.state)).toBe('loading');
    expect(chat.state.chat.status).toEqual({ kind: 'connecting', resumed: false });
    expect(selectLauncher(chat.state).loading).toBe(true);
    expect(chat.timerSet('connect')).toBe(true);
    chat.open(false);
    expect(chat.methods()).toEqual(['requestChat']);
    chat.confirm();
    expect(selectMode(chat.state)).toBe('chat');
    expect(chat.state.chat.status).toEqual({ kind: 'waiting' });
    expect(isInputEnabled(chat.state)).toBe(false);
    expect(chat.timerSet('connect')).toBe(false);
    expect(chat.effectsOf('saveConfirmed')).toEqual([
      { type: 'saveConfirmed', guid: 42, authenticationKey: 'key-42', contextId: 'WR-1' },
    ]);
    expect(chat.effectsOf('lead')).toEqual([{ type: 'lead', workRequestId: 'WR-1' }]);
  });

  it('§4 widget modes: no confirmation within maxWaitTime → closeConversation, an error card, back to logon', () => {
    const chat = new ChatDriver();
    chat.open(false);
    chat.advance(600 * 1000);
    expect(chat.methods()).toEqual(['requestChat', 'closeConversation']);
    expect(chat.effectsOf('closeConnection')).toHaveLength(1);
    expect(chat.state.statusCard).toEqual({ tone: 'error', title: TEXTS.failureTitle, body: TEXTS.failureBody });
    expect(selectMode(chat.state)).toBe('logon');
    expect(chat.state.chat.messages).toEqual([]);
    expect(chat.effectsOf('finished')).toEqual([{ type: 'finished', outcome: 'ended' }]);
  });

  it('§4 route cancel: no more retries, No suitable agents could be found, back to logon', () => {
    const chat = confirmedChat();
    chat.notify({ method: 'routeCancel' });
    expect(chat.effects.map((e) => e.type)).toEqual(expect.arrayContaining(['stopRetrying', 'closeConnection']));
    expect(chat.state.statusCard?.title).toBe(TEXTS.noSuitableAgents);
    expect(selectMode(chat.state)).toBe('logon');
    expect(chat.effectsOf('clearStored')).toHaveLength(1);
  });

  it('§4 chat lifecycle: agent joined enables input, shows the notice, names the agent; chat_started fires once', () => {
    const chat = withAgent();
    expect(chat.state.chat.status).toEqual({ kind: 'active' });
    expect(isInputEnabled(chat.state)).toBe(true);
    expect(chat.texts()).toEqual([TEXTS.agentJoined]);
    expect(selectHeaderName(chat.state)).toBe('Alex');
    chat.notify(left(agent));
    chat.notify(joined(agent));
    expect(chat.effectsOf('analytics').filter((e) => e.event.name === 'chat_started')).toEqual([
      { type: 'analytics', event: { name: 'chat_started', detail: { agentId: agent.id } } },
    ]);
    // On hold while nobody is in the room, not while an agent is.
    expect(chat.effectsOf('onHold').map((e) => e.play)).toEqual([true, false, true, false]);
  });

  it('§6 visibility: an observing supervisor joins without a notice and is hidden; a barging one with observe on too', () => {
    const chat = confirmedChat();
    chat.notify(joined(observer));
    expect(chat.texts()).toEqual([]);
    expect(chat.state.chat.participants).toEqual([observer]);
    expect(isParticipantVisible(chat.state, observer)).toBe(false);
    expect(selectHeaderName(chat.state)).toBeNull();
    const observing = chatConfig({ visibility: { ...defaultFlags().visibility, notifyObserve: true } });
    const barged = confirmedChat(observing, { visibility: observing.visibility });
    barged.notify(joined(barger));
    expect(barged.texts()).toEqual([]);
    expect(isParticipantVisible(barged.state, barger)).toBe(false);
  });

  it('§6 visibility: a suppressed bot joins without a notice, is not named, and speaks without a name', () => {
    const visibility = { ...defaultFlags().visibility, suppressChatbotPresence: true };
    const chat = confirmedChat(chatConfig({ visibility }), { visibility });
    chat.notify(joined(bot));
    expect(chat.texts()).toEqual([]);
    expect(selectHeaderName(chat.state)).toBeNull();
    chat.notify(said('bot', 'How can I help?', 2, bot.name));
    expect(chat.state.chat.messages.at(-1)).toMatchObject({ kind: 'bot', text: 'How can I help?', displayName: '' });
  });

  it('§6 visibility: a message from a participant the rules hide is shown, without their name', () => {
    const chat = withAgent();
    chat.notify(joined(observer, [agent]));
    chat.notify(said('live_agent', 'Let me help too', 3, observer.name));
    chat.notify(said('live_agent', 'And me', 4, agent.name));
    const lines = chat.state.chat.messages.flatMap((m) => (m.kind === 'live_agent' ? [[m.text, m.displayName]] : []));
    expect(lines).toEqual([
      ['Let me help too', ''],
      ['And me', 'Alex'],
    ]);
  });

  it('§2 header: an active agent over a supervisor who barged in; nobody after the last leaves or a requeue', () => {
    const chat = withAgent();
    chat.notify(joined(barger, [agent]));
    expect(chat.texts().at(-1)).toBe(TEXTS.agentJoined);
    expect(selectHeaderName(chat.state)).toBe('Alex');
    chat.notify(left(agent, [barger]));
    expect(selectHeaderName(chat.state)).toBe('Bea');
    chat.notify(left(barger, []));
    expect(selectHeaderName(chat.state)).toBeNull();
    chat.notify(joined(agent));
    chat.notify(left(agent, [], { leaveReason: 'requeue' }));
    expect(chat.texts().at(-1)).toBe(TEXTS.leaveReason.requeue);
    expect(selectHeaderName(chat.state)).toBeNull();
  });

  it('§2 header: the latest agent to join is named, wherever the service lists them', () => {
    const chat = withAgent();
    chat.notify({ ...joined(second), participants: [second, agent] });
    expect(selectHeaderName(chat.state)).toBe('Blair');
    chat.notify(left(agent, [second], { leaveReason: 'transfer' }));
    expect(chat.state.chat.status).toEqual({ kind: 'active' });
    expect(selectHeaderName(chat.state)).toBe('Blair');
  });

  it('§4 chat lifecycle: agent left with only the customer remaining disables input', () => {
    const chat = withAgent();
    chat.notify(left(agent));
    expect(chat.state.chat.status).toEqual({ kind: 'waiting' });
    expect(isInputEnabled(chat.state)).toBe(false);
    expect(chat.texts().at(-1)).toBe(TEXTS.agentLeft);
  });

  it.each([
    ['transfer', TEXTS.leaveReason.transfer],
    ['requeue', TEXTS.leaveReason.requeue],
    ['escalate', TEXTS.leaveReason.escalate],
    ['transfer_to_user', TEXTS.leaveReason.transfer_to_user],
    ['other', TEXTS.agentLeft],
  ] as const)('§4 chat lifecycle: leave reason %s has its own message', (reason, text) => {
    const chat = withAgent();
    chat.notify(left(agent, [], { leaveReason: reason }));
    expect(chat.texts().at(-1)).toBe(text);
  });

  it('§4 chat lifecycle: participantLeave with endChatFlag ends the chat (agent closed), retries off', () => {
    const chat = withAgent();
    chat.notify(left(agent, [], { endChatFlag: true }));
    expect(chat.state.chat.status).toEqual({ kind: 'ended', reason: 'agentClosed' });
    expect(chat.effectsOf('stopRetrying')).toHaveLength(1);
    expect(chat.effectsOf('analytics').at(-1)?.event).toEqual({
      name: 'chat_ended',
      detail: { reason: 'agentClosed' },
    });
  });

  it('§4 chat lifecycle: closed by the agent shows the ended panel; the next close click resets everything', () => {
    const chat = withAgent();
    chat.run('send', { text: 'still sending' });
    chat.notify({ method: 'closeConversation' });
    expect(chat.state.chat.status).toEqual({ kind: 'ended', reason: 'agentClosed' });
    expect(chat.deliveries()).toEqual(['still sending:failed']);
    expect(chat.effectsOf('closeConnection')).toEqual([]);
    expect(selectMode(chat.state)).toBe('chat');
    chat.dispatch({ type: 'dialogCloseRequested' });
    expect(selectMode(chat.state)).toBe('logon');
    expect(chat.state.chat.status).toEqual({ kind: 'idle' });
    expect(chat.state.dialog).toEqual({ status: 'closing', endChatPrompt: false });
  });

  it('§4 session transferred: controls disabled, the button hidden, the window can only be closed', () => {
    const chat = withAgent();
    chat.dispatch({ type: 'availabilityResolved', availability: { status: 'available', waitMinutes: 1 } });
    chat.ended({ kind: 'transferred' });
    expect(chat.state.chat.status).toEqual({ kind: 'transferred' });
    expect(isInputEnabled(chat.state)).toBe(false);
    expect(selectLauncher(chat.state).visible).toBe(false);
    expect(chat.texts().at(-1)).toBe(TEXTS.openedInAnotherTab);
    // Another tab has it: nothing is cleared from storage.
    expect(chat.effectsOf('clearStored')).toEqual([]);
    chat.dispatch({ type: 'dialogCloseRequested' });
    expect(chat.state.dialog).toEqual({ status: 'closing', endChatPrompt: false });
  });

  it('§4 ending: closing during a chat asks End Chat?; No dismisses it; an end meanwhile takes the question away', () => {
    const chat = withAgent();
    chat.dispatch({ type: 'dialogCloseRequested' });
    expect(chat.state.dialog).toEqual({ status: 'open', endChatPrompt: true });
    chat.dispatch({ type: 'endChatDeclined' });
    expect(chat.state.dialog).toEqual({ status: 'open', endChatPrompt: false });
    chat.dispatch({ type: 'minimized' });
    chat.dispatch({ type: 'dialogCloseRequested' });
    expect(chat.state.dialog).toEqual({ status: 'open', endChatPrompt: true });
    chat.notify({ method: 'closeConversation' });
    expect(chat.state.dialog.endChatPrompt).toBe(false);
  });

  it('§4 ending: minimizing keeps the chat alive; the badge counts what the other side sent', () => {
    const chat = withAgent();
    chat.dispatch({ type: 'minimized' });
    chat.notify(said('live_agent', 'Hello', 10));
    chat.notify(said('live_agent', 'Hello', 10));
    chat.notify(said('live_agent', 'Still there?', 11));
    chat.notify({ method: 'newAgentFileTransfer', agentName: 'Alex', name: 'a.pdf', address: 'https://x/a.pdf' });
    expect(chat.state.chat.status).toEqual({ kind: 'active' });
    expect(selectLauncher(chat.state).unread).toBe(3);
    chat.dispatch({ type: 'dialogOpened' });
    expect(chat.state.chat.unread).toBe(0);
  });

  it('§4 page refresh: a stored chat shows the transferring note, renews with the full transcript, the composer works at once', () => {
    const participants = [agent];
    const chat = new ChatDriver(chatConfig(), {
      resume: storedSession({ chatState: { participants, onHold: { comfort: null, urls: null } } }),
    });
    expect(selectMode(chat.state)).toBe('chat');
    expect(chat.texts()).toEqual([TEXTS.transferringSession]);
    chat.open(false);
    expect(chat.sent()).toEqual([
      { method: 'renewChat', guid: 42, authenticationKey: 'key-42', requestFullTranscript: true },
    ]);
    expect(chat.pendingBarriers).toEqual([{ kind: 'replay' }]);
    expect(isInputEnabled(chat.state)).toBe(true);
    expect(selectHeaderName(chat.state)).toBe('Alex');
    // A stored chat that opens at once is no reconnection.
    chat.answerBarriers();
    expect(chat.texts()).toEqual([TEXTS.transferringSession]);
  });
});

describe('chat machine: messages (section 4, sender handling)', () => {
  it('§4 sender handling: live_agent, bot and other messages carry their kind; widget messages use data.text', () => {
    const chat = confirmedChat();
    chat.notify(said('live_agent', 'Hi', 1));
    chat.notify(said('bot', 'Beep', 2, 'Bot'));
    chat.notify(said('other', 'System says', 3));
    chat.notify({ method: 'newMessage', senderType: 'bot', type: 'widget', timestamp: 4, data: { text: 'Pick one' } });
    chat.notify({ method: 'newMessage', senderType: 'bot', type: 'widget', timestamp: 5 });
    expect(chat.state.chat.messages.map((m) => [m.kind, 'text' in m ? m.text : ''])).toEqual([
      ['live_agent', 'Hi'],
      ['bot', 'Beep'],
      ['other', 'System says'],
      ['bot', 'Pick one'],
    ]);
  });

  it('§4 typing: an agent indicator shows for a visible agent, clears after agentTypingTimeout (restarted by each isTyping) or with their message', () => {
    const chat = withAgent();
    chat.notify({ method: 'isTyping', agentId: agent.id, isTyping: true });
    expect(chat.state.chat.agentTyping).toEqual({ agentId: agent.id, displayName: 'Alex' });
    chat.advance(4_000);
    chat.notify({ method: 'isTyping', agentId: agent.id, isTyping: true });
    chat.advance(4_999);
    expect(chat.state.chat.agentTyping).not.toBeNull();
    chat.advance(1);
    expect(chat.state.chat.agentTyping).toBeNull();
    chat.notify({ method: 'isTyping', agentId: agent.id, isTyping: true });
    chat.notify(said('live_agent', 'Hi', 2));
    expect(chat.state.chat.agentTyping).toBeNull();
    expect(chat.timerSet('agentTyping')).toBe(false);
  });

  it('§4 typing: an invisible or unknown participant shows no typing indicator', () => {
    const chat = confirmedChat();
    chat.notify(joined(observer));
    const view = chat.chat.view;
    chat.notify({ method: 'isTyping', agentId: observer.id, isTyping: true });
    chat.notify({ method: 'isTyping', agentId: 'nobody', isTyping: true });
    expect(chat.chat.view).toBe(view);
  });

  it('§4 typing: the customer signal goes at most once per timeBetweenMsgs, and only on an open socket', () => {
    const chat = withAgent();
    chat.drop();
    chat.run('typed');
    expect(chat.methods()).not.toContain('isTyping');
    chat.open(true);
    chat.run('typed');
    chat.advance(9_999);
    chat.run('typed');
    chat.advance(1);
    chat.run('typed');
    expect(chat.methods().filter((m) => m === 'isTyping')).toHaveLength(2);
  });

  it('§4 page refresh: a replayed agent message while nobody is known marks that agent present', () => {
    const chat = new ChatDriver(chatConfig(), { resume: storedSession() });
    chat.open(false);
    expect(chat.state.chat.status).toEqual({ kind: 'waiting' });
    chat.notify(said('customer', 'hi', 2));
    expect(chat.state.chat.status).toEqual({ kind: 'waiting' });
    chat.notify(said('live_agent', 'Hello', 3, 'Sam'));
    expect(chat.state.chat.status).toEqual({ kind: 'active' });
    expect(selectHeaderName(chat.state)).toBe('Sam');
    expect(chat.state.chat.participants).toEqual([{ id: 'live_agent:Sam', name: 'Sam', type: 'active_participant' }]);
    chat.notify(joined(agent));
    expect(chat.state.chat.participants.map((p) => p.id)).toEqual([agent.id]);
  });

  it('transcript replay never shows an agent message twice (senderType, timestamp, text)', () => {
    const chat = confirmedChat();
    chat.notify(said('live_agent', 'Hello', 100));
    chat.notify(said('live_agent', 'Hello', 100));
    chat.notify(said('live_agent', 'Hello', 101));
    expect(chat.texts()).toEqual(['Hello', 'Hello']);
  });

  it('§4 sender handling: the optional subject goes out once, after the first live-agent message', () => {
    const chat = confirmedChat(chatConfig({ details: { firstName: 'Ada', subject: '  Model Y  ' } }));
    chat.notify(said('bot', 'Beep', 1));
    expect(chat.wire()).toEqual([]);
    chat.notify(said('live_agent', 'Hi', 2));
    chat.notify(said('live_agent', 'Again', 3));
    expect(chat.wire()).toEqual(['Model Y']);
  });

  it('§4 on-hold, file transfer and pushed pages are written with their kinds and their own ids', () => {
    const chat = confirmedChat();
    chat.run('onHoldMessage', { text: 'Please wait' });
    chat.run('onHoldUrls', { description: 'Meanwhile', urls: ['https://x'] });
    chat.notify({ method: 'newAgentFileTransfer', agentName: 'Alex', name: 'a.pdf', address: 'https://x/a.pdf' });
    chat.notify({ method: 'newPushPageMessage', displayName: 'Alex', pagePushURL: 'https://example.com/offers' });
    chat.run('socketError');
    expect(chat.state.chat.messages.map((m) => m.kind)).toEqual(['on-hold', 'url', 'download', 'page', 'system']);
    expect(new Set(chat.state.chat.messages.map((m) => m.id)).size).toBe(5);
  });

  it('a file or a pushed page without a safe http(s) address is reported, never shown', () => {
    const chat = confirmedChat();
    chat.notify({ method: 'newAgentFileTransfer', agentName: 'Alex', name: 'x', address: 'javascript:alert(1)' });
    for (const pagePushURL of ['javascript:alert(1)', '/relative/page', 'data:text/html,hi', 'not a url']) {
      chat.notify({ method: 'newPushPageMessage', pagePushURL });
    }
    expect(chat.state.chat.messages).toEqual([]);
    expect(chat.effectsOf('report').map((e) => e.error.message)).toEqual([
      'chat socket: newAgentFileTransfer without a uuid or a safe http(s) address',
      ...Array(4).fill('chat socket: newPushPageMessage without a safe http(s) address'),
    ]);
  });

  it('a pushed page keeps its time (already in milliseconds) and its sender, as section 6 lets them be seen', () => {
    const chat = withAgent();
    chat.notify(joined(observer, [agent]));
    chat.notify({
      method: 'newPushPageMessage',
      displayName: 'Alex',
      pagePushURL: 'https://a.example/',
      timestamp: 5e12,
    });
    chat.notify({ method: 'newPushPageMessage', displayName: 'Sam', pagePushURL: 'https://b.example/' });
    const pages = chat.state.chat.messages.filter((m) => m.kind === 'page');
    expect(pages).toMatchObject([
      { displayName: 'Alex', url: 'https://a.example/', timestamp: 5e12 },
      { displayName: '', url: 'https://b.example/', timestamp: chat.now },
    ]);
  });

  it('§2 header: no Back button once a chat has started, even in triage mode on the form', () => {
    const chat = new ChatDriver(chatConfig(), { contextId: null }, { triage: true });
    chat.dispatch({ type: 'viewPushed', view: 'form' });
    expect(chat.state.views).toEqual(['topics', 'form']);
    expect(canGoBack(chat.state)).toBe(false);
    chat.open(false);
    chat.confirm();
    expect(canGoBack(chat.state)).toBe(false);
    chat.dispatch({ type: 'chatReset' });
    expect(canGoBack(chat.state)).toBe(false);
    chat.dispatch({ type: 'viewPushed', view: 'form' });
    expect(canGoBack(chat.state)).toBe(true);
  });
});

describe('chat machine: what real contact centres send (protocol notes, vendor documentation)', () => {
  it('"Successfully reconnected" only once the server accepted the renew, where the reconnection happened', () => {
    for (const answer of ['pong', 'acknowledgement', 'silence'] as const) {
      const chat = withAgent();
      chat.run('reconnecting', { attempt: 1 });
      chat.open(true);
      // The replay (or an agent writing) is no acceptance: a server may replay and then refuse.
      chat.notify(said('live_agent', 'Back', 7));
      expect(chat.texts(), answer).not.toContain(TEXTS.reconnected);
      if (answer === 'pong') chat.answerBarrier();
      if (answer === 'acknowledgement') chat.ack('renewChat');
      // A server that answers nothing at all: nothing refused the renew within two ping intervals.
      if (answer === 'silence') chat.advance(2 * chat.config.settings.pingTimer);
      expect(chat.texts().slice(-3), answer).toEqual([TEXTS.attemptingReconnect, TEXTS.reconnected, 'Back']);
      chat.notify(said('live_agent', 'More', 8));
      chat.answerBarriers();
      expect(
        chat.texts().filter((t) => t === TEXTS.reconnected),
        answer,
      ).toHaveLength(1);
    }
  });

  it('a renew refused (error 2) says the chat could not be resumed: no reconnected notice, storage cleared, the panel', () => {
    const chat = withAgent();
    chat.run('reconnecting', { attempt: 1 });
    chat.open(true);
    chat.error(2, 'Session key is invalid or expired', 'renewChat');
    expect(chat.effectsOf('clearStored')).toHaveLength(1);
    // The connection closes on the error (the socket machine); the final close says why.
    chat.ended({ kind: 'closed', manual: false, code: 1000, everConnected: true });
    expect(chat.texts()).not.toContain(TEXTS.reconnected);
    expect(chat.texts()).not.toContain(TEXTS.connectionClosed);
    expect(chat.texts().at(-1)).toBe(TEXTS.chatNotResumed);
    expect(chat.state.chat.status).toEqual({ kind: 'ended', reason: 'notResumed' });
    expect(chat.effectsOf('analytics').at(-1)?.event).toEqual({ name: 'chat_ended', detail: { reason: 'notResumed' } });
  });

  it('a stored chat refused on its first renew: "Your previous chat has ended", and a new chat is offered', () => {
    const chat = new ChatDriver(chatConfig(), { resume: storedSession() });
    chat.open(false);
    chat.error(2, 'Session key is invalid or expired');
    chat.ended({ kind: 'closed', manual: false, code: 1000, everConnected: true });
    expect(chat.state.statusCard).toEqual({
      tone: 'info',
      title: TEXTS.previousChatEndedTitle,
      body: TEXTS.previousChatEndedBody,
    });
    expect(selectMode(chat.state)).toBe('logon');
    expect(chat.effectsOf('finished')).toEqual([{ type: 'finished', outcome: 'resumeRefused' }]);
  });

  it('a confirmation without workRequestId is a confirmed chat: stored for a renew, messages delivered, no lead, no timeout', () => {
    const chat = new ChatDriver();
    chat.open(false);
    const { workRequestId: _, ...older } = {
      method: 'requestChat' as const,
      guid: 7,
      authenticationKey: 'k7',
      workRequestId: 'x',
    };
    chat.notify(older);
    expect(chat.chat.lifecycle).toEqual({ kind: 'confirmed' });
    expect(chat.chat.contextId).toBeNull();
    expect(chat.effectsOf('saveConfirmed')).toEqual([
      { type: 'saveConfirmed', guid: 7, authenticationKey: 'k7', contextId: null },
    ]);
    expect(chat.effectsOf('lead')).toEqual([]);
    chat.notify(joined(agent));
    chat.run('send', { text: 'Is it in stock?' });
    chat.answerBarriers();
    expect(chat.deliveries()).toEqual(['Is it in stock?:delivered']);
    chat.advance(600 * 1000);
    expect(chat.state.statusCard).toBeNull();
    expect(chat.state.chat.status).toEqual({ kind: 'active' });
  });

  it("error 1 naming a newMessage: that message failed with Retry; the next acknowledgement is the next message's", () => {
    const chat = withAgent();
    chat.run('send', { text: 'refused one' });
    chat.run('send', { text: 'next one' });
    chat.error(1, 'Invalid message: text too long', 'newMessage');
    expect(chat.deliveries()).toEqual(['refused one:failed', 'next one:sending']);
    expect(chat.customer()[0]?.failure).toBe('refused');
    chat.ack();
    expect(chat.deliveries()).toEqual(['refused one:failed', 'next one:delivered']);
    // Its pong does not deliver it either.
    chat.answerBarriers();
    expect(chat.deliveries()).toEqual(['refused one:failed', 'next one:delivered']);
    chat.run('retry', { id: chat.customer()[0]?.id ?? '' });
    expect(chat.deliveries()).toEqual(['next one:delivered', 'refused one:sending']);
    expect(chat.wire()).toEqual(['refused one', 'next one', 'refused one']);
    chat.ack();
    expect(chat.deliveries()).toEqual(['next one:delivered', 'refused one:delivered']);
  });

  it('error 1 naming nothing, following a newMessage, answers it; one naming another request fails no message', () => {
    const chat = withAgent();
    chat.run('send', { text: 'first' });
    chat.error(1, 'Invalid message');
    expect(chat.deliveries()).toEqual(['first:failed']);
    chat.run('send', { text: 'second' });
    chat.error(1, 'Invalid message', 'isTyping');
    chat.answerBarriers();
    expect(chat.deliveries()).toEqual(['first:failed', 'second:delivered']);
    // Nothing in flight: an error 1 is only logged.
    chat.error(1, 'Invalid message');
    expect(chat.deliveries()).toEqual(['first:failed', 'second:delivered']);
    expect(chat.effectsOf('log').filter((e) => e.message.includes('error 1'))).toHaveLength(3);
  });

  it('closeConversation with result: true closes the socket at once; without it the server closes', () => {
    const documented = withAgent();
    documented.notify({ method: 'closeConversation', result: true });
    expect(documented.state.chat.status).toEqual({ kind: 'ended', reason: 'agentClosed' });
    expect(documented.effectsOf('closeConnection')).toHaveLength(1);
    const plain = withAgent();
    plain.notify({ method: 'closeConversation' });
    expect(plain.effectsOf('closeConnection')).toEqual([]);
    expect(plain.effectsOf('stopRetrying')).toHaveLength(1);
    // The close that follows says nothing more; the chat is let go.
    plain.ended({ kind: 'closed', manual: false, code: 1000, everConnected: true });
    expect(plain.texts()).not.toContain(TEXTS.connectionClosed);
    expect(plain.effectsOf('release')).toHaveLength(1);
  });

  it('a fatal error frame: the text as a notice, storage cleared; then "Connection closed, chat has ended" (reason error)', () => {
    const chat = withAgent();
    chat.error(500, 'Internal error');
    expect(chat.texts().at(-1)).toBe('Error code 500 occurred (Internal error)');
    chat.ended({ kind: 'closed', manual: false, code: 1000, everConnected: true });
    expect(chat.state.chat.status).toEqual({ kind: 'ended', reason: 'error' });
    const early = new ChatDriver();
    early.open(false);
    early.error(503, 'Maintenance');
    early.ended({ kind: 'closed', manual: false, code: 1000, everConnected: true });
    expect(early.state.statusCard?.body).toBe(TEXTS.maintenance);
  });
});
