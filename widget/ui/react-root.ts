/**
 * React's entry for the UI chunk. The embed imports it on its own first, so that React is
 * evaluated in a task of its own before the views (see loadUi in widget/embed/embed.ts).
 */
export { createRoot } from 'react-dom/client';
