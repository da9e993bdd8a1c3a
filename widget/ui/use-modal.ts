import { type RefObject, useEffect, useRef } from 'react';
import type { DialogStatus } from '../core/chat/state.js';

/**
 * Modal side effects owned by the view layer, on the host page's own document:
 * the page's body does not scroll while the dialog is open, and focus goes back to the
 * floating button when the dialog closes or minimizes (focus into the dialog is Dialog's job).
 */
export function useModal(doc: Document, status: DialogStatus, launcherRef: RefObject<HTMLButtonElement | null>) {
  const open = status === 'open';
  useEffect(() => {
    if (!open) return;
    const body = doc.body;
    const previous = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previous;
    };
  }, [doc, open]);

  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (wasOpen.current && (status === 'closed' || status === 'minimized')) {
      wasOpen.current = false;
      launcherRef.current?.focus();
    }
  }, [open, status, launcherRef]);
}

/** Current viewport width of the host page, kept up to date (hide-on-mobile). */
export function viewportWidth(doc: Document): number {
  return doc.defaultView?.innerWidth ?? doc.documentElement.clientWidth;
}
