import { describe, expect, it } from 'vitest';
/**
 * The view state's reducer: views, dialog, cards, availability. The chat itself is the chat
 * machine's (chat-machine.test.ts); the store takes its view whole.
 */
import type { WidgetEvent } from '../../../widget/core/chat/events.js';
import { defaultFlags, initialState } from '../../../widget/core/chat/initial-state.js';
import { reduce } from '../../../widget/core/chat/reducer.js';
import {
  canGoBack,
  canMinimize,
  isDialogShown,
  isHiddenOnViewport,
  selectLauncher,
  selectLook,
} from '../../../widget/core/chat/selectors.js';
import type { WidgetFlags, WidgetState } from '../../../widget/core/chat/state.js';
import { TEXTS } from '../../../widget/core/texts.js';

function run(events: WidgetEvent[], flags: Partial<WidgetFlags> = {}): WidgetState {
  return events.reduce(reduce, initialState({ ...defaultFlags(), ...flags }));
}

describe('chat reducer: views, dialog, cards, availability', () => {
  it('§2 navigation: back pops one screen; a reset returns to main topics', () => {
    const state = run(
      [
        { type: 'viewPushed', view: 'vehicle' },
        { type: 'viewPushed', view: 'form' },
      ],
      { triage: true },
    );
    expect(state.views).toEqual(['topics', 'vehicle', 'form']);
    expect(canGoBack(state)).toBe(true);
    const back = reduce(state, { type: 'viewPopped' });
    expect(back.views).toEqual(['topics', 'vehicle']);
    expect(reduce(back, { type: 'viewsReset' }).views).toEqual(['topics']);
    const first = run([]);
    expect(reduce(first, { type: 'viewPopped' })).toBe(first);
    expect(canGoBack(first)).toBe(false);
  });

  it('§2 header: back shows in triage mode on the pre-chat form', () => {
    const state = { ...run([], { triage: true }), views: ['form'] };
    expect(canGoBack(state)).toBe(true);
  });

  it('§2 views: chat-lite starts on the callback form, full chat on the pre-chat form', () => {
    expect(run([], { chatLite: true }).views).toEqual(['callback']);
    expect(run([]).views).toEqual(['form']);
  });

  it('§2 launcher: hidden until availability is reported; chat-lite visible at once', () => {
    expect(selectLauncher(run([])).visible).toBe(false);
    expect(selectLauncher(run([], { chatLite: true })).visible).toBe(true);
    const available = run([{ type: 'availabilityResolved', availability: { status: 'available', waitMinutes: 2 } }]);
    expect(selectLauncher(available).visible).toBe(true);
    const unavailable = run([
      { type: 'availabilityResolved', availability: { status: 'unavailable', message: TEXTS.noAgents } },
    ]);
    expect(selectLauncher(unavailable).visible).toBe(false);
  });

  it('§4 callback form submit: form disabled while submitting, then the card; the button is hidden afterwards', () => {
    const submitting = run([{ type: 'callbackSubmitting' }], { chatLite: true });
    expect(submitting.callback).toEqual({ status: 'submitting' });
    const card = { tone: 'success' as const, title: TEXTS.successTitle, body: TEXTS.successBody };
    const done = reduce(submitting, { type: 'callbackSubmitted', ok: true, card });
    expect(done.statusCard).toEqual(card);
    expect(selectLauncher(done).visible).toBe(false);
    expect(reduce(done, { type: 'statusCardDismissed' }).statusCard).toBeNull();
  });

  it('§2 launcher position moves on trips pages; minimize hidden when the bubble is bypassed', () => {
    expect(selectLauncher(run([], { tripsPage: true })).position).toBe('trips');
    expect(canMinimize(run([], { bypassBubble: true }))).toBe(false);
    expect(canMinimize(run([]))).toBe(true);
  });

  it('§2 mounting: hidden at 599 px or less when hide-on-mobile is on', () => {
    expect(isHiddenOnViewport(run([], { hideOnMobile: true }), 599)).toBe(true);
    expect(isHiddenOnViewport(run([], { hideOnMobile: true }), 600)).toBe(false);
    expect(isHiddenOnViewport(run([]), 320)).toBe(false);
  });

  it('availability answers carry the variant and the engagement-placeholder flag', () => {
    const state = run([
      {
        type: 'availabilityResolved',
        availability: { status: 'available', waitMinutes: 1 },
        variant: 'newer',
        useEngagementPlaceholderData: true,
      },
      { type: 'flagsUpdated', flags: { bypassBubble: true } },
    ]);
    expect(state.flags.variant).toBe('newer');
    expect(state.flags.useEngagementPlaceholderData).toBe(true);
    expect(state.flags.bypassBubble).toBe(true);
  });

  it('a no-op event returns the same state object (the store skips it)', () => {
    const state = run([]);
    expect(reduce(state, { type: 'statusCardDismissed' })).toBe(state);
    expect(reduce(state, { type: 'viewPopped' })).toBe(state);
  });

  it('§2 the dialog on screen and the look are derived, in one place', () => {
    expect(isDialogShown(run([]))).toBe(false);
    expect(isDialogShown(run([{ type: 'dialogOpened' }]))).toBe(true);
    expect(isDialogShown(run([{ type: 'dialogOpened' }, { type: 'dialogCloseRequested' }]))).toBe(true);
    expect(isDialogShown(run([{ type: 'dialogOpened' }, { type: 'minimized' }]))).toBe(false);
    expect(selectLook(run([], { variant: 'newer' }))).toBe('tds');
    expect(selectLook(run([], { variant: 'older' }))).toBe('classic');
  });

  it('§4 widget modes: a failed chat shows its card, resets and returns to the first view', () => {
    const card = { tone: 'error' as const, title: TEXTS.noSuitableAgents, body: TEXTS.failureBody };
    const state = run([
      { type: 'dialogOpened' },
      { type: 'viewPushed', view: 'callback' },
      { type: 'chatFailed', card },
    ]);
    expect(state.statusCard).toEqual(card);
    expect(state.views).toEqual(['form']);
    expect(state.chat.status).toEqual({ kind: 'idle' });
  });
});
