import { type RefObject, useEffect, useRef } from 'react';

/**
 * Marks what a keyboard user should land on when a view appears: its heading, a status card, the
 * chat-ended panel (with tabIndex -1). The first in the dialog body wins.
 */
export const VIEW_FOCUS = { 'data-view-focus': '' } as const;

/**
 * Where focus goes in the dialog for the view on show: nowhere while the loader covers the
 * body (the title, which stays in view, holds it); else the composer when it can be typed
 * in; else the view's own mark (VIEW_FOCUS); else the dialog's title.
 */
function viewTarget(dialog: HTMLElement): HTMLElement | null {
  const title = dialog.querySelector<HTMLElement>('.cw-dialog__title');
  if (dialog.querySelector('.cw-loader') !== null) return title;
  return (
    dialog.querySelector<HTMLElement>('.cw-composer__input:not(:disabled)') ??
    dialog.querySelector<HTMLElement>('.cw-dialog__body [data-view-focus]') ??
    title
  );
}

/** The dialog has lost focus: to nothing (the focused element was removed or disabled) or to the inert page. */
function focusLost(dialog: HTMLElement): boolean {
  const root = dialog.getRootNode() as Document | ShadowRoot;
  const active = root.activeElement;
  return active === null || active === dialog.ownerDocument.body || !dialog.contains(active);
}

/**
 * Keyboard users never lose their place (issue 21 item 4): after a triage topic, Start chat,
 * Back, a route cancel or the end of a chat, focus lands on the new view's heading (or card)
 * or on the composer, instead of falling to the page's <body> behind the modal. On a view
 * change (`viewKey`) focus moves to the new view's target; between view changes it moves only
 * when it was lost, or when it rests where this hook put it and a better target appeared (the
 * composer, once an agent joins). The first view is left to the dialog, which focuses itself
 * so its name is announced.
 */
export function useViewFocus(dialogRef: RefObject<HTMLElement | null>, viewKey: string): void {
  const shownKey = useRef(viewKey);
  const placed = useRef<HTMLElement | null>(null);
  // Every commit: the view may have changed, or its focused control gone or disabled.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return;
    const changed = shownKey.current !== viewKey;
    shownKey.current = viewKey;
    // A prompt over the view ('End Chat?') keeps focus itself.
    if (dialog.querySelector('[role="alertdialog"]') !== null) return;
    const active = (dialog.getRootNode() as Document | ShadowRoot).activeElement;
    const target = viewTarget(dialog);
    if (target === null) return;
    const moved = changed || focusLost(dialog) || (active !== null && active === placed.current && active !== target);
    if (!moved || active === target) return;
    target.focus();
    placed.current = target;
  });
}
