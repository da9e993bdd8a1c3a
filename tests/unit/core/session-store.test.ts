import { describe, expect, it, vi } from 'vitest';
import { memoryStorage, safeStorage } from '../../../widget/core/session/safe-storage.js';
import { createSessionStore, STORAGE_KEYS, type StorageKey } from '../../../widget/core/session/session-store.js';
import { memoryStore } from './support/fake-env.js';

const NOW = 1_000_000_000;

function namespaced(values: Record<string, string>) {
  return memoryStore(
    Object.fromEntries(Object.entries(values).map(([name, value]) => [STORAGE_KEYS[name as StorageKey], value])),
  );
}

/** Storage holding a chat, given by the spec's names; kept under the widget's namespaced keys. */
function stored(extra: Record<string, string> = {}) {
  return namespaced({
    guid: '42',
    ak: 'key-42',
    lastChatRequestTimestamp: String(NOW - 60_000),
    webChatUrl: 'wss://x/chat',
    contextId: 'WR-1',
    customerDetails: JSON.stringify({ firstName: 'Ada' }),
    useLatestTDS: 'false',
    triageConfig: '{"a":1}',
    ...extra,
  });
}

describe('session store (sections 3 and 4, page refresh)', () => {
  it('§3 browser storage keys: every key of the spec has a name', () => {
    expect(Object.keys(STORAGE_KEYS)).toEqual([
      'customerDetails',
      'guid',
      'ak',
      'webChatUrl',
      'initializers',
      'triageConfig',
      'preEngagementConfig',
      'callBackFormConfig',
      'chatAttributes',
      'lastChatRequestTimestamp',
      'contextId',
      'useLatestTDS',
      'lastActivityTimestamp',
      'chatState',
    ]);
  });

  it('§4 page refresh: a session whose last request is within refreshTimeoutSeconds is reused', () => {
    const session = createSessionStore(stored());
    expect(session.load(NOW, 300)).toEqual({
      guid: 42,
      authenticationKey: 'key-42',
      lastChatRequestTimestamp: NOW - 60_000,
      webChatUrl: 'wss://x/chat',
      contextId: 'WR-1',
      customerDetails: { firstName: 'Ada' },
      useLatestTDS: 'false',
      chatState: null,
    });
  });

  it('§4 page refresh: activity (a frame either way) keeps the session resumable, without touching the request timestamp', () => {
    const storage = stored({ lastChatRequestTimestamp: String(NOW - 400_000) });
    const session = createSessionStore(storage);
    session.touchActivity(NOW - 10_000);
    expect(storage.items.get(STORAGE_KEYS.lastChatRequestTimestamp)).toBe(String(NOW - 400_000));
    expect(session.load(NOW, 300)?.guid).toBe(42);
    expect(createSessionStore(stored({ lastChatRequestTimestamp: String(NOW - 400_000) })).load(NOW, 300)).toBeNull();
  });

  it("participants and on-hold groups are stored with the session; malformed ones (storage is the page's too) are dropped", () => {
    const storage = stored();
    const session = createSessionStore(storage);
    const participants = [{ id: 'agent-7', name: 'Sam', type: 'active_participant' as const }];
    const comfort = { groupName: 'g', delay: 20, numberOfMessages: 1, messages: [{ message: 'Hold on', sequence: 1 }] };
    session.saveChatState({ participants, onHold: { comfort, urls: null } });
    expect(session.load(NOW, 300)?.chatState).toEqual({ participants, onHold: { comfort, urls: null } });
    storage.setItem(STORAGE_KEYS.chatState, JSON.stringify({ participants: [{ id: 1 }] }));
    expect(session.load(NOW, 300)?.chatState).toBeNull();
    storage.setItem(STORAGE_KEYS.chatState, JSON.stringify({ participants, onHold: { comfort: { delay: 'soon' } } }));
    expect(session.load(NOW, 300)?.chatState).toEqual({ participants, onHold: { comfort: null, urls: null } });
    storage.setItem(STORAGE_KEYS.chatState, '{not json');
    expect(session.load(NOW, 300)?.chatState).toBeNull();
    // What an older widget stored beside a participant (whether it was shown) is read past, not trusted.
    const older = [{ ...participants[0], visible: false, isBot: true }];
    storage.setItem(STORAGE_KEYS.chatState, JSON.stringify({ participants: older, onHold: {} }));
    expect(session.load(NOW, 300)?.chatState?.participants).toEqual(participants);
  });

  it("a confirmation without a context id keeps none: an earlier chat's is not taken for this one's", () => {
    const storage = stored();
    const session = createSessionStore(storage);
    session.saveConfirmed({ guid: 7, authenticationKey: 'k', contextId: 'WR-1' });
    session.saveConfirmed({ guid: 8, authenticationKey: 'k8', contextId: null });
    expect(storage.getItem(STORAGE_KEYS.contextId)).toBeNull();
    expect(session.load(NOW, 300)).toMatchObject({ guid: 8, authenticationKey: 'k8', contextId: null });
  });

  it('§4 page refresh: older than refreshTimeoutSeconds is expired and storage is cleared', () => {
    const storage = stored({ lastChatRequestTimestamp: String(NOW - 300_001) });
    expect(createSessionStore(storage).load(NOW, 300)).toBeNull();
    expect(storage.items.size).toBe(0);
    expect(
      createSessionStore(stored({ lastChatRequestTimestamp: String(NOW - 300_000) })).load(NOW, 300),
    ).not.toBeNull();
  });

  it.each(['ak', 'guid', 'lastChatRequestTimestamp'])('§4 page refresh: a missing %s means expired', (key) => {
    const storage = stored();
    storage.removeItem(STORAGE_KEYS[key as StorageKey]);
    expect(createSessionStore(storage).load(NOW, 300)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('§4 page refresh: unreadable values count as missing', () => {
    expect(createSessionStore(stored({ guid: 'abc' })).load(NOW, 300)).toBeNull();
    const loaded = createSessionStore(stored({ customerDetails: '{broken' })).load(NOW, 300);
    expect(loaded?.customerDetails).toBeNull();
  });

  it('§3 saves the confirmed session, the request context and the timestamp that tells tabs apart', () => {
    const storage = memoryStore();
    const session = createSessionStore(storage);
    session.saveRequestContext({ webChatUrl: 'wss://x/chat', customerDetails: { email: 'a@b.c' }, useLatestTDS: true });
    session.saveConfirmed({ guid: 7, authenticationKey: 'k', contextId: 'WR-7' });
    session.touch(NOW);
    session.writeJson('triageConfig', { topics: 2 });
    expect(Object.fromEntries(storage.items)).toEqual({
      'chatWidget:webChatUrl': 'wss://x/chat',
      'chatWidget:customerDetails': '{"email":"a@b.c"}',
      'chatWidget:useLatestTDS': 'true',
      'chatWidget:guid': '7',
      'chatWidget:ak': 'k',
      'chatWidget:contextId': 'WR-7',
      'chatWidget:lastChatRequestTimestamp': String(NOW),
      'chatWidget:triageConfig': '{"topics":2}',
    });
    expect(session.lastChatRequestTimestamp()).toBe(NOW);
    expect(session.contextId()).toBe('WR-7');
    expect(session.readJson('triageConfig')).toEqual({ topics: 2 });
    session.clear();
    expect(storage.items.size).toBe(0);
    expect(session.readJson('triageConfig')).toBeNull();
  });
});

describe('safe storage (a throwing localStorage degrades to memory)', () => {
  it('falls back to memory with one warning when storage throws', () => {
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const storage = safeStorage(throwing, logger);
    storage.setItem('guid', '1');
    expect(storage.getItem('guid')).toBe('1');
    storage.removeItem('guid');
    expect(storage.getItem('guid')).toBeNull();
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });

  it('uses memory when the page gives no storage, and the real one when it works', () => {
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const none = safeStorage(null, logger);
    none.setItem('a', 'b');
    expect(none.getItem('a')).toBe('b');
    expect(logger.warn).toHaveBeenCalledTimes(1);
    const backing = memoryStorage();
    const real = safeStorage(backing, logger);
    real.setItem('x', 'y');
    expect(backing.getItem('x')).toBe('y');
  });
});
