// @vitest-environment happy-dom
/**
 * The start chunk (widget/embed/start.ts) before and at the hand-over to the loaded chat: a
 * visitor who opens the button before the chat is in gets the skeleton dialog, and closing it
 * is final, even in the moment between the hand-over (the core has the dialog open) and
 * React's first drawing of the real dialog.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics } from '../../../widget/core/analytics/index.js';
import { readPageConfig } from '../../../widget/core/config/page-config.js';
import type { ChatParts } from '../../../widget/embed/load-chat.js';
import { start } from '../../../widget/embed/start.js';
import en from '../../../widget/ui/i18n/catalogues/i18n-en.js';
import { WAIT_MS } from '../../support/patience.js';
import { fakeCore, stateWith } from '../ui/support/render-app.js';

afterEach(() => {
  document.getElementById('chat-widget-host')?.remove();
  localStorage.clear();
});

/** A chat-lite page: the button shows at once; the availability call never answers. */
function startedPage() {
  const win = window as unknown as Window;
  vi.spyOn(win, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
  const page = readPageConfig({ chatWidgetConfig: { chat_lite: true } });
  const { core } = fakeCore(stateWith({ dialog: { status: 'open', endChatPrompt: false } }, { chatLite: true }));
  let deliver: (parts: ChatParts) => void = () => {};
  const mountWidget = vi.fn(() => () => {});
  const parts: ChatParts = {
    startChat: vi.fn(() => ({ core, analytics: createAnalytics({ locale: 'en-us', chatLite: true, triage: false }) })),
    mountWidget,
    catalogue: en,
  };
  const loading = new Promise<ChatParts>((resolve) => {
    deliver = resolve;
  });
  const started = start(win, page, () => loading);
  const shadow = () => document.getElementById('chat-widget-host')?.shadowRoot as ShadowRoot;
  return { started, core, mountWidget, shadow, loaded: () => deliver(parts) };
}

describe('the skeleton dialog until the chat is in', () => {
  it('a click before the chat is in shows the skeleton; closing it in the moment before React draws closes the real dialog too', async () => {
    const { started, core, mountWidget, shadow, loaded } = startedPage();
    await started.ready;
    shadow().querySelector<HTMLButtonElement>('button.cw-fab')?.click();
    const skeleton = () => shadow().querySelector('[role="dialog"]');
    expect(skeleton()?.getAttribute('aria-label') ?? skeleton()?.textContent).toContain('Request a Callback');

    loaded();
    await vi.waitFor(() => expect(mountWidget).toHaveBeenCalledOnce(), { timeout: WAIT_MS });
    // Handed over: the core opened the dialog for the visitor's click; React has not drawn yet.
    expect(core.openDialog).toHaveBeenCalledOnce();
    shadow().querySelector<HTMLButtonElement>('[role="dialog"] button')?.click();
    expect(skeleton()).toBeNull();
    expect(core.closeDialog).toHaveBeenCalledOnce();
  });
});
