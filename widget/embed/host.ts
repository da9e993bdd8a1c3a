/**
 * The Shadow DOM host: one element with an open shadow root. Styles live inside the root
 * (constructable stylesheets when the browser has them, so a strict style CSP is not needed),
 * so the page's CSS cannot break the widget and the widget's CSS cannot leak out. Only the
 * host element touches the page.
 *
 * It is appended to the root element (<html>), after <body>, not into the body: a page whose
 * body has a transform, filter or `contain` (a common way to animate a page, or a side-effect
 * of a CSS library) makes the body the containing block of every fixed element inside it, so a
 * fixed button in the body would scroll away with the page. Outside the body, `position: fixed`
 * stays relative to the viewport. A page that transforms <html> itself still moves it; nothing
 * but the top layer escapes that.
 */
import type { ViewsHost } from '../ui/mount.js';

export const HOST_ID = 'chat-widget-host';

/** The host the start chunk draws the button in and hands to the views (`ViewsHost`). */
export interface WidgetHost extends ViewsHost {
  remove(): void;
}

export function createHost(doc: Document, options: { hideOnMobile: boolean }): WidgetHost {
  const element = doc.createElement('div');
  element.id = HOST_ID;
  // The :host rule in the widget CSS hides the widget at <= 599 px only when this is set.
  if (options.hideOnMobile) element.setAttribute('data-hide-on-mobile', '');
  const root = element.attachShadow({ mode: 'open' });
  doc.documentElement.append(element);
  return {
    element,
    root,
    adoptStyles(cssText) {
      const view = doc.defaultView;
      if (view && 'adoptedStyleSheets' in root && typeof view.CSSStyleSheet === 'function') {
        const sheet = new view.CSSStyleSheet();
        sheet.replaceSync(cssText);
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
        return;
      }
      const style = doc.createElement('style');
      style.textContent = cssText;
      root.prepend(style);
    },
    remove() {
      element.remove();
    },
  };
}
