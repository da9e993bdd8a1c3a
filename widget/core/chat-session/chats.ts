/**
 * Who holds the chat sessions of one widget: the chat the visitor is in, and every session not
 * released yet (one the visitor ended lives on until closeConversation reached the server).
 * What a session knows (ended, confirmed, what it sent) is its chat machine's; this only keeps
 * them, so every one is disposed with the widget.
 */
import type { ChatSession } from './types.js';

/** What a starting session reports back to its holder. */
export interface ChatHolder {
  finished(outcome: 'ended' | 'resumeRefused'): void;
  released(): void;
}

export interface Chats {
  /** The chat the visitor is in, or null. */
  current(): ChatSession | null;
  /** Starts a chat in place of the current one (let go at once). `create` may finish it before it returns. */
  open(create: (holder: ChatHolder) => ChatSession): void;
  /** End Chat: the current chat lives on only to deliver closeConversation. Returns whether there was one. */
  endCurrent(): boolean;
  /** Lets go of the current chat at once (its socket and timers stop). */
  dropCurrent(): void;
  dispose(): void;
}

export function createChats(onResumeRefused: () => void): Chats {
  let current: ChatSession | null = null;
  const live = new Set<ChatSession>();

  function dropCurrent(): void {
    const session = current;
    current = null;
    if (session === null) return;
    live.delete(session);
    session.dispose();
  }

  return {
    current: () => current,
    open(create) {
      dropCurrent();
      const state: { session: ChatSession | null; finished: boolean; released: boolean } = {
        session: null,
        finished: false,
        released: false,
      };
      const session = create({
        finished(outcome) {
          state.finished = true;
          if (state.session !== null && current === state.session) current = null;
          if (outcome === 'resumeRefused') onResumeRefused();
        },
        released() {
          state.released = true;
          if (state.session !== null) live.delete(state.session);
        },
      });
      state.session = session;
      if (!state.released) live.add(session);
      if (!state.finished) current = session;
    },
    endCurrent() {
      const session = current;
      current = null;
      session?.endChat();
      return session !== null;
    },
    dropCurrent,
    dispose() {
      current = null;
      for (const session of live) session.dispose();
      live.clear();
    },
  };
}
