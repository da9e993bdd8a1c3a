/**
 * Storage access that never throws: third-party pages often block localStorage (private mode,
 * sandboxed iframes, quota). The first failure switches to an in-memory copy, with one warning.
 */
import type { Logger, StorageLike } from '../env.js';

export function memoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

export function safeStorage(raw: StorageLike | null, logger: Logger): StorageLike {
  const memory = memoryStorage();
  let backend: StorageLike = raw ?? memory;
  if (raw === null) logger.warn('[chat-widget] no browser storage: the chat session lives in memory only');

  function degrade(error: unknown): void {
    if (backend === memory) return;
    backend = memory;
    logger.warn('[chat-widget] browser storage failed; keeping the chat session in memory only', error);
  }

  function attempt<T>(action: (storage: StorageLike) => T): T {
    try {
      return action(backend);
    } catch (error) {
      degrade(error);
      return action(memory);
    }
  }

  return {
    getItem: (key) => attempt((s) => s.getItem(key)),
    setItem: (key, value) => attempt((s) => s.setItem(key, value)),
    removeItem: (key) => attempt((s) => s.removeItem(key)),
  };
}
