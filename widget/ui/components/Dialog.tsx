import { type CSSProperties, type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { useCatalogue } from '../i18n/use-catalogue.js';
import { withoutDirectionControls } from '../isolate.js';
import { useViewFocus } from '../use-view-focus.js';

export interface DialogProps {
  /** The dialog's accessible name: always 'Question Center', even when the title shows the agent. */
  name: string;
  title: string;
  /** In chat: the agent's name replaces the title, with a subheader under it. */
  subheader?: string | undefined;
  onBack?: (() => void) | undefined;
  onMinimize?: (() => void) | undefined;
  onClose: () => void;
  /** The list inside is scrolled: the header gets its scroll class (a shadow). */
  scrolled: boolean;
  children: ReactNode;
  /** The visual viewport's size (use-visual-viewport.ts), for the full-screen phone layout. */
  viewportStyle?: CSSProperties | undefined;
  /** Layers over the whole dialog body, whatever its scroll (the loader, 'End Chat?'). */
  overlay?: ReactNode;
  /** Which view shows (mode, view, ended): a change moves focus to the new view (use-view-focus.ts). */
  viewKey?: string;
  /** A modal prompt ('End Chat?') is over the body: the header and body take no focus or clicks meanwhile. */
  blocked?: boolean;
}

/** Focusable elements, for keeping Tab inside the dialog. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A header button shown as a single-path icon, named by its aria-label; `flip` mirrors it right to left. */
function IconButton({
  label,
  path,
  onClick,
  flip,
}: {
  label: string;
  path: string;
  onClick: () => void;
  flip?: boolean;
}) {
  return (
    <button type="button" className="cw-icon-btn" aria-label={label} onClick={onClick}>
      <svg
        className={flip ? 'cw-icon--directional' : undefined}
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
      >
        <path d={path} />
      </svg>
    </button>
  );
}

/**
 * The modal window: role dialog named by its title, Escape closes, Tab stays inside,
 * focus moves in on open. Focus return and the body scroll lock belong to the modal
 * controller (useModal), which knows the button and the host document.
 */
export function Dialog({
  name,
  title,
  subheader,
  onBack,
  onMinimize,
  onClose,
  scrolled,
  children,
  viewportStyle,
  overlay,
  viewKey = '',
  blocked = false,
}: DialogProps) {
  const innerRef = useRef<HTMLDivElement | null>(null);
  const { ui } = useCatalogue();
  // Focus goes to the dialog itself, so its name is announced and no field is touched: focusing
  // the first field would show its 'required' error (and shift the form) as soon as the
  // visitor clicks anywhere else.
  useEffect(() => {
    innerRef.current?.focus();
  }, []);
  useViewFocus(innerRef, viewKey);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !innerRef.current) return;
    const items = [...innerRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = (innerRef.current.getRootNode() as Document | ShadowRoot).activeElement;
    if (event.shiftKey && (active === first || active === innerRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    <div
      ref={innerRef}
      className={`cw-dialog${scrolled ? ' cw-dialog--scrolled' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-label={name}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      style={viewportStyle}
    >
      <header className="cw-dialog__header" inert={blocked}>
        {onBack ? <IconButton label={ui.back} path="M15 5l-7 7 7 7" flip onClick={onBack} /> : null}
        <div className="cw-dialog__titles">
          {/* One line, cut with an ellipsis (an agent's name can be any length); the whole text stays in the heading. */}
          <h2 id="cw-dialog-title" className="cw-dialog__title" tabIndex={-1}>
            <bdi>{withoutDirectionControls(title)}</bdi>
          </h2>
          {subheader ? <p className="cw-dialog__subheader">{subheader}</p> : null}
        </div>
        {onMinimize ? <IconButton label={ui.minimizeChat} path="M5 12h14" onClick={onMinimize} /> : null}
        <IconButton label={ui.closeChat} path="M6 6l12 12M18 6L6 18" onClick={onClose} />
      </header>
      <div className="cw-dialog__main">
        {/* Focusable so keyboard users can scroll it even when nothing inside is focusable. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
        <div className="cw-dialog__body" tabIndex={0} inert={blocked}>
          {children}
        </div>
        {overlay}
      </div>
    </div>
  );
}
