/**
 * Issue 14: the widget's storage is namespaced (`chatWidget:guid`), and a chat stored under the
 * spec's plain names by an earlier version is moved once, without ever touching a key the
 * widget did not write (a host page may own `guid`, `contextId`, `initializers`).
 */
import { describe, expect, it, vi } from 'vitest';
import {
  clearUnresumableChat,
  MIGRATED_KEY,
  migrateLegacySession,
  resumableSession,
  STORAGE_KEYS,
  storedInitializers,
} from '../../../widget/core/session/storage-keys.js';
import { createWidgetCore } from '../../../widget/core/widget-core.js';
import { memoryStore, testEnvironment } from './support/fake-env.js';

const NOW = 1_000_000_000;

const hostOwned = { guid: 'a1b2-c3d4', contextId: 'checkout', initializers: '{"theme":"dark"}' };

describe('storage keys (section 3, namespaced)', () => {
  it('every key the widget writes is chatWidget:<spec name>', () => {
    for (const [name, key] of Object.entries(STORAGE_KEYS)) expect(key).toBe(`chatWidget:${name}`);
    expect(MIGRATED_KEY.startsWith('chatWidget:')).toBe(true);
  });

  it('§4 page refresh: resumable only with guid, ak and a timestamp within refreshTimeoutSeconds; reading changes nothing', () => {
    const storage = memoryStore({
      [STORAGE_KEYS.guid]: '42',
      [STORAGE_KEYS.ak]: 'key',
      [STORAGE_KEYS.lastChatRequestTimestamp]: String(NOW - 400_000),
      [STORAGE_KEYS.lastActivityTimestamp]: String(NOW - 100_000),
    });
    expect(resumableSession(storage, NOW, 300)).toEqual({
      guid: 42,
      authenticationKey: 'key',
      lastChatRequestTimestamp: NOW - 400_000,
    });
    expect(resumableSession(storage, NOW + 200_001, 300)).toBeNull();
    storage.removeItem(STORAGE_KEYS.ak);
    expect(resumableSession(storage, NOW, 300)).toBeNull();
    expect(storage.items.size).toBe(3);
  });

  it('stored initializers are read as an object; anything else is none', () => {
    expect(storedInitializers(memoryStore({ [STORAGE_KEYS.initializers]: '{"retryInterval":1234}' }))).toEqual({
      retryInterval: 1234,
    });
    expect(storedInitializers(memoryStore({ [STORAGE_KEYS.initializers]: '[1]' }))).toEqual({});
    expect(storedInitializers(memoryStore({ [STORAGE_KEYS.initializers]: '{broken' }))).toEqual({});
    expect(storedInitializers(memoryStore())).toEqual({});
  });
});

