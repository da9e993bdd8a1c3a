import { describe, expect, it, vi } from 'vitest';
import { frameCoalesced } from '../../../widget/ui/use-core.js';

/** A window whose animation frames the test drives. */
function fakeWindow() {
  const frames = new Map<number, FrameRequestCallback>();
  let next = 1;
  const document = { visibilityState: 'visible' as DocumentVisibilityState };
  const win = {
    document,
    requestAnimationFrame: (callback: FrameRequestCallback) => {
      frames.set(next, callback);
      return next++;
    },
    cancelAnimationFrame: (id: number) => frames.delete(id),
  };
  return {
    win: win as unknown as Window,
    paint: () => {
      const due = [...frames.values()];
      frames.clear();
      for (const callback of due) callback(0);
    },
    pending: () => frames.size,
    hide: () => {
      document.visibilityState = 'hidden';
    },
  };
}

function source() {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: () => {
      for (const listener of listeners) listener();
    },
  };
}

describe('redraws at most once per animation frame', () => {
  it('a single change after a quiet frame is drawn at once', () => {
    const { win, paint } = fakeWindow();
    const store = source();
    const listener = vi.fn();
    frameCoalesced(store.subscribe, win)(listener);
    store.emit();
    expect(listener).toHaveBeenCalledTimes(1);
    paint(); // a frame with no change: the window closes
    store.emit();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('a burst of 2,000 changes within one frame is drawn twice: at once, then at the next frame', () => {
    const { win, paint, pending } = fakeWindow();
    const store = source();
    const listener = vi.fn();
    frameCoalesced(store.subscribe, win)(listener);
    for (let i = 0; i < 2_000; i++) store.emit();
    expect(listener).toHaveBeenCalledTimes(1);
    paint();
    expect(listener).toHaveBeenCalledTimes(2);
    paint(); // nothing changed in that frame: no draw, and no frame is kept waiting
    expect(listener).toHaveBeenCalledTimes(2);
    expect(pending()).toBe(0);
  });

  it('unsubscribing cancels a pending frame, so nothing is drawn after unmount', () => {
    const { win, paint, pending } = fakeWindow();
    const store = source();
    const listener = vi.fn();
    const unsubscribe = frameCoalesced(store.subscribe, win)(listener);
    store.emit();
    store.emit();
    expect(pending()).toBe(1);
    unsubscribe();
    expect(pending()).toBe(0);
    paint();
    store.emit();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('in a hidden tab (no frames run there) every change is drawn at once', () => {
    const { win, hide } = fakeWindow();
    const store = source();
    const listener = vi.fn();
    frameCoalesced(store.subscribe, win)(listener);
    store.emit();
    hide();
    store.emit();
    store.emit();
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('without animation frames (no window) every change is passed straight through', () => {
    const store = source();
    expect(frameCoalesced(store.subscribe, null)).toBe(store.subscribe);
  });
});
