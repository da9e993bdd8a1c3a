// @vitest-environment happy-dom
/**
 * Section 6 analytics: choosing a triage topic is reported as the chat event `triage_topic`
 * with the topic, beside the button click and the Start chat click.
 */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stateWith } from './support/render-app.js';

describe('triage analytics', () => {
  it('choosing a vehicle sub-topic reports triage_topic with that topic', () => {
    const { analytics } = renderApp(
      stateWith({ dialog: { status: 'open', endChatPrompt: false }, views: ['topics', 'vehicle'] }, { triage: true }),
    );
    const reported = vi.spyOn(analytics, 'chatEvent');
    fireEvent.click(screen.getByRole('button', { name: 'Placing an order' }));
    expect(reported).toHaveBeenCalledWith('triage_topic', { topic: expect.stringMatching(/order/i) });
  });
});
