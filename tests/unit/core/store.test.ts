import { describe, expect, it, vi } from 'vitest';
import { createStore } from '../../../widget/core/store/store.js';

describe('store (useSyncExternalStore contract)', () => {
  it('notifies subscribers on change, skips no-op updates (Object.is), and unsubscribes', () => {
    const store = createStore<{ n: number }, 'inc' | 'noop'>({ n: 0 }, (state, event) =>
      event === 'inc' ? { n: state.n + 1 } : state,
    );
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getSnapshot();
    store.dispatch('noop');
    expect(listener).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toBe(before);
    store.dispatch('inc');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual({ n: 1 });
    expect(store.getSnapshot()).toBe(store.getSnapshot());
    unsubscribe();
    store.dispatch('inc');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
