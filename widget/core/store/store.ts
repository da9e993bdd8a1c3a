/**
 * A tiny external store for useSyncExternalStore: closure state, a Set of listeners, and
 * Object.is to skip updates that change nothing. Listeners get the state and the one they saw
 * before, so a fact that changed is found by comparing the two, never by keeping a copy.
 */
export type Listener<S> = (state: S, previous: S) => void;

export interface ReadableStore<S> {
  getSnapshot(): S;
  /** Returns the unsubscribe function. */
  subscribe(listener: Listener<S>): () => void;
}

export interface Store<S, E> extends ReadableStore<S> {
  dispatch(event: E): S;
}

export function createStore<S, E>(initial: S, reducer: (state: S, event: E) => S): Store<S, E> {
  let state = initial;
  /** Each listener with the state it was last given, so `previous` is always what it saw. */
  const listeners = new Map<Listener<S>, { seen: S }>();
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.set(listener, { seen: state });
      return () => {
        listeners.delete(listener);
      };
    },
    dispatch(event) {
      const next = reducer(state, event);
      if (Object.is(next, state)) return state;
      state = next;
      for (const [listener, entry] of [...listeners]) {
        // A listener that dispatched has told the others already (in order): none sees a state twice or goes back.
        if (listeners.get(listener) !== entry || Object.is(entry.seen, state)) continue;
        const previous = entry.seen;
        entry.seen = state;
        listener(state, previous);
      }
      return state;
    },
  };
}
