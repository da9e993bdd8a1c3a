/** Adding messages to the chat: ids, counting what the other side sent, and transcript de-duplication. */
import type { NewMessageNotificationBody } from '../../../generated/chat-socket.js';
import type { ChatMessage, ChatView } from './state.js';
import { shownName, type VisibilityRules } from './visibility.js';

export type NewMessage = ChatMessage extends infer M ? (M extends ChatMessage ? Omit<M, 'id'> : never) : never;

/** Appends with the next id; `fromOtherSide` for messages the agent side sent (the unread badge counts them). */
export function appendMessage(chat: ChatView, message: NewMessage, fromOtherSide: boolean): ChatView {
  const withId = { ...message, id: `m${chat.nextId}` } as ChatMessage;
  return {
    ...chat,
    messages: [...chat.messages, withId],
    nextId: chat.nextId + 1,
    received: fromOtherSide ? chat.received + 1 : chat.received,
  };
}

/**
 * Adds a message the server has in its transcript, in the server's order as far as this
 * widget can know it. It goes before the first customer message the server cannot have read
 * yet: one not sent (queued), or, with a server that acknowledges, one not acknowledged.
 * Without acknowledgements a message already sent goes above what arrives after it, so an
 * answer never appears above its question (messages that crossed on the wire may show either
 * way: nobody can tell their order).
 */
function insertFromServer(
  chat: ChatView,
  message: NewMessage,
  fromOtherSide: boolean,
  acknowledging: boolean,
): ChatView {
  const at = firstUnreadByServer(chat.messages, acknowledging);
  const appended = appendMessage(chat, message, fromOtherSide);
  if (at === -1) return appended;
  const added = appended.messages.at(-1) as ChatMessage;
  const messages = [...chat.messages.slice(0, at), added, ...chat.messages.slice(at)];
  return { ...appended, messages };
}

/**
 * Customer messages the server has not read are always at the bottom (server messages go
 * before them, and sending is in order), so the search walks back from the end and stops at
 * the first one it has: O(unread) instead of O(transcript) per message.
 */
function firstUnreadByServer(messages: readonly ChatMessage[], acknowledging: boolean): number {
  let first = -1;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as ChatMessage;
    if (message.kind === 'customer') {
      const unread = message.delivery === 'queued' || (acknowledging && message.delivery === 'sending');
      if (!unread) break;
      first = index;
    } else if (isServerKind(message.kind)) {
      break;
    }
  }
  return first;
}

type ServerKind = 'live_agent' | 'bot' | 'other';
export type AgentSender = ServerKind;

function isServerKind(kind: ChatMessage['kind']): kind is ServerKind {
  return kind === 'live_agent' || kind === 'bot' || kind === 'other';
}

function keyOf(kind: ServerKind, timestamp: number, text: string): string {
  return `${kind}\u0000${timestamp}\u0000${text}`;
}

/**
 * The (kind, timestamp, text) of every server message of a messages array, for the "already
 * shown" check. Built once per array and handed on to the array that extends it, so a long
 * transcript costs O(1) per new message instead of a scan; an array read again after it was
 * extended is rebuilt, so the answer is always exact (states stay immutable from outside).
 */
const serverKeys = new WeakMap<readonly ChatMessage[], Set<string>>();

function keysOf(messages: readonly ChatMessage[]): Set<string> {
  let keys = serverKeys.get(messages);
  if (keys === undefined) {
    keys = new Set();
    for (const message of messages) {
      if (isServerKind(message.kind) && 'text' in message)
        keys.add(keyOf(message.kind, message.timestamp, message.text));
    }
    serverKeys.set(messages, keys);
  }
  return keys;
}

/**
 * The transcript without its first `count` messages: their "already shown" keys go with them,
 * so the key set stays as bounded as the transcript (chat/transcript-cap.ts).
 */
