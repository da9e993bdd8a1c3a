import { type CSSProperties, useCallback, useSyncExternalStore } from 'react';

/**
 * The visual viewport (the part of the page not covered by the on-screen keyboard), as CSS
 * variables for the dialog: on a phone the full-screen dialog takes its height and offset, so
 * the composer stays above the keyboard instead of under it. Without VisualViewport the CSS
 * falls back to 100dvh.
 */
export function useVisualViewportStyle(doc: Document): CSSProperties | undefined {
  const viewport = doc.defaultView?.visualViewport ?? null;
  const subscribe = useCallback(
    (listener: () => void) => {
      if (viewport === null) return () => {};
      viewport.addEventListener('resize', listener);
      viewport.addEventListener('scroll', listener);
      return () => {
        viewport.removeEventListener('resize', listener);
        viewport.removeEventListener('scroll', listener);
      };
    },
    [viewport],
  );
  const key = useSyncExternalStore(
    subscribe,
    () => (viewport === null ? '' : `${Math.round(viewport.height)}:${Math.round(viewport.offsetTop)}`),
    () => '',
  );
  if (key === '') return undefined;
  const [height, top] = key.split(':');
  return { '--cw-vv-height': `${height}px`, '--cw-vv-top': `${top}px` } as CSSProperties;
}
