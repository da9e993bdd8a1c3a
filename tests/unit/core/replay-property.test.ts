import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NewMessageNotificationBody } from '../../../generated/chat-socket.js';
import type { WidgetEvent } from '../../../widget/core/chat/events.js';
import { initialState } from '../../../widget/core/chat/initial-state.js';
import { reduce } from '../../../widget/core/chat/reducer.js';
import { createDelivery } from '../../../widget/core/connection/delivery.js';

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
        const events: WidgetEvent[] = [...history, ...replay, ...history].map((m) => ({
          type: 'messageReceived',
          body: body(m),
        }));
        const state = events.reduce(reduce, initialState());
        const shown = state.chat.messages.map((m) => `${m.kind}|${m.timestamp}|${'text' in m ? m.text : ''}`);
        const distinct = new Set(history.map((m) => `${m.senderType}|${m.timestamp}|${m.text}`));
        expect(shown.length).toBe(distinct.size);
        expect(new Set(shown)).toEqual(distinct);
      }),
    );
  });

  it('property: customer messages typed locally are never doubled by the server showing them back', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,4}$/), { maxLength: 15 }), (typed) => {
        const delivery = createDelivery({ maxSends: 3 });
        let state = initialState();
        typed.forEach((text, i) => {
          state = reduce(state, { type: 'customerMessageQueued', id: `c${i}`, text, at: i });
          delivery.queue({ id: `c${i}`, text });
        });
        delivery.loggedIn(false);
        const { sent } = delivery.flush(() => true, 0);
        state = reduce(state, { type: 'customerMessagesSent', ids: sent });
        // The server shows each back, twice (an echo, then a replay with the same timestamp).
        typed.forEach((text, i) => {
          for (let shown = 0; shown < 2; shown++) {
            const verdict = delivery.customerMessageFromServer(text, 1000 + i);
            if (verdict.kind === 'delivered')
              state = reduce(state, { type: 'customerMessagesDelivered', ids: [verdict.id] });
            if (verdict.kind === 'new') {
              const echo = body({ senderType: 'customer', text, timestamp: 1000 + i });
              state = reduce(state, { type: 'messageReceived', body: echo });
            }
          }
        });
        expect(state.chat.messages.map((m) => ('text' in m ? m.text : ''))).toEqual(typed);
        expect(state.chat.messages.every((m) => m.kind === 'customer' && m.delivery === 'sent')).toBe(true);
      }),
    );
  });
});
