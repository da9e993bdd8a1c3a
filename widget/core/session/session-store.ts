/**
 * The persisted chat session of section 3 (browser storage keys) and section 4 (page refresh):
 * expiry after refreshTimeoutSeconds, missing ak/guid/timestamp means expired, and the
 * lastChatRequestTimestamp that tells tabs apart.
 */
import type { CustomerDetails } from '../customer-details.js';
import type { StorageLike } from '../env.js';

/** The storage keys, as the spec names them. */
export const STORAGE_KEYS = {
  customerDetails: 'customerDetails',
  guid: 'guid',
  ak: 'ak',
  webChatUrl: 'webChatUrl',
  initializers: 'initializers',
  triageConfig: 'triageConfig',
  preEngagementConfig: 'preEngagementConfig',
  callBackFormConfig: 'callBackFormConfig',
  chatAttributes: 'chatAttributes',
  lastChatRequestTimestamp: 'lastChatRequestTimestamp',
  contextId: 'contextId',
  useLatestTDS: 'useLatestTDS',
} as const;

export type StorageKey = keyof typeof STORAGE_KEYS;

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
}

export interface SessionStore {
  /** The session if valid; an expired or incomplete one is cleared and null returned. */
  load(now: number, refreshTimeoutSeconds: number): StoredSession | null;
  saveConfirmed(session: { guid: number; authenticationKey: string; contextId: string }): void;
  saveRequestContext(context: { webChatUrl: string; customerDetails: CustomerDetails; useLatestTDS: boolean }): void;
  /** Stamps the last request (requestChat / renewChat / activity). */
  touch(timestamp: number): void;
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

function parseNumber(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

export function createSessionStore(storage: StorageLike): SessionStore {
  const get = (key: StorageKey) => storage.getItem(STORAGE_KEYS[key]);
  const set = (key: StorageKey, value: string) => storage.setItem(STORAGE_KEYS[key], value);

  function clear(): void {
    for (const key of Object.values(STORAGE_KEYS)) storage.removeItem(key);
  }

  return {
    load(now, refreshTimeoutSeconds) {
      const guid = parseNumber(get('guid'));
      const authenticationKey = get('ak');
      const timestamp = parseNumber(get('lastChatRequestTimestamp'));
      const expired =
        guid === null || !authenticationKey || timestamp === null || now - timestamp > refreshTimeoutSeconds * 1000;
      if (expired) {
        clear();
        return null;
      }
      const details = parseJson(get('customerDetails'));
      return {
        guid,
        authenticationKey,
        lastChatRequestTimestamp: timestamp,
        webChatUrl: get('webChatUrl'),
        contextId: get('contextId'),
        customerDetails: typeof details === 'object' && details !== null ? (details as CustomerDetails) : null,
        useLatestTDS: get('useLatestTDS'),
      };
    },
    saveConfirmed(session) {
      set('guid', String(session.guid));
      set('ak', session.authenticationKey);
      set('contextId', session.contextId);
    },
    saveRequestContext(context) {
      set('webChatUrl', context.webChatUrl);
      set('customerDetails', JSON.stringify(context.customerDetails));
      set('useLatestTDS', String(context.useLatestTDS));
    },
    touch(timestamp) {
      set('lastChatRequestTimestamp', String(timestamp));
    },
    lastChatRequestTimestamp: () => parseNumber(get('lastChatRequestTimestamp')),
    contextId: () => get('contextId'),
    readJson: (key) => parseJson(get(key)),
    writeJson: (key, value) => set(key, JSON.stringify(value)),
    clear,
  };
}
