/**
 * The persisted chat session of section 3 (browser storage keys) and section 4 (page refresh):
 * expiry after refreshTimeoutSeconds, missing ak/guid/timestamp means expired, and the
 * lastChatRequestTimestamp that tells tabs apart. Keys and the expiry rule: storage-keys.ts.
 */
import {
  PARTICIPANT_TYPE_VALUES,
  type WebOnHoldComfortGroup,
  type WebOnHoldUrlGroup,
} from '../../../generated/chat-socket.js';
import type { ChatParticipant } from '../chat/state.js';
import type { CustomerDetails } from '../customer-details.js';
import type { StorageLike } from '../env.js';
import {
  clearStoredChat,
  clearUnresumableChat,
  parseStoredNumber,
  STORAGE_KEYS,
  type StorageKey,
} from './storage-keys.js';

export { STORAGE_KEYS, type StorageKey } from './storage-keys.js';

/** What a reload needs to restore the composer state and the on-hold messages. */
export interface StoredChatState {
  participants: ChatParticipant[];
  onHold: { comfort: WebOnHoldComfortGroup | null; urls: WebOnHoldUrlGroup | null };
}

/** A session that can be renewed. */
export interface StoredSession {
  guid: number;
  authenticationKey: string;
  lastChatRequestTimestamp: number;
  webChatUrl: string | null;
  contextId: string | null;
  customerDetails: CustomerDetails | null;
  /** The raw stored string: only "false" selects the older widget on resume (section 4 rule 1). */
  useLatestTDS: string | null;
  chatState: StoredChatState | null;
}

export interface SessionStore {
  /** The session if valid; an expired or incomplete one is cleared and null returned. */
  load(now: number, refreshTimeoutSeconds: number): StoredSession | null;
  /** `contextId` null: the service did not say it (an older server); none is kept. */
  saveConfirmed(session: { guid: number; authenticationKey: string; contextId: string | null }): void;
  saveRequestContext(context: { webChatUrl: string; customerDetails: CustomerDetails; useLatestTDS: boolean }): void;
  /** Stamps the last request (requestChat / renewChat / a customer message): tabs compare it. */
  touch(timestamp: number): void;
  /** Stamps activity (any frame either way): only the expiry reads it, so tabs are not confused. */
  touchActivity(timestamp: number): void;
  saveChatState(state: StoredChatState): void;
  lastChatRequestTimestamp(): number | null;
  contextId(): string | null;
  /** Opaque JSON the forms and triage persist (initializers, triageConfig, ...). */
  readJson(key: StorageKey): unknown;
  writeJson(key: StorageKey, value: unknown): void;
  clear(): void;
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const PARTICIPANT_TYPES: ReadonlySet<string> = new Set(PARTICIPANT_TYPE_VALUES);

/** Who is in the room; anything else an older widget stored beside it (visible, isBot) is left out. */
function readParticipant(value: unknown): ChatParticipant | null {
  if (typeof value !== 'object' || value === null) return null;
  const p = value as Record<string, unknown>;
  if (typeof p.id !== 'string' || typeof p.name !== 'string' || typeof p.type !== 'string') return null;
  if (!PARTICIPANT_TYPES.has(p.type)) return null;
  return { id: p.id, name: p.name, type: p.type as ChatParticipant['type'] };
}

/** Storage is the host page's too: anything malformed is dropped, never trusted. */
function readChatState(value: unknown): StoredChatState | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!Array.isArray(v.participants)) return null;
  const participants = v.participants.map(readParticipant);
  if (participants.some((p) => p === null)) return null;
  const onHold = (typeof v.onHold === 'object' && v.onHold !== null ? v.onHold : {}) as Record<string, unknown>;
  const comfort = onHold.comfort as WebOnHoldComfortGroup | null | undefined;
  const urls = onHold.urls as WebOnHoldUrlGroup | null | undefined;
  const comfortOk =
    typeof comfort === 'object' &&
    comfort !== null &&
    typeof comfort.delay === 'number' &&
    Array.isArray(comfort.messages) &&
    comfort.messages.every((m) => typeof m?.message === 'string' && typeof m.sequence === 'number');
  const urlsOk =
    typeof urls === 'object' &&
    urls !== null &&
    typeof urls.holdTime === 'number' &&
    Array.isArray(urls.urls) &&
    urls.urls.every((u) => typeof u?.url === 'string');
  return {
    participants: participants as ChatParticipant[],
    onHold: { comfort: comfortOk ? comfort : null, urls: urlsOk ? urls : null },
  };
}

export function createSessionStore(storage: StorageLike): SessionStore {
  const get = (key: StorageKey) => storage.getItem(STORAGE_KEYS[key]);
  const set = (key: StorageKey, value: string) => storage.setItem(STORAGE_KEYS[key], value);

  const clear = () => clearStoredChat(storage);

  return {
    load(now, refreshTimeoutSeconds) {
      const stamp = clearUnresumableChat(storage, now, refreshTimeoutSeconds);
      if (stamp === null) return null;
      const details = parseJson(get('customerDetails'));
      return {
        ...stamp,
        webChatUrl: get('webChatUrl'),
        contextId: get('contextId'),
        customerDetails: typeof details === 'object' && details !== null ? (details as CustomerDetails) : null,
        useLatestTDS: get('useLatestTDS'),
        chatState: readChatState(parseJson(get('chatState'))),
      };
    },
    saveConfirmed(session) {
      set('guid', String(session.guid));
      set('ak', session.authenticationKey);
      if (session.contextId === null) storage.removeItem(STORAGE_KEYS.contextId);
      else set('contextId', session.contextId);
    },
    saveRequestContext(context) {
      set('webChatUrl', context.webChatUrl);
      set('customerDetails', JSON.stringify(context.customerDetails));
      set('useLatestTDS', String(context.useLatestTDS));
    },
    touch(timestamp) {
      set('lastChatRequestTimestamp', String(timestamp));
    },
    touchActivity(timestamp) {
      set('lastActivityTimestamp', String(timestamp));
    },
    saveChatState(state) {
      set('chatState', JSON.stringify(state));
    },
    lastChatRequestTimestamp: () => parseStoredNumber(get('lastChatRequestTimestamp')),
    contextId: () => get('contextId'),
    readJson: (key) => parseJson(get(key)),
    writeJson: (key, value) => set(key, JSON.stringify(value)),
    clear,
  };
}