describe('one-time migration from the spec unprefixed names', () => {
  it("copies an earlier widget's chat (guid, ak and timestamp together) and removes nothing", () => {
    const legacy = {
      guid: '42',
      ak: 'key-42',
      lastChatRequestTimestamp: String(NOW - 10_000),
      webChatUrl: 'wss://x/chat',
      customerDetails: '{"firstName":"Ada"}',
    };
    const storage = memoryStore(legacy);
    migrateLegacySession(storage);
    expect(storage.items.get(STORAGE_KEYS.guid)).toBe('42');
    expect(storage.items.get(STORAGE_KEYS.ak)).toBe('key-42');
    expect(storage.items.get(STORAGE_KEYS.webChatUrl)).toBe('wss://x/chat');
    expect(storage.items.get(STORAGE_KEYS.customerDetails)).toBe('{"firstName":"Ada"}');
    for (const [name, value] of Object.entries(legacy)) expect(storage.items.get(name)).toBe(value);
    expect(resumableSession(storage, NOW, 300)?.guid).toBe(42);
  });

  it('leaves host-owned keys of the same names alone, copies none of them and writes nothing', () => {
    const storage = memoryStore(hostOwned);
    migrateLegacySession(storage);
    for (const [name, value] of Object.entries(hostOwned)) expect(storage.items.get(name)).toBe(value);
    expect([...storage.items.keys()].filter((key) => key.startsWith('chatWidget:'))).toEqual([]);
    const empty = memoryStore();
    migrateLegacySession(empty);
    expect(empty.items.size).toBe(0);
  });

  it('marks the origin migrated only when it moved a chat', () => {
    const storage = memoryStore({ guid: '7', ak: 'k', lastChatRequestTimestamp: String(NOW) });
    migrateLegacySession(storage);
    expect(storage.items.get(MIGRATED_KEY)).toBe('1');
  });

  it('runs once: after a chat ended (namespaced keys cleared) the old keys are not copied again', () => {
    const storage = memoryStore({ guid: '7', ak: 'k', lastChatRequestTimestamp: String(NOW) });
    migrateLegacySession(storage);
    for (const key of Object.values(STORAGE_KEYS)) storage.removeItem(key);
    migrateLegacySession(storage);
    expect(storage.items.has(STORAGE_KEYS.guid)).toBe(false);
  });

  it('never overwrites a namespaced chat', () => {
    const storage = memoryStore({
      guid: '7',
      ak: 'old',
      lastChatRequestTimestamp: String(NOW),
      [STORAGE_KEYS.guid]: '8',
    });
    migrateLegacySession(storage);
    expect(storage.items.get(STORAGE_KEYS.guid)).toBe('8');
    expect(storage.items.has(STORAGE_KEYS.ak)).toBe(false);
  });

  it('through the core: on a plain load the host keys guid, contextId and initializers stay untouched', async () => {
    vi.useFakeTimers();
    try {
      const env = testEnvironment();
      for (const [name, value] of Object.entries(hostOwned)) env.storage.setItem(name, value);
      env.fetch = vi.fn(async () => new Response(JSON.stringify({ success: false, maxAttempts: 1 }))) as typeof fetch;
      const core = createWidgetCore(env, {
        locale: 'en-us',
        chatLite: false,
        triage: false,
        hideOnMobile: false,
        energy: false,
        options: {},
        attributes: {},
      });
      core.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(core.getSnapshot().availability.status).toBe('unavailable');
      core.dispose();
      for (const [name, value] of Object.entries(hostOwned)) expect(env.storage.items.get(name)).toBe(value);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('an expired chat is cleared on page load', () => {
  const chat = (requestedAt: number) => ({
    [STORAGE_KEYS.guid]: '42',
    [STORAGE_KEYS.ak]: 'key',
    [STORAGE_KEYS.lastChatRequestTimestamp]: String(requestedAt),
    [STORAGE_KEYS.customerDetails]: '{"firstName":"Ada","email":"ada@example.com"}',
    [STORAGE_KEYS.contextId]: 'ctx-1',
    [STORAGE_KEYS.webChatUrl]: 'wss://x/chat',
  });

  it('removes every chat key of an expired chat, keeps the migration mark and the page own keys', () => {
    const storage = memoryStore({ ...chat(NOW - 301_000), ...hostOwned, [MIGRATED_KEY]: '1' });
    expect(clearUnresumableChat(storage, NOW, 300)).toBeNull();
    expect([...storage.items.keys()].sort()).toEqual([MIGRATED_KEY, ...Object.keys(hostOwned)].sort());
  });

  it('keeps a chat within refreshTimeoutSeconds and returns it', () => {
    const storage = memoryStore(chat(NOW - 299_000));
    expect(clearUnresumableChat(storage, NOW, 300)?.guid).toBe(42);
    expect(storage.items.size).toBe(6);
  });

  it('clears an incomplete chat (no guid, no ak) and the keys a callback left', () => {
    const storage = memoryStore({
      [STORAGE_KEYS.customerDetails]: '{"firstName":"Ada"}',
      [STORAGE_KEYS.callBackFormConfig]: '[]',
      [STORAGE_KEYS.chatAttributes]: '{}',
    });
    clearUnresumableChat(storage, NOW, 300);
    expect(storage.items.size).toBe(0);
  });

  it('a page load with nothing stored writes nothing', () => {
    const storage = memoryStore();
    const writes = vi.spyOn(storage, 'setItem');
    const removes = vi.spyOn(storage, 'removeItem');
    migrateLegacySession(storage);
    clearUnresumableChat(storage, NOW, 300);
    expect(writes).not.toHaveBeenCalled();
    expect(removes).not.toHaveBeenCalled();
  });
});
