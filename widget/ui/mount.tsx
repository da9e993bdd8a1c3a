import { type ReactNode, StrictMode, useLayoutEffect } from 'react';
import type { Analytics } from '../core/analytics/index.js';
import type { WidgetCore } from '../core/core-api.js';
import { App } from './App.js';
import type { Catalogue } from './i18n/catalogue.js';
import { CatalogueContext } from './i18n/use-catalogue.js';
import { createRoot } from './react-root.js';
import widgetCss from './styles/widget.css?inline';
import { WidgetContext } from './use-core.js';

/**
 * What the views need of the Shadow DOM host the start chunk made (widget/embed/host.ts): its
 * shadow root to draw in and a way to add their styles there.
 */
export interface ViewsHost {
  element: HTMLElement;
  root: ShadowRoot;
  /** Adds CSS inside the shadow root. */
  adoptStyles(cssText: string): void;
}

export interface MountOptions {
  /** The page's language: loadCatalogue(locale). */
  catalogue: Catalogue;
  /** The widget's `.cw-root` element in the shadow root (the start chunk made it; the button is in it). */
  container: HTMLElement;
  /** Focus back to the floating button (the start chunk's plain-DOM launcher) when the dialog closes. */
  focusLauncher: () => void;
  /** Runs in the commit of React's first drawing: the skeleton dialog goes as the real one comes. */
  onFirstCommit?: () => void;
}

/** Calls `onCommit` once, in the layout phase of the first commit (before paint and before any effect). */
function FirstCommit({ onCommit, children }: { onCommit: (() => void) | undefined; children: ReactNode }) {
  useLayoutEffect(() => {
    onCommit?.();
  }, [onCommit]);
  return children;
}

/**
 * The views' entry, the last step of loadChat (widget/embed/load-chat.ts): the dialog's styles
 * into the shadow root, then React renders the dialog there, in the page's language
 * (`options.catalogue`, from loadCatalogue(locale)). The floating button is not React's
 * (widget/embed/launcher.ts). Returns the unmount function.
 */
export function mountWidget(
  host: ViewsHost,
  core: WidgetCore,
  analytics: Analytics,
  options: MountOptions,
): () => void {
  host.adoptStyles(widgetCss);
  const container = host.root.ownerDocument.createElement('div');
  options.container.append(container);
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <WidgetContext.Provider
        value={{ core, analytics, doc: host.element.ownerDocument, focusLauncher: options.focusLauncher }}
      >
        <CatalogueContext.Provider value={options.catalogue}>
          <FirstCommit onCommit={options.onFirstCommit}>
            <App />
          </FirstCommit>
        </CatalogueContext.Provider>
      </WidgetContext.Provider>
    </StrictMode>,
  );
  return () => {
    root.unmount();
    container.remove();
  };
}
