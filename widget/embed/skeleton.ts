/**
 * The skeleton dialog: what a click shows at once when the chat's files are not in yet (first
 * visit, slow network). Plain DOM, like the launcher. A real modal for as long as it stands: a
 * dialog named as the real one will be ('Question Center', 'Request a Callback' in chat-lite),
 * focus moved into it and kept there, Escape and its close button close it, the page does not
 * scroll behind it, and a visible loading text (a status, so it is announced). The open is not
 * lost: the start chunk opens the real dialog when the chat is in, and the skeleton goes in the
 * same commit that draws the real one (widget/ui/mount.tsx).
 */
import type { LauncherTexts } from '../ui/i18n/launcher-texts.js';

const SVG = 'http://www.w3.org/2000/svg';

export interface Skeleton {
  readonly shown: boolean;
  /** Opens it with the dialog's name, focus inside. */
  show(name: string): void;
  /** The chat's files failed: says so instead of loading. */
  failed(): void;
  /** Takes it away (and gives the page its scrolling back); focus is the caller's. */
  remove(): void;
}

export function createSkeleton(root: HTMLElement, texts: LauncherTexts, onClose: () => void): Skeleton {
  const doc = root.ownerDocument;
  let element: HTMLElement | null = null;
  let status: HTMLElement | null = null;
  let previousOverflow = '';

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab') {
      // The close button is the one control: Tab and Shift+Tab stay on it.
      event.preventDefault();
      element?.querySelector('button')?.focus();
    }
  };
  // Escape also closes when focus has left the dialog (as useModal does for the real one).
  const onDocumentKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };

  function build(name: string): HTMLElement {
    const dialog = doc.createElement('div');
    dialog.className = 'cw-skeleton';
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', name);
    dialog.tabIndex = -1;
    const header = doc.createElement('div');
    header.className = 'cw-skeleton__header';
    const title = doc.createElement('h2');
    title.className = 'cw-skeleton__title';
    title.textContent = name;
    const close = doc.createElement('button');
    close.type = 'button';
    close.className = 'cw-skeleton__close';
    close.setAttribute('aria-label', texts.close);
    const icon = doc.createElementNS(SVG, 'svg');
    icon.setAttribute('viewBox', '0 0 24 24');
    icon.setAttribute('aria-hidden', 'true');
    icon.setAttribute('focusable', 'false');
    const path = doc.createElementNS(SVG, 'path');
    path.setAttribute('d', 'M6 6l12 12M18 6L6 18');
    icon.append(path);
    close.append(icon);
    close.addEventListener('click', onClose);
    header.append(title, close);
    const body = doc.createElement('div');
    body.className = 'cw-skeleton__body';
    const spinner = doc.createElement('span');
    spinner.className = 'cw-spinner';
    spinner.setAttribute('aria-hidden', 'true');
    status = doc.createElement('p');
    status.className = 'cw-skeleton__text';
    status.setAttribute('role', 'status');
    status.textContent = texts.loading;
    body.append(spinner, status);
    dialog.append(header, body);
    dialog.addEventListener('keydown', onKeyDown);
    return dialog;
  }

  return {
    get shown() {
      return element !== null;
    },
    show(name) {
      if (element !== null) return;
      element = build(name);
      root.append(element);
      previousOverflow = doc.body?.style.overflow ?? '';
      if (doc.body) doc.body.style.overflow = 'hidden';
      doc.addEventListener('keydown', onDocumentKeyDown);
      element.focus();
    },
    failed() {
      if (status === null) return;
      status.textContent = texts.loadFailed;
      status.previousElementSibling?.remove();
    },
    remove() {
      if (element === null) return;
      element.remove();
      element = null;
      status = null;
      doc.removeEventListener('keydown', onDocumentKeyDown);
      if (doc.body) doc.body.style.overflow = previousOverflow;
    },
  };
}
