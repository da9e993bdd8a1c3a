/** A session's transcript as both sides see it, and the visitor's typing, from its journal. */
import { describe, expect, it } from 'vitest';
import { timeline, VISITOR_TYPING_MS, visitorTyping } from '../../../agent-console/core/timeline.js';
import { entry, T0 } from './fixtures.js';

describe('the transcript', () => {
  it('messages of both sides and what happened, leaving out what nobody reads', () => {
    const frames = [
      entry('client', { method: 'requestChat', intrinsics: { name: 'Ada' } }),
      entry('server', { method: 'requestChat', guid: 1 }),
      entry('client', { method: 'ping' }),
      entry('server', { method: 'pong' }),
      entry('server', { method: 'newParticipant', agentId: 'a1', displayName: 'Jo', role: 'supervisor_barge' }),
      entry('server', { method: 'isTyping', agentId: 'a1', isTyping: true }),
      entry('server', { method: 'newMessage', displayName: 'Jo', senderType: 'live_agent', message: 'Hello' }),
      entry('client', { method: 'newMessage', message: 'Hi Jo' }),
      entry('server', {
        method: 'newMessage',
        displayName: 'Bot',
        senderType: 'bot',
        type: 'widget',
        data: { text: 'Pick one' },
      }),
      entry('server', { method: 'newAgentFileTransfer', agentName: 'Jo', name: 'brochure.pdf', address: 'http://x/f' }),
      entry('server', { method: 'newPushPageMessage', displayName: 'Jo', pagePushURL: 'https://example.com/' }),
      entry('server', { method: 'participantLeave', agentId: 'a1', leaveReason: 'transfer', endChatFlag: false }),
      entry('server', { code: 503, errorMessage: 'Maintenance' }),
      entry('client', { method: 'renewChat', guid: 1 }),
      entry('server', { method: 'newMessage', senderType: 'live_agent', message: 'old' }, 0, { note: 'replay' }),
      entry('server', { method: 'routeCancel' }, 0, { note: 'not sent: breaks the contract' }),
      entry('server', { method: 'closeConversation' }),
    ];
    expect(
      timeline(frames, 'Ada').map((line) =>
        line.kind === 'message' ? `${line.from} ${line.name}: ${line.text}` : line.text,
      ),
    ).toEqual([
      'Ada asked for a chat',
      'The chat was confirmed',
      'Jo joined as supervisor, barging in',
      'agent Jo: Hello',
      'visitor Ada: Hi Jo',
      'bot Bot: Pick one',
      'Jo shared brochure.pdf',
      'Jo pushed a page: https://example.com/',
      'Jo left (transfer)',
      'Error 503: Maintenance',
      'Ada reconnected (renewChat)',
      'Not sent: not sent: breaks the contract',
      'The chat was closed (closeConversation)',
    ]);
    expect(timeline(frames, 'Ada').find((line) => line.kind === 'event' && line.href)).toMatchObject({
      href: 'http://x/f',
    });
  });
});

describe('the visitor typing', () => {
  it('shows for VISITOR_TYPING_MS after an isTyping true, until a message or a false', () => {
    const typing = entry('client', { method: 'isTyping', isTyping: true }, 1000);
    expect(visitorTyping([typing], T0 + 1000)).toBe(true);
    expect(visitorTyping([typing], T0 + 1000 + VISITOR_TYPING_MS - 1)).toBe(true);
    expect(visitorTyping([typing], T0 + 1000 + VISITOR_TYPING_MS)).toBe(false);
    expect(visitorTyping([typing, entry('server', { method: 'newMessage' })], T0 + 1000)).toBe(true);
    expect(visitorTyping([typing, entry('client', { method: 'newMessage', message: 'x' })], T0 + 1000)).toBe(false);
    expect(visitorTyping([typing, entry('client', { method: 'isTyping', isTyping: false })], T0 + 1000)).toBe(false);
    expect(visitorTyping([], T0)).toBe(false);
  });
});
