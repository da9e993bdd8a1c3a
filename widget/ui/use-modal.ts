import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { DialogStatus } from '../core/chat/state.js';

export interface ModalViewport {
  /** Hide-on-mobile is on: the whole widget is hidden at or below the cutoff (CSS on the host). */
  hideOnMobile: boolean;
  mobileWidthCutoff: number;
}

/**
 * Whether hide-on-mobile hides the widget at the current viewport width. The CSS does the
 * hiding; the modal's side effects (scroll lock, inert page) must follow it, or a dialog
 * resized away would leave the page unable to scroll.
 */
function useHiddenOnViewport(doc: Document, { hideOnMobile, mobileWidthCutoff }: ModalViewport): boolean {
  const query = useMemo(
    () => doc.defaultView?.matchMedia?.(`(max-width: ${mobileWidthCutoff}px)`) ?? null,
    [doc, mobileWidthCutoff],
  );
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!hideOnMobile || query === null) return () => {};
      query.addEventListener('change', listener);
      return () => query.removeEventListener('change', listener);
    },
    [hideOnMobile, query],
  );
  const read = () => hideOnMobile && query?.matches === true;
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * Makes the page under the modal inert (no clicks, no focus, out of the accessibility tree)
 * while it shows: every child of body, since the widget's host sits outside body, on <html>
 * (widget/embed/host.ts). Only elements the widget marked are restored; a page's own inert stays.
 */
function makePageInert(doc: Document): () => void {
  const marked: Element[] = [];
  for (const child of [...doc.body.children]) {
    if (child.hasAttribute('inert')) continue;
    child.setAttribute('inert', '');
    marked.push(child);
  }
  return () => {
    for (const element of marked) element.removeAttribute('inert');
  };
}

/**
 * Modal side effects owned by the view layer, on the host page's own document, while the
 * dialog is open and shown: the page's body does not scroll, the rest of the page is inert
 * and Escape closes. Focus goes back to the floating button when the dialog closes or
 * minimizes (focus into the dialog is Dialog's job). The button is the start chunk's plain-DOM
 * launcher, outside React: `focusLauncher` shows it for the current state and focuses it.
 */
export function useModal(
  doc: Document,
  status: DialogStatus,
  focusLauncher: (() => void) | undefined,
  onEscape: () => void,
  viewport: ModalViewport,
) {
  const open = status === 'open';
  const hidden = useHiddenOnViewport(doc, viewport);
  const active = open && !hidden;
  // In a ref, so a new handler each render never re-adds the listener.
  const escapeRef = useRef(onEscape);
  escapeRef.current = onEscape;
  // Escape also closes when focus has left the dialog (e.g. onto the page body after the
  // focused button was disabled); inside the dialog, Dialog handles it and stops it.
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') escapeRef.current();
    };
    doc.addEventListener('keydown', onKeyDown);
    return () => doc.removeEventListener('keydown', onKeyDown);
  }, [doc, active]);
  useEffect(() => {
    if (!active) return;
    const body = doc.body;
    const previous = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previous;
    };
  }, [doc, active]);
  useEffect(() => {
    if (!active) return;
    return makePageInert(doc);
  }, [doc, active]);

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
