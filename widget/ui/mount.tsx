import { StrictMode } from 'react';
import type { Analytics } from '../core/analytics/index.js';
import type { WidgetCore } from '../core/core-api.js';
import type { WidgetHost } from '../embed/host.js';
import { App } from './App.js';
import type { Catalogue } from './i18n/catalogue.js';
import { CatalogueContext } from './i18n/use-catalogue.js';
import { createRoot } from './react-root.js';
import looksCss from './styles/looks.css?inline';
import widgetCss from './styles/widget.css?inline';
import { WidgetContext } from './use-core.js';

/**
 * The UI chunk's entry, loaded by the embed only once chat or callback is offered: styles
 * into the shadow root, then React renders there, in the page's language (`catalogue`, from
 * loadCatalogue(locale)). Returns the unmount function.
 */
export function mountWidget(
  host: WidgetHost,
  core: WidgetCore,
  analytics: Analytics,
  catalogue: Catalogue,
): () => void {
  host.adoptStyles(`${widgetCss}\n${looksCss}`);
  const container = host.root.ownerDocument.createElement('div');
  host.root.append(container);
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <WidgetContext.Provider value={{ core, analytics, doc: host.element.ownerDocument }}>
        <CatalogueContext.Provider value={catalogue}>
          <App />
        </CatalogueContext.Provider>
      </WidgetContext.Provider>
    </StrictMode>,
  );
  return () => {
    root.unmount();
    container.remove();
  };
}
