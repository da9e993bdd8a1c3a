/**
 * The core chunk the embed loads first: builds the framework-free core on the browser
 * environment and starts it (resume a stored session, or check availability now and every
 * 15 s). Kept out of embed.js so the script tag stays tiny; React is not in this chunk.
 */

import { browserEnvironment } from '../core/browser-environment.js';
import { selectLauncher } from '../core/chat/selectors.js';
import type { WidgetState } from '../core/chat/state.js';
import type { PageConfig } from '../core/config/page-config.js';
import type { WidgetCore } from '../core/core-api.js';
import { createWidgetCore } from '../core/index.js';

export function startCore(page: PageConfig): WidgetCore {
  const core = createWidgetCore(browserEnvironment(), page);
  core.start();
  return core;
}

/** Settled: true once chat or callback is offered (load the UI), false when nothing will be. */
function decided(state: WidgetState): boolean | null {
  if (selectLauncher(state).visible) return true;
  if (state.availability.status === 'unavailable') return false;
  return null;
}

export function whenOffered(core: WidgetCore): Promise<boolean> {
  return new Promise((resolve) => {
    const now = decided(core.getSnapshot());
    if (now !== null) {
      resolve(now);
      return;
    }
    const unsubscribe = core.subscribe(() => {
      const answer = decided(core.getSnapshot());
      if (answer === null) return;
      unsubscribe();
      resolve(answer);
    });
  });
}
