// @vitest-environment happy-dom
/** The page title counts the answers that arrive while the visitor is on another tab. */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../widget/core/chat/state.js';
import type { Catalogue } from '../../../widget/ui/i18n/catalogue.js';
import en from '../../../widget/ui/i18n/catalogues/i18n-en.js';
import { useTitleBadge } from '../../../widget/ui/use-title-badge.js';

afterEach(cleanup);

/** The title badge over a transcript: the chat counts what the other side sent, and so does this. */
function Titled({ messages, catalogue }: { messages: readonly ChatMessage[]; catalogue: Catalogue }) {
  useTitleBadge(document, messages.filter((m) => m.kind !== 'customer').length, catalogue);
  return null;
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

describe('the page title while the tab is hidden', () => {
  it('counts the answers that arrive while hidden, then gives the page its title back', () => {
    document.title = 'Volt Motors';
    const agent = (id: string): ChatMessage => ({ kind: 'live_agent', id, text: id, timestamp: 1, displayName: 'Sam' });
    const outbox = { seq: null, sentAt: 1, sends: 1, shownAt: null };
    const mine: ChatMessage = {
      kind: 'customer',
      id: 'c1',
      text: 'hi',
      timestamp: 1,
      delivery: 'delivered',
      failure: null,
      outbox,
    };
    const view = render(<Titled messages={[agent('m1')]} catalogue={en} />);
    setHidden(true);
    view.rerender(<Titled messages={[agent('m1'), mine]} catalogue={en} />);
    expect(document.title).toBe('Volt Motors');
    view.rerender(<Titled messages={[agent('m1'), mine, agent('m2'), agent('m3')]} catalogue={en} />);
    expect(document.title).toBe('(2) Volt Motors');
    setHidden(false);
    expect(document.title).toBe('Volt Motors');
  });
});
