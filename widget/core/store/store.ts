/**
 * A tiny external store for useSyncExternalStore: closure state, a Set of listeners, and
 * Object.is to skip updates that change nothing.
 */
export interface ReadableStore<S> {
  getSnapshot(): S;
  /** Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export interface Store<S, E> extends ReadableStore<S> {
  dispatch(event: E): S;
}

export function createStore<S, E>(initial: S, reducer: (state: S, event: E) => S): Store<S, E> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispatch(event) {
      const next = reducer(state, event);
      if (Object.is(next, state)) return state;
      state = next;
      for (const listener of [...listeners]) listener();
      return state;
    },
  };
}
