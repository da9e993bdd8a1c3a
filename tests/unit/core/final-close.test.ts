import { describe, expect, it } from 'vitest';
import { errorCard, finalCloseOutcome } from '../../../widget/core/chat-session/final-close.js';
import { TEXTS } from '../../../widget/core/texts.js';

const base = { status: 'active' as const, confirmed: true, fatalText: null, at: 7 };
const closed = (manual = false) => ({ kind: 'closed' as const, manual, code: 1000, everConnected: true });

describe('final close (section 4, socket lifecycle)', () => {
  it('§4 socket lifecycle: another tab → transferred, the session kept for that tab (the chat session clears it on any other end)', () => {
    expect(finalCloseOutcome({ kind: 'transferred' }, base)).toEqual({
      event: { type: 'transferred', at: 7 },
    });
  });

  it('§8 reconnect: after the maximum retries → Unable to reconnect, chat has ended; session cleared', () => {
    expect(finalCloseOutcome({ kind: 'retriesExhausted' }, base)).toEqual({
      event: { type: 'chatEnded', reason: 'unableToReconnect', notice: TEXTS.unableToReconnect, at: 7 },
    });
  });

  it('§4 socket lifecycle: a chat that had started and was not closed manually → Connection closed, chat has ended', () => {
    expect(finalCloseOutcome(closed(), base).event).toEqual({
      type: 'chatEnded',
      reason: 'connectionClosed',
      notice: TEXTS.connectionClosed,
      at: 7,
    });
    expect(
      finalCloseOutcome(closed(), { ...base, status: 'waiting', fatalText: 'Error code 9 occurred (x)' }).event,
    ).toEqual({ type: 'chatEnded', reason: 'error', notice: TEXTS.connectionClosed, at: 7 });
  });

  it.each(['ended', 'idle', 'transferred'] as const)(
    '§4 socket lifecycle: nothing more to say when the chat is %s',
    (status) => {
      expect(finalCloseOutcome(closed(), { ...base, status })).toEqual({ event: null });
    },
  );

  it('§4 socket lifecycle: a manual close adds nothing', () => {
    expect(finalCloseOutcome(closed(true), base)).toEqual({ event: null });
  });

  it('§4 widget modes: closed before confirmation → error card (with the fatal text when there is one), back to logon', () => {
    const connecting = { ...base, status: 'connecting' as const, confirmed: false };
    expect(finalCloseOutcome(closed(), connecting)).toEqual({
      event: { type: 'chatFailed', card: errorCard() },
    });
    expect(finalCloseOutcome(closed(), { ...connecting, fatalText: TEXTS.maintenance }).event).toEqual({
      type: 'chatFailed',
      card: { tone: 'error', title: 'Something went wrong!', body: TEXTS.maintenance },
    });
  });
});
