/**
 * The widget's `.cw-root` element in the shadow root: the launcher and, once loaded, the dialog
 * live in it. It carries the page's UI language and its writing direction, so everything the
 * widget draws is mirrored on a right-to-left page (ar) from the first paint of the button.
 */
import { textDirection, uiLanguage } from '../core/locale/ui-language.js';

export function createWidgetRoot(doc: Document, locale: string): HTMLDivElement {
  const root = doc.createElement('div');
  root.className = 'cw-root';
  root.dir = textDirection(locale) === 'RTL' ? 'rtl' : 'ltr';
  root.lang = uiLanguage(locale);
  return root;
}
