import { useEffect } from 'react';
import type { WidgetCore } from '../core/core-api.js';

/**
 * Back/forward cache: a page restored from it (pageshow with persisted) has lost its chat
 * socket while frozen; the chat reconnects at once (renewChat with the full transcript)
 * instead of waiting for the retry interval.
 */
export function usePageLifecycle(doc: Document, core: Pick<WidgetCore, 'pageShown'>): void {
  useEffect(() => {
    const win = doc.defaultView;
    if (!win) return;
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) core.pageShown();
    };
    win.addEventListener('pageshow', onPageShow);
    return () => win.removeEventListener('pageshow', onPageShow);
  }, [doc, core]);
}
