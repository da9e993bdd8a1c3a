/**
 * dist/widget/embed.js: the one script tag a website adds
 *   <script type="module" async src="https://cdn.example.com/widget/embed.js"></script>
 * Tiny and un-hashed on purpose (a CDN caches it for minutes, so a release reaches pages
 * quickly); everything else has a content hash in its name and is cached for a year. It
 * imports the start chunk (./start.ts: button and availability, without React) and adds one
 * global, `chatWidget`, with the page-callable `init()`.
 *
 * `async` because a module script without it waits for the whole HTML parse like `defer`, and
 * the page's DOMContentLoaded and its own deferred scripts then wait for the widget's CDN too.
 * With `async` it may run before the body exists, so nothing here touches the DOM: the widget
 * mounts when the page has loaded (the spec), or on init() once the document is parsed.
 *
 * Hostile pages: an element with id="chatWidget" makes `window.chatWidget` that element (named
 * access), and a page may have its own `chatWidget`; so the global is defined on window itself
 * (shadowing named access) and an earlier copy of the widget is recognised by its brand, never
 * by truthiness.
 */
import { readPageConfig } from '../core/config/page-config.js';
import { start } from './start.js';

export const WIDGET_GLOBAL = 'chatWidget';
/** Marks the global as this widget's (a Symbol.for key: shared by every copy of the script). */
export const WIDGET_BRAND = Symbol.for('chat-widget.api');

export interface WidgetApi {
  /** Mounts the widget now (once the document is parsed) instead of at the page's load; once. */
  init(): Promise<void>;
}

let mounted: Promise<void> | null = null;

function mount(win: Window): Promise<void> {
  mounted ??= new Promise<void>((resolve) => {
    const run = () => {
      try {
        start(win, readPageConfig(win as unknown as Record<string, unknown>));
      } catch (error) {
        // A broken widget must never break the host page: report and stay silent.
        console.error('chat widget: could not start', error);
      }
      resolve();
    };
    if (win.document.readyState === 'loading') win.document.addEventListener('DOMContentLoaded', run, { once: true });
    else run();
  });
  return mounted;
}

/** Mounts the widget once; later calls return the same promise. */
export function init(): Promise<void> {
  return mount(window);
}

function isOurs(value: unknown): boolean {
  try {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[WIDGET_BRAND] === true;
  } catch {
    // A page's own object may be a throwing proxy: not ours.
    return false;
  }
}

function install(win: Window): void {
  const own = Object.getOwnPropertyDescriptor(win, WIDGET_GLOBAL);
  if (own && 'value' in own && isOurs(own.value)) return; // Another copy of the script runs the widget.
  const api: WidgetApi = Object.freeze({ init, [WIDGET_BRAND]: true });
  try {
    Object.defineProperty(win, WIDGET_GLOBAL, { value: api, enumerable: true, configurable: true, writable: false });
  } catch (error) {
    // The page owns a non-configurable `chatWidget` (a `var` of its own): the widget still
    // mounts at load, only init() cannot be offered.
    console.warn('chat widget: window.chatWidget belongs to the page; chatWidget.init() is not available', error);
  }
  if (win.document.readyState === 'complete') void init();
  else win.addEventListener('load', () => void init(), { once: true });
}

install(window);
