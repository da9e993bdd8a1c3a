/**
 * The agent console page (served at /__mock/agent by mock-chat serve): the framework-free console
 * (core/console.ts) wired to the page's fetch, EventSource and timers, and its React view.
 */
import { createRoot } from 'react-dom/client';
import { createAgentConsole } from './core/console.js';
import { App } from './ui/App.js';
import './ui/console.css';

const agentConsole = createAgentConsole({
  base: '',
  fetch: (url, init) => fetch(url, init),
  openFeed(url, handlers) {
    const source = new EventSource(url);
    source.onopen = () => handlers.open();
    source.onmessage = (event: MessageEvent<string>) => handlers.message(event.data);
    source.onerror = () => handlers.error();
    return { close: () => source.close() };
  },
  now: () => Date.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  setInterval: (fn, ms) => window.setInterval(fn, ms),
  clearInterval: (handle) => window.clearInterval(handle as number),
});

// The page owns the console: its feed and timers go with the page (not when it is only frozen).
window.addEventListener('pagehide', (event) => {
  if (!event.persisted) agentConsole.dispose();
});

const root = document.getElementById('root');
if (root) createRoot(root).render(<App agentConsole={agentConsole} />);
