import { describe, expect, it } from 'vitest';
import { errorCard, finalCloseOutcome } from '../../../widget/core/chat/final-close.js';
import { TEXTS } from '../../../widget/core/texts.js';

const base = { status: 'active' as const, confirmed: true, fatalText: null };
const closed = (manual = false) => ({ kind: 'closed' as const, manual, code: 1000, everConnected: true });

describe('final close (section 4, socket lifecycle)', () => {
  it('§4 socket lifecycle: another tab → transferred, the session kept for that tab (the chat machine clears it on any other end)', () => {
    expect(finalCloseOutcome({ kind: 'transferred' }, base)).toEqual({ kind: 'transferred' });
  });

  it('§8 reconnect: after the maximum retries → Unable to reconnect, chat has ended', () => {
    expect(finalCloseOutcome({ kind: 'retriesExhausted' }, base)).toEqual({
      kind: 'ended',
      reason: 'unableToReconnect',
      notice: TEXTS.unableToReconnect,
    });
  });

  it('§4 socket lifecycle: a chat that had started and was not closed manually → Connection closed, chat has ended', () => {
    expect(finalCloseOutcome(closed(), base)).toEqual({
      kind: 'ended',
      reason: 'connectionClosed',
      notice: TEXTS.connectionClosed,
    });
    expect(finalCloseOutcome(closed(), { ...base, status: 'waiting', fatalText: 'Error code 9 occurred (x)' })).toEqual(
      {
        kind: 'ended',
        reason: 'error',
        notice: TEXTS.connectionClosed,
      },
    );
  });

  it.each(['ended', 'idle', 'transferred'] as const)(
    '§4 socket lifecycle: nothing more to say when the chat is %s',
    (status) => {
      expect(finalCloseOutcome(closed(), { ...base, status })).toEqual({ kind: 'none' });
    },
  );

  it('§4 socket lifecycle: a manual close adds nothing', () => {
    expect(finalCloseOutcome(closed(true), base)).toEqual({ kind: 'none' });
  });

  it('§4 widget modes: closed before confirmation → error card (with the fatal text when there is one), back to logon', () => {
    const connecting = { ...base, status: 'connecting' as const, confirmed: false };
    expect(finalCloseOutcome(closed(), connecting)).toEqual({ kind: 'failed', card: errorCard() });
    expect(finalCloseOutcome(closed(), { ...connecting, fatalText: TEXTS.maintenance })).toEqual({
      kind: 'failed',
      card: { tone: 'error', title: 'Something went wrong!', body: TEXTS.maintenance },
    });
  });
});
