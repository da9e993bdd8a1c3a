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
 * Adds a message the server has in its transcript, in the server's order as far as this
 * widget can know it. It goes before the first customer message the server cannot have read
 * yet: one not sent (waiting), or, with a server that acknowledges, one not acknowledged.
 * Without acknowledgements a message already sent goes above what arrives after it, so an
 * answer never appears above its question (messages that crossed on the wire may show either
 * way: nobody can tell their order).
 */
function insertFromServer(
  chat: ChatState,
  message: NewMessage,
  countsAsUnread: boolean,
  acknowledging = false,
): ChatState {
  const at = firstUnreadByServer(chat.messages, acknowledging);
  const appended = appendMessage(chat, message, countsAsUnread);
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
      const unread = message.delivery === 'waiting' || (acknowledging && message.delivery === 'pending');
      if (!unread) break;
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

/**
 * A notice of something that happened now on the connection (reconnecting, reconnected): it
 * goes where a server message arriving now would go, so whatever arrives after it sits below
 * it, and the customer messages the server has not read yet (`acknowledging` as for
 * receiveMessage) stay below it, about to go out (again).
 */
export function insertSystem(chat: ChatState, text: string, at: number, acknowledging = false): ChatState {
  return insertFromServer(chat, { kind: 'system', text, timestamp: at }, false, acknowledging);
}

/** Section 4, sender handling: a 'widget' message uses data.text, any other its message. */
export function messageText(body: NewMessageNotificationBody): string {
  const text = body.type === 'widget' ? body.data?.text : body.message;
  return (text ?? '').trim();
}

/** A received newMessage; replayed agent messages already shown (senderType, timestamp, text) are dropped. */
export function receiveMessage(
  chat: ChatState,
  body: NewMessageNotificationBody,
  dialogOpen: boolean,
  acknowledging = false,
): ChatState {
  const text = messageText(body);
  if (text === '') return chat;
  // A customer message reaches here only when delivery.ts found it new (another tab or device).
  if (body.senderType === 'customer') {
    return insertFromServer(
      chat,
      { kind: 'customer', text, timestamp: body.timestamp, delivery: 'sent', failure: null },
      false,
      acknowledging,
    );
  }
  const kind = body.senderType;
  const key = keyOf(kind, body.timestamp, text);
  if (keysOf(chat.messages).has(key)) return chat;
  const next = insertFromServer(
    chat,
    { kind, text, timestamp: body.timestamp, displayName: body.displayName ?? '' },
    !dialogOpen,
    acknowledging,
  );
  handOnKeys(chat.messages, next.messages, key);
  // Section 4, sender handling: a live agent's message removes the typing indicator.
  return kind === 'live_agent' ? { ...next, agentTyping: null } : next;
}
