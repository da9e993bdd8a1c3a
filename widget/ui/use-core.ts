import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import type { Analytics } from '../core/analytics/index.js';
import type { WidgetState } from '../core/chat/state.js';
import type { WidgetCore } from '../core/core-api.js';

/** What the views get from the mount: the core and the document the widget lives in. */
export interface WidgetContextValue {
  core: WidgetCore;
  /** Section 6 analytics for the clicks only the views see (button, Start chat). */
  analytics: Analytics;
  /** The host page's document (the shadow host's ownerDocument), never assumed global. */
  doc: Document;
  /** Moves focus to the floating button (plain DOM, outside React) when the dialog closes. */
  focusLauncher?: () => void;
}

/** A store's subscribe as useSyncExternalStore calls it: a listener that reads the snapshot itself. */
type Subscribe = (listener: () => void) => () => void;

export const WidgetContext = createContext<WidgetContextValue | null>(null);

export function useWidget(): WidgetContextValue {
  const value = useContext(WidgetContext);
  if (!value) throw new Error('useWidget: no WidgetContext; render views inside <WidgetRoot>.');
  return value;
}

/**
 * Redraws at most once per animation frame. A burst of frames (a resumed 2,000-message
 * transcript arrives as 2,000 notifications) is drawn once a frame instead of 2,000 times.
 * The first change after a quiet frame is drawn at once, so a single message never waits
 * (and in a hidden tab, which runs no frames, every change is drawn at once);
 * it opens a one-frame window in which further changes wait for that frame. Reading the
 * snapshot stays exact: the core's state is immutable and always current.
 */
export function frameCoalesced(subscribe: Subscribe, win: Window | null): Subscribe {
  if (!win || typeof win.requestAnimationFrame !== 'function') return subscribe;
  return (listener) => {
    let frame: number | null = null;
    let dirty = false;
    const onFrame = () => {
      frame = null;
      if (!dirty) return;
      dirty = false;
      listener();
      frame = win.requestAnimationFrame(onFrame);
    };
    const unsubscribe = subscribe(() => {
      // A hidden tab runs no animation frames: draw now, or a tab taken over by another
      // would only show 'Chat was opened in another tab' once brought back to the front.
      if (win.document.visibilityState === 'hidden') {
        listener();
        return;
      }
      if (frame !== null) {
        dirty = true;
        return;
      }
      listener();
      frame = win.requestAnimationFrame(onFrame);
    });
    return () => {
      unsubscribe();
      if (frame !== null) win.cancelAnimationFrame(frame);
    };
  };
}

/** The one store hook: core state through useSyncExternalStore, redrawn at most once a frame. */
export function useWidgetState(): WidgetState {
  const { core, doc } = useWidget();
  const subscribe = useMemo(() => frameCoalesced(core.subscribe, doc.defaultView), [core, doc]);
  return useSyncExternalStore(subscribe, core.getSnapshot, core.getSnapshot);
}
