// @vitest-environment happy-dom
/**
 * A chat waiting in the queue, over a fake core: what the visitor is told (waiting, the
 * estimated wait, why the composer is off) and, on a chat-lite page, the call instead.
 */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { chatIn, OPEN_DIALOG, renderApp, stateWith } from './support/render-app.js';

afterEach(cleanup);

describe('a chat waiting in the queue', () => {
  it("while queued: 'Waiting for an agent…', the estimated wait, the composer's reason, and a call instead on chat-lite pages", async () => {
    const base = stateWith(
      { dialog: OPEN_DIALOG, chat: chatIn({ kind: 'active' }), availability: { status: 'available', waitMinutes: 4 } },
      { chatLite: true },
    );
    const { core } = renderApp({ ...base, chat: { ...base.chat, status: { kind: 'waiting' } } });
    expect(screen.getByText('Waiting for an agent…')).toBeTruthy();
    expect(screen.getByText('Estimated wait: about 4 minutes')).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'Type message' }) as HTMLTextAreaElement;
    expect(input.disabled).toBe(true);
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'You can write as soon as an agent joins.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Call me back instead' }));
    expect(core.requestCallbackInstead).toHaveBeenCalledOnce();
  });

  it('without chat-lite there is no call instead', () => {
    const base = stateWith({ dialog: OPEN_DIALOG, chat: chatIn({ kind: 'active' }) });
    renderApp({ ...base, chat: { ...base.chat, status: { kind: 'waiting' } } });
    expect(screen.queryByRole('button', { name: 'Call me back instead' })).toBeNull();
  });
});
