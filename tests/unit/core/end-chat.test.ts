/**
 * End Chat (section 4, ending) has one owner: the chat machine's `ending`. The visitor has moved
 * on at once; the chat lives on only until the server has closeConversation: on the open socket,
 * or on the next one while reconnecting, proven like a message (the answer to a ping after it,
 * or a socket that stayed up the liveness window for a server that never answers pings).
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { ChatEffect } from '../../../widget/core/chat/chat-machine.js';
import { STORAGE_KEYS } from '../../../widget/core/session/storage-keys.js';
import { ChatDriver, confirmedChat, storeWrites } from './support/chat-driver.js';
import { chatting, details, harness, withFakeClock } from './support/core-harness.js';
import { FakeSocket } from './support/fake-env.js';
import { agent, joined, said } from './support/frames.js';

function inChat(): ChatDriver {
  const chat = confirmedChat();
  chat.notify(joined(agent));
  return chat;
}

describe('End Chat in the chat machine', () => {
  it('on an open socket: closeConversation at once, the visitor moved on, the connection closed once the server has it', () => {
    const chat = inChat();
    chat.run('send', { text: 'unsent' });
    const view = chat.chat.view;
    const effects = chat.run('end');
    expect(effects.map((e) => e.type)).toEqual(
      expect.arrayContaining(['analytics', 'clearStored', 'finished', 'send']),
    );
    expect(chat.effectsOf('analytics').at(-1)?.event).toEqual({ name: 'chat_ended', detail: { reason: 'customer' } });
    expect(chat.effectsOf('clearStored')).toHaveLength(1);
    expect(chat.methods(true).slice(-1)).toEqual(['closeConversation']);
    // What the server does not have is not left 'Sending…'.
    expect(chat.deliveries()).toEqual(['unsent:failed']);
    expect(chat.chat.lifecycle).toEqual({ kind: 'ending', delivered: false });
    // Nothing more is shown or stored: the storage and the screen belong to what comes next.
    const shown = chat.chat.view;
    const stores = storeWrites(chat).length;
    chat.notify(said('live_agent', 'Bye', 9));
    chat.run('reconnecting', { attempt: 1 });
    chat.run('activity');
    expect(chat.chat.view).toBe(shown);
    expect(chat.chat.view).not.toBe(view);
    expect(storeWrites(chat)).toHaveLength(stores);
    expect(chat.effectsOf('closeConnection')).toEqual([]);
    chat.answerBarriers();
    expect(chat.effectsOf('closeConnection')).toHaveLength(1);
    chat.ended({ kind: 'closed', manual: true, code: 1000, everConnected: true });
    expect(chat.effectsOf('release')).toHaveLength(1);
    expect(chat.effectsOf('finished')).toHaveLength(1);
  });

  it('while the socket is down: nothing goes out until the next socket, which says which chat (no transcript) and carries it', () => {
    const chat = inChat();
    chat.drop();
    chat.run('reconnecting', { attempt: 1 });
    const before = chat.methods().length;
    chat.run('end');
    expect(chat.methods()).toHaveLength(before);
    expect(chat.effectsOf('closeConnection')).toEqual([]);
    chat.open(true);
    expect(chat.sent(true)).toEqual([
      { method: 'renewChat', guid: 42, authenticationKey: 'key-42', requestFullTranscript: false },
      { method: 'closeConversation' },
    ]);
    expect(chat.texts()).not.toContain('Successfully reconnected');
    // That socket dies before the server has it: the next one carries it again.
    chat.drop();
    chat.open(true);
    expect(chat.methods().filter((m) => m === 'closeConversation')).toHaveLength(2);
    chat.answerBarriers();
    expect(chat.effectsOf('closeConnection')).toHaveLength(1);
  });

  it('a new chat the service never confirmed, on a socket that is gone, cannot be named to it: the connection just closes', () => {
    const chat = new ChatDriver();
    chat.run('end');
    expect(chat.effectsOf('closeConnection')).toHaveLength(1);
    expect(chat.methods()).toEqual([]);
    // Confirmed meanwhile on the open socket: closeConversation goes there.
    const open = new ChatDriver();
    open.open(false);
    open.run('end');
    expect(open.methods()).toEqual(['requestChat', 'closeConversation']);
    expect(open.effectsOf('closeConnection')).toEqual([]);
  });

  it('a server that never answers pings: the socket staying open livenessTimeout is the proof, not a moment sooner', () => {
    const chat = inChat();
    chat.run('end');
    const liveness = chat.config.settings.livenessTimeout;
    chat.advance(liveness - 1);
    expect(chat.effectsOf('closeConnection')).toEqual([]);
    chat.advance(1);
    expect(chat.effectsOf('closeConnection')).toHaveLength(1);
    // One that answers pings is held to the answer.
    const answering = inChat();
    answering.run('pingsAnswered');
    answering.run('end');
    answering.advance(liveness * 3);
    expect(answering.effectsOf('closeConnection')).toEqual([]);
  });

  it('an end the chat already had (the agent closed it) is no visitor end: no second chat_ended', () => {
    const chat = inChat();
    chat.notify({ method: 'closeConversation' });
    chat.run('end');
    expect(chat.effectsOf('analytics').filter((e) => e.event.name === 'chat_ended')).toEqual([
      { type: 'analytics', event: { name: 'chat_ended', detail: { reason: 'agentClosed' } } },
    ]);
  });
});

type AfterEnd =
  | { kind: 'drop' }
  | { kind: 'reconnect' }
  | { kind: 'answer' }
  | { kind: 'notify' }
  | { kind: 'tick'; ms: number }
  | { kind: 'type' };

const afterEnd: fc.Arbitrary<AfterEnd> = fc.oneof(
  fc.constant({ kind: 'drop' as const }),
  fc.constant({ kind: 'reconnect' as const }),
  fc.constant({ kind: 'answer' as const }),
  fc.constant({ kind: 'notify' as const }),
  fc.constant({ kind: 'type' as const }),
  fc.record({ kind: fc.constant('tick' as const), ms: fc.constantFrom(1_000, 5_000, 10_000) }),
);

describe('End Chat (property)', () => {
  it('property: after End Chat nothing is shown or stored, every socket carries only [renewChat without transcript,] closeConversation, and the connection closes only after the proof, once', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.array(afterEnd, { maxLength: 40 }), (socketUp, pongs, steps) => {
        const chat = inChat();
        if (pongs) chat.run('pingsAnswered');
        if (!socketUp) chat.drop();
        let open = socketUp;
        chat.run('end');
        const view = chat.chat.view;
        const stores = storeWrites(chat).length;
        const framesAtEnd = chat.sent().length;
        let proofs = 0;
        let closedAfterProof = false;
        for (const step of steps) {
          const before = chat.effects.length;
          switch (step.kind) {
            case 'drop':
              if (open) chat.drop();
              open = false;
              break;
            case 'reconnect':
              if (!open) {
                const frames = chat.methods().length;
                chat.open(true);
                const sent = chat.sent().slice(frames);
                expect(sent).toEqual([
                  { method: 'renewChat', guid: 42, authenticationKey: 'key-42', requestFullTranscript: false },
                  { method: 'closeConversation' },
                ]);
                open = true;
              }
              break;
            case 'answer':
              if (open && chat.pendingBarriers.length > 0) {
                proofs += 1;
                chat.answerBarrier();
              }
              break;
            case 'notify':
              chat.notify(said('live_agent', 'still here?', 5));
              break;
            case 'type':
              chat.run('send', { text: 'after the end' });
              chat.run('typed');
              break;
            case 'tick':
              // For a server that never answers pings, the socket staying up is the proof.
              chat.advance(step.ms);
              break;
          }
          const closes = chat.effects.slice(before).filter((e: ChatEffect) => e.type === 'closeConnection');
          if (closes.length > 0) closedAfterProof = proofs > 0 || (!pongs && step.kind === 'tick');
        }
        expect(chat.chat.view).toBe(view);
        expect(storeWrites(chat)).toHaveLength(stores);
        const after = chat
          .sent()
          .slice(framesAtEnd)
          .map((body) => body.method);
        expect(after.filter((m) => m !== 'renewChat' && m !== 'closeConversation')).toEqual([]);
        const closes = chat.effectsOf('closeConnection');
        expect(closes.length).toBeLessThanOrEqual(1);
        if (closes.length === 1) expect(closedAfterProof).toBe(true);
        expect(chat.effectsOf('finished')).toHaveLength(1);
      }),
      { numRuns: 500 },
    );
  });
});

describe('End Chat through the core (fake timers)', () => {
  withFakeClock();

  it('ended while reconnecting, then a new chat in this tab: the old one is no move to another tab, and delivers its end', async () => {
    const h = harness();
    await chatting(h);
    const first = FakeSocket.last();
    first.drop(1006);
    h.core.closeDialog();
    h.core.confirmEndChat(true);
    expect(h.env.storage.getItem(STORAGE_KEYS.guid)).toBeNull();
    await vi.advanceTimersByTimeAsync(500);
    h.core.openDialog();
    h.core.startChat(details);
    const next = FakeSocket.last();
    next.open();
    expect(next.methods()[0]).toBe('requestChat');
    // The new chat's timestamp is newer than the old chat's; the old chat still retries.
    await vi.advanceTimersByTimeAsync(3000);
    const retry = FakeSocket.last();
    expect(retry).not.toBe(next);
    retry.open();
    expect(retry.methods()).toEqual(['renewChat', 'closeConversation', 'ping']);
    retry.pong();
    expect(retry.closedWith).toBe(1000);
    expect(h.core.getSnapshot().chat.status.kind).toBe('connecting');
    expect(h.core.getSnapshot().chat.messages.map((m) => ('text' in m ? m.text : m.kind))).not.toContain(
      'Chat was opened in another tab, continue conversation there',
    );
    h.core.dispose();
  });
});
