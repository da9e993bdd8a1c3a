/**
 * loadChat: the one loader of the heavy part, fetched on the visitor's intent (or at idle time
 * with `options.prefetch: 'idle'`), never before. Its code is evaluated in three tasks instead
 * of one: the core (socket, session, validators, forms), React, then the views. (The forms'
 * phone and postal code rules are not part of it: a form loads them when a field first needs
 * them, widget/core/forms/country-rules.ts.) On a
 * slow phone one task for all of it is a long task of the host page (about 60 ms on a CPU
 * slowed 4x for React alone); split, each stays short (BENCHMARKS.md, item 1). Each step is a
 * module of its own chunk; the chunks sit beside embed.js and load relative to it. The page's
 * language (one catalogue chunk) is fetched alongside, from the first step.
 */
import type { Catalogue } from '../ui/i18n/catalogue.js';
import { loadCatalogue } from '../ui/i18n/load-catalogue.js';
import type { startChat } from './chat.js';

export interface ChatParts {
  startChat: typeof startChat;
  mountWidget: typeof import('../ui/mount.js').mountWidget;
  /** The texts of the page's UI language, for the core and the views. */
  catalogue: Catalogue;
}

/** A macrotask boundary: the host page's own work and a frame may run in between. */
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function loadChat(locale: string): Promise<ChatParts> {
  const catalogue = loadCatalogue(locale);
  const chat = await import('./chat.js');
  await yieldToPage();
  await import('../ui/react-root.js');
  await yieldToPage();
  const ui = await import('../ui/mount.js');
  return { startChat: chat.startChat, mountWidget: ui.mountWidget, catalogue: await catalogue };
}
