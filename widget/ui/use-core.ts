import { createContext, useContext, useSyncExternalStore } from 'react';
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
}

export const WidgetContext = createContext<WidgetContextValue | null>(null);

export function useWidget(): WidgetContextValue {
  const value = useContext(WidgetContext);
  if (!value) throw new Error('useWidget: no WidgetContext; render views inside <WidgetRoot>.');
  return value;
}

/** The one store hook: core state through useSyncExternalStore. */
export function useWidgetState(): WidgetState {
  const { core } = useWidget();
  return useSyncExternalStore(core.subscribe, core.getSnapshot, core.getSnapshot);
}
