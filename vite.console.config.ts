import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * Builds mock-chat's agent console (agent-console/) into dist/agent-console/: its own page and
 * bundle, served by `mock-chat serve` at /__mock/agent (the base below; see
 * mock-server/live/console-route.ts). Nothing of the widget or the demo site imports it, and
 * the widget's build (vite.config.ts) does not see it. No module-preload polyfill: it would be
 * an inline script, which the page's Content-Security-Policy refuses.
 */
const ROOT = import.meta.dirname;

export default defineConfig({
  root: path.join(ROOT, 'agent-console'),
  base: '/__mock/agent/',
  // Always React's production build, even when built from inside a test run (NODE_ENV=test).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'react', development: false } },
  build: {
    outDir: path.join(ROOT, 'dist', 'agent-console'),
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    minify: 'oxc',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
});
