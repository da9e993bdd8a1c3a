import { type CSSProperties, useLayoutEffect, useMemo, useState } from 'react';

interface ViewportBox {
  height: number;
  top: number;
}

/**
 * The visual viewport (the part of the page not covered by the on-screen keyboard), as CSS
 * variables for the dialog: on a phone the full-screen dialog takes its height and offset, so
 * the composer stays above the keyboard instead of under it. Without VisualViewport the CSS
 * falls back to 100dvh.
 *
 * Read once after mounting and then on the viewport's own events, never during render: reading
 * `visualViewport.height` forces a layout of the whole page, so reading it on every redraw
 * (every message) cost a layout of the transcript per append (issue 24).
 */
export function useVisualViewportStyle(doc: Document): CSSProperties | undefined {
  const viewport = doc.defaultView?.visualViewport ?? null;
  const [box, setBox] = useState<ViewportBox | null>(null);
  useLayoutEffect(() => {
    if (viewport === null) {
      setBox(null);
      return;
    }
    const read = () => {
      const height = Math.round(viewport.height);
      const top = Math.round(viewport.offsetTop);
      setBox((before) => (before?.height === height && before.top === top ? before : { height, top }));
    };
    read();
    viewport.addEventListener('resize', read);
    viewport.addEventListener('scroll', read);
    return () => {
      viewport.removeEventListener('resize', read);
      viewport.removeEventListener('scroll', read);
    };
  }, [viewport]);
  return useMemo(
    () =>
      box === null
        ? undefined
        : ({ '--cw-vv-height': `${box.height}px`, '--cw-vv-top': `${box.top}px` } as CSSProperties),
    [box],
  );
}
