import { defineConfig } from 'vite';

/**
 * Builds the one-script-tag widget into dist/widget/: `embed.js` (the tiny loader a website
 * adds with one `<script type="module">` tag) and, beside it in chunks/, what it imports
 * lazily (the core, then the React UI with the forms). A plain JS entry rather than library
 * mode, because library mode keeps whitespace in ES output. `base: './'` and no module
 * preload helper keep every chunk URL relative to the loader's own URL (import.meta.url),
 * so the widget works from any path or host.
 */
export default defineConfig({
  base: './',
  // Always React's production build, even when built from inside a test run (NODE_ENV=test).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
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
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'phone', test: /node_modules[\\/]libphonenumber-js[\\/]/ },
          ],
        },
      },
    },
  },
});
