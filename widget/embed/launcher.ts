/**
 * The floating chat button (spec section 2, view 1), drawn with plain DOM in the shadow root.
 * One implementation for the whole life of the page: the start chunk draws it from what it
 * knows before the chat is loaded (availability, a resumable chat), and once the chat is in,
 * the same element follows the core's state through a subscription. React renders only the
 * dialog. Drawn from a WidgetState through selectLauncher, so both phases follow one rule.
 *
 * Its events are the visitor's intent: pointer over, focus or a touch may lead to a click, so
 * they start loading the chat; a click opens.
 */
import type { Analytics } from '../core/analytics/index.js';
import { isDialogShown, selectLauncher, selectLook } from '../core/chat/launcher-view.js';
import { selectMode } from '../core/chat/mode.js';
import type { WidgetState } from '../core/chat/state.js';
import type { WidgetCore } from '../core/core-api.js';
import { type LauncherTexts, unreadSuffix } from '../ui/i18n/launcher-texts.js';

const SVG = 'http://www.w3.org/2000/svg';
const ICON_PATH = 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z';

export interface LauncherOptions {
  texts: LauncherTexts;
  /** Pointer over, focus or touch start on the button: the visitor may be about to open. */
  onIntent(): void;
  /** A click (or Enter / Space: it is a button). */
  onOpen(): void;
}

export interface Launcher {
  readonly button: HTMLButtonElement;
  /**
   * Draws the button for `state`. `overlay`: a dialog the state does not know of yet (the
   * skeleton) covers the corner, so the button is hidden as it is under the real dialog.
   */
  render(state: WidgetState, overlay?: boolean): void;
  /** Shows the button (when the last state offers it) and moves focus to it: after a dialog closes. */
  focus(): void;
  dispose(): void;
}

/** What the button shows; compared so a state change that does not touch it costs nothing. */
interface Drawn {
  visible: boolean;
  loading: boolean;
  unread: number;
  position: string;
  label: string;
  look: string;
}

/** `root` is the widget's `.cw-root` element in the shadow root; the button is its first child. */
export function createLauncher(root: HTMLElement, options: LauncherOptions): Launcher {
  const doc = root.ownerDocument;
  const { texts } = options;
  const button = doc.createElement('button');
  button.type = 'button';
  const icon = doc.createElementNS(SVG, 'svg');
  icon.setAttribute('class', 'cw-fab__icon');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('aria-hidden', 'true');
  icon.setAttribute('focusable', 'false');
  const path = doc.createElementNS(SVG, 'path');
  path.setAttribute('d', ICON_PATH);
  icon.append(path);
  button.append(icon);
  const spinner = doc.createElement('span');
  spinner.className = 'cw-spinner cw-fab__spinner';
  spinner.setAttribute('aria-hidden', 'true');
  const badge = doc.createElement('span');
  badge.className = 'cw-badge';
  badge.setAttribute('aria-hidden', 'true');

  const intent = () => options.onIntent();
  const open = () => options.onOpen();
  button.addEventListener('pointerover', intent);
  button.addEventListener('focus', intent);
  button.addEventListener('touchstart', intent, { passive: true });
  button.addEventListener('click', open);

  let drawn = '';
  let last: { state: WidgetState; overlay: boolean } | null = null;

  function draw(next: Drawn): void {
    const key = JSON.stringify(next);
    if (key === drawn) return;
    drawn = key;
    root.setAttribute('data-look', next.look);
    if (!next.visible) {
      // Not offered (or under a dialog): not in the page at all, as the spec's "hidden".
      button.remove();
      return;
    }
    button.className = `cw-fab cw-fab--${next.position}${next.loading ? ' cw-fab--loading' : ''}`;
    button.setAttribute('aria-label', next.label);
    if (next.loading) {
      button.setAttribute('aria-busy', 'true');
      button.append(spinner);
    } else {
      button.removeAttribute('aria-busy');
      spinner.remove();
    }
    if (next.unread > 0) {
      badge.textContent = next.unread > 99 ? '99+' : String(next.unread);
      button.append(badge);
    } else badge.remove();
    if (button.parentNode !== root) root.prepend(button);
  }

  return {
    button,
    render(state, overlay = false) {
      last = { state, overlay };
      const view = selectLauncher(state);
      const dialogShown = isDialogShown(state);
      const chatLite = state.flags.chatLite && selectMode(state) !== 'chat';
      draw({
        visible: view.visible && !dialogShown && !overlay,
        loading: view.loading,
        unread: view.unread,
        position: view.position,
        label: `${chatLite ? texts.openCallback : texts.openChat}${unreadSuffix(texts, view.unread)}`,
        look: selectLook(state),
      });
    },
    focus() {
      if (last !== null) this.render(last.state, last.overlay);
      if (button.isConnected) button.focus();
    },
    dispose() {
      button.removeEventListener('pointerover', intent);
      button.removeEventListener('focus', intent);
      button.removeEventListener('touchstart', intent);
      button.removeEventListener('click', open);
      button.remove();
    },
  };
}

export interface BoundLauncher {
  /** What a click does once the chat is in: reported (section 6 analytics), then the dialog opens. */
  open(): void;
  unbind(): void;
}

/** After the hand-over: the button follows the core's state, and opening goes through the core. */
export function bindLauncher(launcher: Launcher, core: WidgetCore, analytics: Analytics): BoundLauncher {
  const unsubscribe = core.subscribe((state) => launcher.render(state));
  launcher.render(core.getSnapshot());
  return {
    open() {
      analytics.chatEvent('chat_button_click');
      analytics.chatButtonClicked();
      core.openDialog();
    },
    unbind: unsubscribe,
  };
}
