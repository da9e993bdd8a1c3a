/**
 * Issue 24: one chat keeps at most TRANSCRIPT_CAP messages in memory. Past it the oldest go,
 * TRANSCRIPT_DROP at a time; the count dropped is in the chat's view (the transcript says so);
 * a replay of the whole transcript after a renew does not bring the dropped ones back; a message
 * the visitor wrote that has not gone out is never dropped.
 */
import { describe, expect, it } from 'vitest';
import { TRANSCRIPT_CAP, TRANSCRIPT_DROP } from '../../../widget/core/chat/transcript-cap.js';
import { type ChatDriver, confirmedChat } from './support/chat-driver.js';
import { agent, joined, said } from './support/frames.js';

const T0 = 2_000_000;

function flood(chat: ChatDriver, from: number, to: number): void {
  for (let n = from; n <= to; n++) chat.notify(said('live_agent', `line ${n}`, T0 + n));
}

describe('the transcript cap (issue 24)', () => {
  it(`keeps at most ${TRANSCRIPT_CAP} messages: the oldest go ${TRANSCRIPT_DROP} at a time and the count dropped is kept`, () => {
    const chat = confirmedChat();
    chat.notify(joined(agent));
    const before = chat.state.chat.messages.length;
    flood(chat, 1, TRANSCRIPT_CAP - before);
    expect(chat.state.chat.messages).toHaveLength(TRANSCRIPT_CAP);
    expect(chat.state.chat.dropped).toBe(0);
    flood(chat, TRANSCRIPT_CAP - before + 1, TRANSCRIPT_CAP - before + 1);
    expect(chat.state.chat.messages).toHaveLength(TRANSCRIPT_CAP + 1 - TRANSCRIPT_DROP);
    expect(chat.state.chat.dropped).toBe(TRANSCRIPT_DROP);
    // 20,000 messages in all: never more than the cap, the newest last, every drop counted.
    flood(chat, TRANSCRIPT_CAP - before + 2, 20_000);
    const { messages, dropped } = chat.state.chat;
    expect(messages.length).toBeLessThanOrEqual(TRANSCRIPT_CAP);
    expect(dropped + messages.length).toBe(20_000 + before);
    expect(chat.texts().at(-1)).toBe('line 20000');
    expect(chat.texts()[0]).toBe(`line ${dropped - before + 1}`);
    // Outside a replay a new message is shown whatever its time says (a server's clocks may disagree).
    chat.notify(said('live_agent', 'from a slow clock', T0 + 1));
    expect(chat.texts().at(-1)).toBe('from a slow clock');
  });

  it('a replay of the whole transcript after a renew adds nothing: the dropped messages stay out, the kept ones are not doubled', () => {
    const chat = confirmedChat();
    chat.notify(joined(agent));
    flood(chat, 1, 6_000);
    const kept = chat.texts();
    chat.drop();
    chat.open(true);
    flood(chat, 1, 6_000);
    chat.answerBarriers();
    expect(chat.texts().filter((line) => line.startsWith('line '))).toEqual(
      kept.filter((line) => line.startsWith('line ')),
    );
    // What comes after the replay is new and shown.
    flood(chat, 6_001, 6_001);
    expect(chat.texts().at(-1)).toBe('line 6001');
  });

  it('a message the visitor wrote that has not gone out is never dropped, even past the cap', () => {
    const chat = confirmedChat();
    chat.notify(joined(agent));
    flood(chat, 1, 10);
    chat.drop();
    // Offline: every message the visitor writes waits in the transcript for the socket.
    const waiting = TRANSCRIPT_CAP - 5;
    for (let n = 0; n < waiting; n++) chat.run('send', { text: `mine ${n}` });
    flood(chat, 11, 30);
    const queued = chat.deliveries().filter((line) => line.endsWith(':queued'));
    expect(queued).toHaveLength(waiting);
    expect(queued[0]).toBe('mine 0:queued');
    // What could go (the service's older lines above them) went.
    expect(chat.state.chat.dropped).toBeGreaterThan(0);
    expect(chat.texts()).not.toContain('line 1');
  });
});
