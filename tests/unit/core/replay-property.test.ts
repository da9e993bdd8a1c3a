import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NewMessageNotificationBody } from '../../../generated/chat-socket.js';
import { confirmedChat } from './support/chat-driver.js';

const message = fc.record({
  senderType: fc.constantFrom('live_agent' as const, 'bot' as const, 'other' as const),
  text: fc.stringMatching(/^[a-z]{1,6}$/),
  timestamp: fc.integer({ min: 1, max: 50 }),
});

function body(m: { senderType: NewMessageNotificationBody['senderType']; text: string; timestamp: number }) {
  return { method: 'newMessage' as const, type: 'text' as const, message: m.text, ...m };
}

describe('transcript replay (section 4, page refresh; nothing doubled)', () => {
  it('property: replaying any history, in any interleaving, shows each distinct agent message exactly once', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 30 }), (history, picks) => {
        const replay = picks.map((p) => history[p % Math.max(history.length, 1)]).filter((m) => m !== undefined);
        const chat = confirmedChat();
        for (const m of [...history, ...replay, ...history]) chat.notify(body(m));
        const shown = chat.state.chat.messages.map((m) => `${m.kind}|${m.timestamp}|${'text' in m ? m.text : ''}`);
        const distinct = new Set(history.map((m) => `${m.senderType}|${m.timestamp}|${m.text}`));
        expect(shown.length).toBe(distinct.size);
        expect(new Set(shown)).toEqual(distinct);
      }),
    );
  });

  it('property: customer messages typed locally are never doubled by the server showing them back', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,4}$/), { maxLength: 15 }), (typed) => {
        const chat = confirmedChat();
        for (const text of typed) chat.run('send', { text });
        // The server shows each back, twice (an echo, then a replay with the same timestamp).
        typed.forEach((text, i) => {
          for (let shown = 0; shown < 2; shown++)
            chat.notify(body({ senderType: 'customer', text, timestamp: 1000 + i }));
        });
        expect(chat.texts()).toEqual(typed);
        expect(chat.customer().every((m) => m.delivery === 'delivered')).toBe(true);
      }),
    );
  });
});
