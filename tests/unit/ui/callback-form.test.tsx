// @vitest-environment happy-dom
/**
 * The callback form over a fake core: after a failed request the visitor can send it again
 * (Retry), and on a chat-lite page it offers 'Chat now' once an agent is available.
 */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { OPEN_DIALOG, renderApp, stateWith } from './support/render-app.js';

afterEach(cleanup);

describe('the callback form', () => {
  it('after a failed request the form stays, its button says Retry, and a note says it was not sent', () => {
    renderApp(
      stateWith(
        {
          dialog: OPEN_DIALOG,
          views: ['callback'],
          availability: { status: 'chatLite' },
          callback: { status: 'submitted', ok: false },
        },
        { chatLite: true },
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Request a Callback' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByText('Your callback request could not be sent.')).toBeTruthy();
    expect(screen.getByLabelText('First Name')).toBeTruthy();
  });

  it("on the callback form a chat-lite page offers 'Chat now' once chat is available", async () => {
    const { core } = renderApp(stateWith({ dialog: OPEN_DIALOG, views: ['callback'] }, { chatLite: true }));
    expect(screen.getByText('An agent is available to chat now.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Chat now' }));
    expect(core.navigate).toHaveBeenCalledWith('form');
  });
});
