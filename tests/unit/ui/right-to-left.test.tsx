// @vitest-environment happy-dom
/** A page in a right-to-left language gets the widget drawn right to left, in that language. */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ar from '../../../widget/ui/i18n/catalogues/i18n-ar.js';
import { OPEN_DIALOG, renderApp, stateWith } from './support/render-app.js';

afterEach(cleanup);

describe('a right-to-left page', () => {
  it('an Arabic page draws the widget right to left, in Arabic', () => {
    renderApp(stateWith({ dialog: OPEN_DIALOG }, { locale: 'ar-ae' }), undefined, ar);
    const root = document.querySelector('.cw-root');
    expect(root?.getAttribute('dir')).toBe('rtl');
    expect(root?.getAttribute('lang')).toBe('ar');
    expect(screen.getByRole('dialog', { name: 'مركز الأسئلة' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'بدء المحادثة' })).toBeTruthy();
  });
});
