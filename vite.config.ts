import { createLogger, defineConfig, type Logger, type Plugin } from 'vite';
import { phonePlans } from './scripts/phone-plans.js';

/**
 * Vite wraps every dynamic import in its module-preload helper (about 1 KiB gzip, with a
 * `for…in`-style lookup over a plain object) even with `modulePreload: false`, where it only
 * calls the import. The widget's chunks load relative to import.meta.url and preload nothing,
 * so the helper is replaced by that one call: the start chunk stays small.
 */
function plainDynamicImports(): Plugin {
  const helper = '\0vite/preload-helper.js';
  return {
    name: 'chat-widget:plain-dynamic-imports',
    enforce: 'pre',
    resolveId: (id) => (id === helper ? helper : null),
    load: (id) => (id === helper ? 'export const __vitePreload = (load) => load();' : null),
  };
}

/** Vite lists every file it writes: the 206 phone plans become one line of that list. */
function planCountingLogger(): Logger {
  const logger = createLogger();
  return {
    ...logger,
    info(message, options) {
      const lines = message.split('\n');
      const kept = lines.filter((line) => !/chunks\/phone-plan-\d+-/.test(line));
      const plans = lines.length - kept.length;
      if (plans > 0)
        kept.push(`(and ${plans} phone plans: chunks/phone-plan-<calling code>-*.js, 0.1 to 1.4 kB gzip each)`);
      logger.info(kept.join('\n'), options);
    },
  };
}

/**
 * Builds the one-script-tag widget into dist/widget/: `embed.js` (the tiny, un-hashed loader a
 * website adds with one `<script type="module" async>` tag), the `start` chunk it imports (the
 * button and availability, before any visitor action) and, beside it in chunks/, what loads on
 * intent (widget/embed/load-chat.ts: the core, React, the views) and what a form loads when a
 * field first needs it (its country's phone and postal code rules, one numbering plan per
 * calling code: widget/core/forms/country-rules.ts). A plain JS entry rather than library mode,
 * because library mode keeps whitespace in ES output. `base: './'` and no module
 * preload helper keep every chunk URL relative to the loader's own URL (import.meta.url),
 * so the widget works from any path or host.
 */
export default defineConfig({
  base: './',
  // Always React's production build, even when built from inside a test run (NODE_ENV=test).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  customLogger: planCountingLogger(),
  // phonePlans: the phone rules' metadata, one chunk per calling code (scripts/phone-plans.ts).
  plugins: [plainDynamicImports(), phonePlans()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'react', development: false } },
  build: {
    outDir: 'dist/widget',
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    minify: 'oxc',
    modulePreload: false,
    cssCodeSplit: false,
    rolldownOptions: {
      input: { embed: 'widget/embed/embed.ts' },
      // Keep embed.ts's export (init) and its side effects; it is the page's entry.
      preserveEntrySignatures: 'strict',
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        // Named vendor chunks: cached apart from the widget's own code and measured apart
        // in the budget test.
        codeSplitting: {
          groups: [
            // Everything the page runs before the visitor reaches for the chat, in one hashed
            // chunk: the start module and all it imports (issue 14: <= 10 KiB gzip with embed.js).
            // Modules the chat shares with it (defaults, settings, the poller) are taken from here.
            { name: 'start', test: /widget[\\/]embed[\\/]start\.ts$/, priority: 10 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'phone', test: /node_modules[\\/]libphonenumber-js[\\/]/ },
          ],
        },
      },
    },
  },
});
