/** Adding messages to the chat state: ids, unread counting and transcript de-duplication. */
import type { NewMessageNotificationBody } from '../../../generated/chat-socket.js';
import type { ChatMessage, ChatState } from './state.js';

type NewMessage = ChatMessage extends infer M ? (M extends ChatMessage ? Omit<M, 'id'> : never) : never;

/** Appends with the next id; `countsAsUnread` for messages from the other side. */
export function appendMessage(chat: ChatState, message: NewMessage, countsAsUnread: boolean): ChatState {
  const withId = { ...message, id: `m${chat.nextId}` } as ChatMessage;
  return {
    ...chat,
    messages: [...chat.messages, withId],
    nextId: chat.nextId + 1,
    unread: countsAsUnread ? chat.unread + 1 : chat.unread,
  };
}

/**
 * Adds a message the server has in its transcript. It goes before the first customer message
 * still pending: the server does not have that one yet, so in the server's order (which the
 * visitor's view keeps) everything it sends comes first. Pending messages stay at the bottom.
 */
function insertFromServer(chat: ChatState, message: NewMessage, countsAsUnread: boolean): ChatState {
  const at = firstPendingIndex(chat.messages);
  const appended = appendMessage(chat, message, countsAsUnread);
  if (at === -1) return appended;
  const added = appended.messages.at(-1) as ChatMessage;
  const messages = [...chat.messages.slice(0, at), added, ...chat.messages.slice(at)];
  return { ...appended, messages };
}

/**
 * Pending customer messages are always at the bottom (server messages go before them, and
 * delivery is in order), so the search walks back from the end and stops at the first
 * message the server already has: O(pending) instead of O(transcript) per message.
 */
function firstPendingIndex(messages: readonly ChatMessage[]): number {
  let first = -1;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as ChatMessage;
    if (message.kind === 'customer') {
      if (message.delivery !== 'pending') break;
      first = index;
    } else if (isServerKind(message.kind)) {
      break;
    }
  }
  return first;
}

type ServerKind = 'live_agent' | 'bot' | 'other';

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

function handOnKeys(from: readonly ChatMessage[], to: readonly ChatMessage[], added: string): void {
  const keys = keysOf(from);
  serverKeys.delete(from);
  keys.add(added);
  serverKeys.set(to, keys);
}

export function appendSystem(chat: ChatState, text: string, at: number): ChatState {
  return appendMessage(chat, { kind: 'system', text, timestamp: at }, false);
}

/** Section 4, sender handling: a 'widget' message uses data.text, any other its message. */
export function messageText(body: NewMessageNotificationBody): string {
  const text = body.type === 'widget' ? body.data?.text : body.message;
  return (text ?? '').trim();
}

/**
 * A customer message from the server (a transcript replay or an echo) matches one the widget
 * already shows when the text is the same and it has the same timestamp or is still local.
 * Returns the index to confirm, -1 when it is new, or 'duplicate'.
 */
function matchCustomerMessage(messages: readonly ChatMessage[], text: string, timestamp: number): number | 'duplicate' {
  let firstUnconfirmed = -1;
  for (const [index, message] of messages.entries()) {
    if (message.kind !== 'customer' || message.text !== text) continue;
    if (message.serverTimestamp === timestamp) return 'duplicate';
    if (message.serverTimestamp === null && firstUnconfirmed === -1) firstUnconfirmed = index;
  }
  return firstUnconfirmed;
}

/** A received newMessage; replayed messages already shown (senderType, timestamp, text) are dropped. */
export function receiveMessage(chat: ChatState, body: NewMessageNotificationBody, dialogOpen: boolean): ChatState {
  const text = messageText(body);
  if (text === '') return chat;
  if (body.senderType === 'customer') {
    const match = matchCustomerMessage(chat.messages, text, body.timestamp);
    if (match === 'duplicate') return chat;
    if (match >= 0) {
      const messages = chat.messages.map((message, index) =>
        index === match && message.kind === 'customer'
          ? { ...message, delivery: 'sent' as const, serverTimestamp: body.timestamp }
          : message,
      );
      return { ...chat, messages };
    }
    return insertFromServer(
      chat,
      { kind: 'customer', text, timestamp: body.timestamp, delivery: 'sent', serverTimestamp: body.timestamp },
      false,
    );
  }
  const kind = body.senderType;
  const key = keyOf(kind, body.timestamp, text);
  if (keysOf(chat.messages).has(key)) return chat;
  const next = insertFromServer(
    chat,
    { kind, text, timestamp: body.timestamp, displayName: body.displayName ?? '' },
    !dialogOpen,
  );
  handOnKeys(chat.messages, next.messages, key);
  // Section 4, sender handling: a live agent's message removes the typing indicator.
  return kind === 'live_agent' ? { ...next, agentTyping: null } : next;
}
