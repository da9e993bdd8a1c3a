import { useEffect, useRef } from 'react';
import type { DialogStatus } from '../core/chat/state.js';

/**
 * Modal side effects owned by the view layer, on the host page's own document:
 * the page's body does not scroll while the dialog is open, and focus goes back to the
 * floating button when the dialog closes or minimizes (focus into the dialog is Dialog's job).
 * The button is the start chunk's plain-DOM launcher, outside React: `focusLauncher` shows
 * it for the current state and focuses it.
 */
export function useModal(
  doc: Document,
  status: DialogStatus,
  focusLauncher: (() => void) | undefined,
  onEscape: () => void,
) {
  const open = status === 'open';
  // In a ref, so a new handler each render never re-adds the listener.
  const escapeRef = useRef(onEscape);
  escapeRef.current = onEscape;
  // Escape also closes when focus has left the dialog (e.g. onto the page body after the
  // focused button was disabled); inside the dialog, Dialog handles it and stops it.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') escapeRef.current();
    };
    doc.addEventListener('keydown', onKeyDown);
    return () => doc.removeEventListener('keydown', onKeyDown);
  }, [doc, open]);
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
  // In a ref, so a new function each render never re-runs the effect.
  const focusRef = useRef(focusLauncher);
  focusRef.current = focusLauncher;
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (wasOpen.current && (status === 'closed' || status === 'minimized')) {
      wasOpen.current = false;
      focusRef.current?.();
    }
  }, [open, status]);
}
