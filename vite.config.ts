import { defineConfig } from 'vite';

/**
 * Builds the one-script-tag widget into dist/widget/: `embed.js` (the tiny loader a website
 * adds with one `<script type="module">` tag) and, beside it, the chunks it imports lazily
 * (the React UI, the form helpers). Library mode keeps chunk URLs relative to the loader's
 * own URL (`import.meta.url`), so the widget works from any path or host.
 */
export default defineConfig({
  // Library mode does not replace it; React picks its production build from it.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: {
    outDir: 'dist/widget',
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    // Library mode leaves ES output unminified unless asked.
    minify: 'oxc',
    copyPublicDir: false,
    lib: {
      entry: 'widget/embed/embed.ts',
      formats: ['es'],
      fileName: () => 'embed.js',
    },
    rolldownOptions: {
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
});
