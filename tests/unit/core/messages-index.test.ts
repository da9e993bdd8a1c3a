import { describe, expect, it } from 'vitest';
import { defaultFlags, initialChatView } from '../../../widget/core/chat/initial-state.js';
import { receiveMessage as receive } from '../../../widget/core/chat/messages.js';
import type { ChatView } from '../../../widget/core/chat/state.js';
import { said } from './support/frames.js';

const empty = () => initialChatView();
const receiveMessage = (chat: ChatView, body: ReturnType<typeof said>, _: boolean) =>
  receive(chat, { ...body, senderType: 'live_agent' }, defaultFlags().visibility, false);

describe('already-shown check over a long transcript (nothing doubled, section 4)', () => {
  it('a message already shown is dropped, a new one is added, across 2,000 messages', () => {
    let chat = empty();
    for (let i = 0; i < 2_000; i++) chat = receiveMessage(chat, said('live_agent', `line ${i}`, 1_000 + i), true);
    expect(chat.messages).toHaveLength(2_000);
    expect(receiveMessage(chat, said('live_agent', 'line 7', 1_007), true)).toBe(chat);
    expect(receiveMessage(chat, said('live_agent', 'line 7', 1_008), true).messages).toHaveLength(2_001);
  });

  it('an older state read again after it was extended still answers exactly', () => {
    const before = receiveMessage(empty(), said('live_agent', 'hello', 1), true);
    const after = receiveMessage(before, said('live_agent', 'again', 2), true);
    expect(after.messages).toHaveLength(2);
    // `before` does not contain "again": from it, "again" is new, and "hello" is still known.
    expect(receiveMessage(before, said('live_agent', 'again', 2), true).messages).toHaveLength(2);
    expect(receiveMessage(before, said('live_agent', 'hello', 1), true)).toBe(before);
    expect(receiveMessage(after, said('live_agent', 'again', 2), true)).toBe(after);
  });
});
