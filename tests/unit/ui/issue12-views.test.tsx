// @vitest-environment happy-dom
/**
 * Issue 12 in the views over a fake core: the callback's Retry, the 'Chat now' switch, the
 * queue status and 'Call me back instead', the composer's draft and disabled reason, the page
 * title while hidden, and a right-to-left page.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../widget/core/chat/state.js';
import { Composer } from '../../../widget/ui/components/Composer.js';
import type { Catalogue } from '../../../widget/ui/i18n/catalogue.js';
import ar from '../../../widget/ui/i18n/catalogues/i18n-ar.js';
import en from '../../../widget/ui/i18n/catalogues/i18n-en.js';
import { useTitleBadge } from '../../../widget/ui/use-title-badge.js';
import { English } from './support/english.js';
import { chatIn, renderApp, stateWith } from './support/render-app.js';

afterEach(cleanup);

const open = { status: 'open', endChatPrompt: false } as const;

describe('callback form (item 2) and the chat-lite offer (item 1)', () => {
  it('after a failed request the form stays, its button says Retry, and a note says it was not sent', () => {
    renderApp(
      stateWith(
        {
          dialog: open,
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
    const { core } = renderApp(stateWith({ dialog: open, views: ['callback'] }, { chatLite: true }));
    expect(screen.getByText('An agent is available to chat now.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Chat now' }));
    expect(core.navigate).toHaveBeenCalledWith('form');
  });
});

describe('queue (items 5, 6 and 9)', () => {
  it("while queued: 'Waiting for an agent…', the estimated wait, the composer's reason, and a call instead on chat-lite pages", async () => {
    const base = stateWith(
      { dialog: open, chat: chatIn({ kind: 'active' }), availability: { status: 'available', waitMinutes: 4 } },
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
    const base = stateWith({ dialog: open, chat: chatIn({ kind: 'active' }) });
    renderApp({ ...base, chat: { ...base.chat, status: { kind: 'waiting' } } });
    expect(screen.queryByRole('button', { name: 'Call me back instead' })).toBeNull();
  });
});

describe('composer draft (item 9)', () => {
  it('starts from the kept draft and reports every change', async () => {
    const onDraft = vi.fn();
    render(
      <Composer enabled onSend={() => {}} onTyping={() => {}} maxLength={4000} initialText="half" onDraft={onDraft} />,
      { wrapper: English },
    );
    const input = screen.getByLabelText('Type message') as HTMLTextAreaElement;
    expect(input.value).toBe('half');
    await userEvent.type(input, ' a question');
    expect(onDraft).toHaveBeenLastCalledWith('half a question');
  });
});

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

describe('page title while the tab is hidden (item 9)', () => {
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

describe('a right-to-left page (item 10)', () => {
  it('an Arabic page draws the widget right to left, in Arabic', () => {
    renderApp(stateWith({ dialog: open }, { locale: 'ar-ae' }), undefined, ar);
    const root = document.querySelector('.cw-root');
    expect(root?.getAttribute('dir')).toBe('rtl');
    expect(root?.getAttribute('lang')).toBe('ar');
    expect(screen.getByRole('dialog', { name: 'مركز الأسئلة' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'بدء المحادثة' })).toBeTruthy();
  });
});
