/**
 * loadChat: the one loader of the heavy part, fetched on the visitor's intent (or at idle time
 * with `options.prefetch: 'idle'`), never before. Its code is evaluated in four tasks instead
 * of one: the core (socket, session, validators), React, the phone rules, then the views. On a
 * slow phone one task for all of it is a long task of the host page (about 60 ms on a CPU
 * slowed 4x for React alone); split, each stays short (BENCHMARKS.md, item 1). Each step is a
 * module of its own chunk; the chunks sit beside embed.js and load relative to it.
 */
import type { startChat } from './chat.js';

export interface ChatParts {
  startChat: typeof startChat;
  mountWidget: typeof import('../ui/mount.js').mountWidget;
}

/** A macrotask boundary: the host page's own work and a frame may run in between. */
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function loadChat(): Promise<ChatParts> {
  const chat = await import('./chat.js');
  await yieldToPage();
  await import('../ui/react-root.js');
  await yieldToPage();
  await import('./phone-step.js');
  await yieldToPage();
  const ui = await import('../ui/mount.js');
  return { startChat: chat.startChat, mountWidget: ui.mountWidget };
}