export function withoutOldest(messages: readonly ChatMessage[], count: number): readonly ChatMessage[] {
  const kept = messages.slice(count);
  const keys = serverKeys.get(messages);
  if (keys !== undefined) {
    serverKeys.delete(messages);
    for (const message of messages.slice(0, count)) {
      if (isServerKind(message.kind) && 'text' in message)
        keys.delete(keyOf(message.kind, message.timestamp, message.text));
    }
    serverKeys.set(kept, keys);
  }
  return kept;
}

function handOnKeys(from: readonly ChatMessage[], to: readonly ChatMessage[], added: string): void {
  const keys = keysOf(from);
  serverKeys.delete(from);
  keys.add(added);
  serverKeys.set(to, keys);
}

export function appendSystem(chat: ChatView, text: string, at: number): ChatView {
  return appendMessage(chat, { kind: 'system', text, timestamp: at }, false);
}

/**
 * A notice of something that happened now on the connection (reconnecting, reconnected): it
 * goes where a server message arriving now would go, so whatever arrives after it sits below
 * it, and the customer messages the server has not read yet (`acknowledging` as for
 * receiveMessage) stay below it, about to go out (again).
 */
export function insertSystem(chat: ChatView, text: string, at: number, acknowledging: boolean): ChatView {
  return insertFromServer(chat, { kind: 'system', text, timestamp: at }, false, acknowledging);
}

/**
 * Where `insertSystem` would put a notice now, kept for later: the id of the message it would
 * follow (null: the top). A notice said later (once the server accepted a reconnection) still
 * goes where it happened.
 */
export function noticeAnchor(chat: ChatView, acknowledging: boolean): string | null {
  const first = firstUnreadByServer(chat.messages, acknowledging);
  const index = first === -1 ? chat.messages.length : first;
  return index === 0 ? null : (chat.messages[index - 1] as ChatMessage).id;
}

/** A notice right after the message `after` (null: at the top; gone since: at the end). */
export function insertSystemAfter(chat: ChatView, after: string | null, text: string, at: number): ChatView {
  const appended = appendSystem(chat, text, at);
  const index = after === null ? 0 : chat.messages.findIndex((m) => m.id === after) + 1;
  if (after !== null && index === 0) return appended;
  const added = appended.messages.at(-1) as ChatMessage;
  return { ...appended, messages: [...chat.messages.slice(0, index), added, ...chat.messages.slice(index)] };
}

/** Section 4, sender handling: a 'widget' message uses data.text, any other its message. */
export function messageText(body: NewMessageNotificationBody): string {
  const text = body.type === 'widget' ? body.data?.text : body.message;
  return (text ?? '').trim();
}

/**
 * A customer message of this chat the server has and this widget never showed (sent from
 * another tab or device; chat/outbox.ts decides): in the server's order, already delivered.
 */
export function receiveCustomerMessage(
  chat: ChatView,
  text: string,
  timestamp: number,
  acknowledging: boolean,
): ChatView {
  const outbox = { seq: null, sentAt: 0, sends: 0, shownAt: timestamp };
  const message = { kind: 'customer' as const, text, timestamp, delivery: 'delivered' as const, failure: null, outbox };
  return insertFromServer(chat, message, false, acknowledging);
}

/**
 * A received agent-side newMessage; replayed ones already shown (senderType, timestamp, text)
 * are dropped. Its sender is named as section 6 lets the visitor see them (visibility.ts).
 */
export function receiveMessage(
  chat: ChatView,
  body: NewMessageNotificationBody & { senderType: AgentSender },
  rules: VisibilityRules,
  acknowledging: boolean,
): ChatView {
  const text = messageText(body);
  if (text === '') return chat;
  const kind = body.senderType;
  const key = keyOf(kind, body.timestamp, text);
  if (keysOf(chat.messages).has(key)) return chat;
  const displayName = shownName(body.displayName ?? '', kind, chat.participants, rules);
  const next = insertFromServer(chat, { kind, text, timestamp: body.timestamp, displayName }, true, acknowledging);
  handOnKeys(chat.messages, next.messages, key);
  // Section 4, sender handling: a live agent's message removes the typing indicator.
  return kind === 'live_agent' ? { ...next, agentTyping: null } : next;
}
