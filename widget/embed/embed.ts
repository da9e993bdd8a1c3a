/**
 * dist/widget/embed.js: the one script tag a website adds
 *   <script type="module" src="https://cdn.example.com/widget/embed.js"></script>
 * Tiny on purpose. It reads the page configuration, makes the Shadow DOM host, loads the
 * core chunk that resumes a stored chat or checks availability, and only when chat or a
 * callback is offered loads the React UI chunk. Chunks sit beside this file and load
 * relative to its own URL (native ES module resolution of import.meta.url), so the widget
 * works from any path. It adds one global, `chatWidget`, with the page-callable `init()`.
 */
import { readPageConfig } from '../core/config/page-config.js';
import type { Catalogue } from '../ui/i18n/catalogue.js';
import { loadCatalogue } from '../ui/i18n/load-catalogue.js';
import { createHost } from './host.js';

export const WIDGET_GLOBAL = 'chatWidget';

let started: Promise<void> | null = null;

async function boot(win: Window): Promise<void> {
  const doc = win.document;
  const page = readPageConfig(win as unknown as Record<string, unknown>);
  const host = createHost(doc, { hideOnMobile: page.hideOnMobile });
  // The page's language: one catalogue chunk, fetched with the UI once something is offered.
  let provideCatalogue: (catalogue: Promise<Catalogue>) => void = () => {};
  const catalogue = new Promise<Catalogue>((resolve) => {
    provideCatalogue = resolve;
  });
  const { startCore, whenOffered } = await import('./start-core.js');
  const { core, analytics } = startCore(win, page, catalogue);
  if (!(await whenOffered(core))) return;
  provideCatalogue(loadCatalogue(page.locale));
  const [{ mountWidget }, texts] = await Promise.all([loadUi(), catalogue]);
  mountWidget(host, core, analytics, texts);
}

/** A macrotask boundary: the host page's own work and a frame may run in between. */
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The UI's code is evaluated in three tasks instead of one: React, the phone rules, then the
 * views. On a slow phone one task for all of it is a long task of the host page (about 60 ms
 * on a CPU slowed 4x); in three, each stays short (BENCHMARKS.md, item 1). The cost is two
 * more round trips for the chunks before the button shows.
 */
async function loadUi(): Promise<typeof import('../ui/mount.js')> {
  await import('../ui/react-root.js');
  await yieldToPage();
  await import('../core/forms/phone-rule.js');
  await yieldToPage();
  return import('../ui/mount.js');
}

/** Mounts the widget once; later calls return the same promise. */
export function init(): Promise<void> {
  started ??= boot(window).catch((error: unknown) => {
    // A broken widget must never break the host page: report and stay silent.
    console.error('chat widget: could not start', error);
  });
  return started;
}

const globals = window as unknown as Record<string, unknown>;
if (!globals[WIDGET_GLOBAL]) {
  globals[WIDGET_GLOBAL] = Object.freeze({ init });
  if (document.readyState === 'complete') void init();
  else window.addEventListener('load', () => void init(), { once: true });
}
