/**
 * Where the widget keeps its chat in browser storage, and the one rule for "is there a chat
 * to resume". Storage belongs to the host page as much as to the widget: the spec's own names
 * (`guid`, `contextId`, `initializers`...) are names a site may well use for itself, so every
 * key the widget reads or writes is namespaced `chatWidget:<spec name>`. Small on purpose:
 * the start chunk (before any visitor action) reads it to decide whether to load the chat at
 * once, and the core's session store uses the same keys and the same expiry rule.
 */
import type { StorageLike } from '../env.js';

/** Prefix of every key the widget writes. */
export const STORAGE_PREFIX = 'chatWidget:';

/** The storage keys: the spec's names (section 3), namespaced. */
export const STORAGE_KEYS = {
  customerDetails: 'chatWidget:customerDetails',
  guid: 'chatWidget:guid',
  ak: 'chatWidget:ak',
  webChatUrl: 'chatWidget:webChatUrl',
  initializers: 'chatWidget:initializers',
  triageConfig: 'chatWidget:triageConfig',
  preEngagementConfig: 'chatWidget:preEngagementConfig',
  callBackFormConfig: 'chatWidget:callBackFormConfig',
  chatAttributes: 'chatWidget:chatAttributes',
  lastChatRequestTimestamp: 'chatWidget:lastChatRequestTimestamp',
  contextId: 'chatWidget:contextId',
  useLatestTDS: 'chatWidget:useLatestTDS',
  /** Chosen (not in the spec's list): the last frame either way, so reading counts as activity. */
  lastActivityTimestamp: 'chatWidget:lastActivityTimestamp',
  /** Chosen (not in the spec's list): who is in the room and the on-hold messages, for a reload. */
  chatState: 'chatWidget:chatState',
} as const;

export type StorageKey = keyof typeof STORAGE_KEYS;

/**
 * Set once the one-time move from the spec's unprefixed names has run on this origin. Not a
 * session key: clearing a chat keeps it, or an old unprefixed chat would come back.
 */
export const MIGRATED_KEY = 'chatWidget:migrated';

export function parseStoredNumber(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** What makes a stored chat renewable: the spec's guid, ak and last-request timestamp. */
export interface SessionStamp {
  guid: number;
  authenticationKey: string;
  lastChatRequestTimestamp: number;
}

/** guid (an integer), ak and the timestamp, read under `key(name)`; null when one is missing or unreadable. */
function readStamp(storage: StorageLike, key: (name: StorageKey) => string): SessionStamp | null {
  const guid = parseStoredNumber(storage.getItem(key('guid')));
  const authenticationKey = storage.getItem(key('ak'));
  const timestamp = parseStoredNumber(storage.getItem(key('lastChatRequestTimestamp')));
  if (guid === null || !Number.isInteger(guid) || !authenticationKey || timestamp === null) return null;
  return { guid, authenticationKey, lastChatRequestTimestamp: timestamp };
}

/**
 * Section 4, page refresh: the stored chat if it can be resumed at `now`: guid, ak and the
 * request timestamp present, and the last activity (the later of the request and activity
 * timestamps) within refreshTimeoutSeconds. Reads only; the session store clears.
 */
export function resumableSession(
  storage: StorageLike,
  now: number,
  refreshTimeoutSeconds: number,
): SessionStamp | null {
  const stamp = readStamp(storage, (name) => STORAGE_KEYS[name]);
  if (stamp === null) return null;
  const activity = Math.max(
    stamp.lastChatRequestTimestamp,
    parseStoredNumber(storage.getItem(STORAGE_KEYS.lastActivityTimestamp)) ?? 0,
  );
  return now - activity > refreshTimeoutSeconds * 1000 ? null : stamp;
}

/**
 * Once per origin: a chat that an earlier version of the widget stored under the spec's plain
 * names is copied to the namespaced keys, so a visitor mid-chat during the upgrade keeps it.
 * Only when it is the widget's own (an integer guid, an ak and a numeric lastChatRequestTimestamp
 * together) and no namespaced chat exists. Nothing unprefixed is ever removed or changed: the
 * widget cannot tell its old keys from the page's own keys of the same names. The mark is
 * written only with a migration: a page load with nothing to move writes nothing (issue 21).
 */
export function migrateLegacySession(storage: StorageLike): void {
  if (storage.getItem(MIGRATED_KEY) !== null) return;
  if (storage.getItem(STORAGE_KEYS.guid) !== null) return;
  if (readStamp(storage, (name) => name) === null) return;
  storage.setItem(MIGRATED_KEY, '1');
  for (const name of Object.keys(STORAGE_KEYS) as StorageKey[]) {
    const value = storage.getItem(name);
    if (value !== null) storage.setItem(STORAGE_KEYS[name], value);
  }
}

/** Removes every key of the stored chat (the migration mark stays); a key not there is left alone. */
export function clearStoredChat(storage: StorageLike): void {
  for (const key of Object.values(STORAGE_KEYS)) {
    if (storage.getItem(key) !== null) storage.removeItem(key);
  }
}

/**
 * Section 4, page refresh: "otherwise storage is cleared". A stored chat that cannot be
 * resumed at `now` (expired, or incomplete: no guid, ak or timestamp) is removed at once,
 * personal details with it, whether or not the visitor ever opens the widget again: the start
 * chunk runs this on every page load. Returns the resumable chat, if any.
 */
export function clearUnresumableChat(
  storage: StorageLike,
  now: number,
  refreshTimeoutSeconds: number,
): SessionStamp | null {
  const stamp = resumableSession(storage, now, refreshTimeoutSeconds);
  if (stamp === null) clearStoredChat(storage);
  return stamp;
}

/** Stored chatWidgetParams of the current chat (section 4: re-applied on resume); {} when none or unreadable. */
export function storedInitializers(storage: StorageLike): Record<string, unknown> {
  const text = storage.getItem(STORAGE_KEYS.initializers);
  if (text === null) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
