// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveSettings } from '../../../widget/core/config/settings.js';
import { renderApp, stateWith } from './support/render-app.js';

afterEach(cleanup);

const open = { status: 'open', endChatPrompt: false } as const;

const preEngagementConfig = [
  { type: 'InputItem', attributes: { name: 'firstName', type: 'text', required: true }, label: 'Your name' },
  { type: 'InputItem', attributes: { name: 'subject', type: 'text', required: false }, label: 'Topic' },
];

describe('§3 form field definitions from configuration', () => {
  it('given chatWidgetParams.preEngagementConfig, the pre-chat form shows exactly those fields', () => {
    renderApp(stateWith({ dialog: open, views: ['form'] }), resolveSettings({ preEngagementConfig }));
    expect(screen.getByLabelText('Your name')).toBeTruthy();
    expect(screen.getByLabelText(/^Topic/)).toBeTruthy();
    expect(screen.queryByLabelText(/Email/)).toBeNull();
  });

  it('page options win over chatWidgetParams for the configured fields', () => {
    const settings = resolveSettings({ preEngagementConfig }, { preEngagementConfig: preEngagementConfig.slice(0, 1) });
    renderApp(stateWith({ dialog: open, views: ['form'] }), settings);
    expect(screen.getByLabelText('Your name')).toBeTruthy();
    expect(screen.queryByLabelText(/^Topic/)).toBeNull();
  });

  it('without configuration the spec defaults show (email among them)', () => {
    renderApp(stateWith({ dialog: open, views: ['form'] }));
    expect(screen.getByLabelText(/Email/)).toBeTruthy();
  });

  it('an unreadable entry is dropped with a warning for the integrator; the rest of the form stays', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = [...preEngagementConfig, { type: 'Slider', attributes: { name: 'age' } }];
    renderApp(stateWith({ dialog: open, views: ['form'] }), resolveSettings({ preEngagementConfig: broken }));
    expect(screen.getByLabelText('Your name')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('preEngagementConfig'));
    warn.mockRestore();
  });
});
