import { type PointerEvent, useCallback, useEffect, useReducer, useRef } from 'react';
import type { UiField } from './components/fields.js';

export interface SteadyFields {
  /** The fields to draw: while a press is on, with the errors they had when it began. */
  fields: readonly UiField[];
  /** A press is on: errors are held as they were. */
  holding: boolean;
  /** For the form's onPointerDownCapture. */
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
}

/**
 * A click is never lost to the form moving under it (issue 21 item 5). Pressing the mouse on a
 * checkbox blurs the field typed in last, and the blur re-validates it: its stale error line
 * went away on mousedown, everything below moved up a line before mouseup, and the release
 * landed elsewhere, so the click missed. While a press is on, each field keeps the error it
 * had when the press began (shown or not); the new errors are drawn just after the click that
 * ends the press (a task queued at pointerup runs after the click it dispatches).
 */
export function useSteadyDuringPress(fields: readonly UiField[]): SteadyFields {
  const held = useRef<ReadonlyMap<string, string | undefined> | null>(null);
  const latest = useRef(fields);
  latest.current = fields;
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const onPointerDown = useCallback((event: PointerEvent<HTMLElement>) => {
    if (held.current !== null) return;
    held.current = new Map(latest.current.map((field) => [field.name, field.error]));
    const doc = event.currentTarget.ownerDocument;
    const win = doc.defaultView;
    const listening = new AbortController();
    let timer: number | undefined;
    const released = () => {
      listening.abort();
      timer = win?.setTimeout(() => {
        stop.current = null;
        held.current = null;
        redraw();
      }, 0);
    };
    for (const type of ['pointerup', 'pointercancel']) {
      doc.addEventListener(type, released, { capture: true, signal: listening.signal });
    }
    stop.current = () => {
      listening.abort();
      win?.clearTimeout(timer);
    };
  }, []);

  const holding = held.current !== null;
  const shown =
    held.current === null ? fields : fields.map((field) => ({ ...field, error: held.current?.get(field.name) }));
  return { fields: shown, holding, onPointerDown };
}
