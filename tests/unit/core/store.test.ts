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

  it('listeners get the state and the one they saw before, in order, also when a listener dispatches', () => {
    const store = createStore<{ n: number }, 'inc'>({ n: 0 }, (state) => ({ n: state.n + 1 }));
    const seen: [number, number][] = [];
    // The first listener dispatches once more from inside the notification of n = 1.
    store.subscribe((state) => {
      if (state.n === 1) store.dispatch('inc');
    });
    store.subscribe((state, previous) => seen.push([previous.n, state.n]));
    store.dispatch('inc');
    store.dispatch('inc');
    // Every change once, none twice, never backwards: 0 → 2 (1 was replaced before it was told), 2 → 3.
    expect(seen).toEqual([
      [0, 2],
      [2, 3],
    ]);
  });

  it('a listener subscribed later is told of changes from the state it subscribed at', () => {
    const store = createStore<{ n: number }, 'inc'>({ n: 0 }, (state) => ({ n: state.n + 1 }));
    store.dispatch('inc');
    const listener = vi.fn();
    store.subscribe(listener);
    store.dispatch('inc');
    expect(listener).toHaveBeenCalledWith({ n: 2 }, { n: 1 });
  });
});
