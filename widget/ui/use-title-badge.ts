import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { type Catalogue, fill } from './i18n/catalogue.js';

function useTabHidden(doc: Document): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      doc.addEventListener('visibilitychange', listener);
      return () => doc.removeEventListener('visibilitychange', listener);
    },
    [doc],
  );
  return useSyncExternalStore(
    subscribe,
    () => doc.visibilityState === 'hidden',
    () => false,
  );
}

/**
 * A visitor in another tab learns that the agent answered: while this tab is hidden, the page
 * title starts with the number of messages that arrived since ("(2) Page title"); the page's
 * own title comes back when the tab is shown again. A title the page changes meanwhile wins.
 * `received`: the messages the other side sent so far (the chat's count of them).
 */
export function useTitleBadge(doc: Document, received: number, catalogue: Catalogue): void {
  const hidden = useTabHidden(doc);
  const since = useRef<{ seen: number; title: string; shown: string | null } | null>(null);
  useEffect(() => {
    if (!hidden) {
      const was = since.current;
      since.current = null;
      if (was?.shown != null && doc.title === was.shown) doc.title = was.title;
      return;
    }
    if (since.current === null) {
      since.current = { seen: received, title: doc.title, shown: null };
      return;
    }
    const badge = since.current;
    const unread = received - badge.seen;
    // The page retitled itself while hidden: that title is the one to badge and to restore.
    if (badge.shown !== null && doc.title !== badge.shown) badge.title = doc.title;
    if (unread <= 0) return;
    const next = fill(catalogue.ui.unreadTitle, catalogue.language, unread, badge.title);
    badge.shown = next;
    doc.title = next;
  }, [doc, hidden, received, catalogue]);
  // Leaving the page (unmount) puts the page's title back.
  useEffect(
    () => () => {
      const was = since.current;
      if (was?.shown != null && doc.title === was.shown) doc.title = was.title;
    },
    [doc],
  );
}
