// @vitest-environment happy-dom
import { cleanup, fireEvent, render as renderBare, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatEnded } from '../../../widget/ui/components/ChatEnded.js';
import { Composer } from '../../../widget/ui/components/Composer.js';
import { Dialog } from '../../../widget/ui/components/Dialog.js';
import { EndChatPrompt } from '../../../widget/ui/components/EndChatPrompt.js';
import { Field, type UiField } from '../../../widget/ui/components/fields.js';
import { MESSAGE_BLOCK_SIZE, MessageList } from '../../../widget/ui/components/MessageList.js';
import { StatusCard } from '../../../widget/ui/components/StatusCard.js';
import { TopicList } from '../../../widget/ui/components/TopicList.js';
import { English } from './support/english.js';

/** Components draw their texts from the page's catalogue: English here. */
const render = (ui: ReactElement) => renderBare(ui, { wrapper: English });

afterEach(cleanup);

describe('delivery states and the length limit', () => {
  it('a message over the limit: the composer says so, Send is disabled and Enter sends nothing', async () => {
    const onSend = vi.fn();
    render(<Composer enabled onSend={onSend} onTyping={() => {}} maxLength={10} />);
    const input = screen.getByLabelText('Type message');
    await userEvent.type(input, 'exactly 10');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.type(input, '!');
    expect(screen.getByRole('alert').textContent).toBe('Your message is too long: at most 10 characters.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(input, '{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(input, '{Backspace}{Enter}');
    expect(onSend).toHaveBeenCalledWith('exactly 10');
  });

  it("a failed message says 'Not delivered'; Retry (when offered) is a named button that sends it again", async () => {
    const onRetry = vi.fn();
    render(
      <MessageList
        messages={[
          { id: 'c1', kind: 'customer', text: 'lost twice', failed: { text: 'Not delivered', retry: true } },
          {
            id: 'c2',
            kind: 'customer',
            text: 'huge',
            failed: { text: 'Not delivered: too long for the chat service', retry: false },
          },
        ]}
        typing={null}
        onScrolledChange={() => {}}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByText('Not delivered')).toBeTruthy();
    expect(screen.getByText('Not delivered: too long for the chat service')).toBeTruthy();
    expect(screen.queryByText('Sending…')).toBeNull();
    const retries = screen.getAllByRole('button', { name: /^Retry/ });
    expect(retries).toHaveLength(1);
    expect(retries[0]?.getAttribute('aria-label')).toBe('Retry: lost twice');
    await userEvent.click(retries[0] as HTMLElement);
    expect(onRetry).toHaveBeenCalledWith('c1');
  });
});

describe('Composer (section 2, view 9; section 5 chat messages)', () => {
  it('when Enter is pressed, sends the trimmed text and clears the input', async () => {
    const onSend = vi.fn();
    render(<Composer enabled onSend={onSend} onTyping={() => {}} maxLength={4000} />);
    const input = screen.getByLabelText('Type message');
    expect(input.getAttribute('placeholder')).toBe('Type message');
    await userEvent.type(input, '  hello  {Enter}');
    expect(onSend).toHaveBeenCalledWith('hello');
    expect((input as HTMLTextAreaElement).value).toBe('');
  });

  it('when Shift+Enter is pressed, does not send', async () => {
    const onSend = vi.fn();
    render(<Composer enabled onSend={onSend} onTyping={() => {}} maxLength={4000} />);
    await userEvent.type(screen.getByLabelText('Type message'), 'line one{Shift>}{Enter}{/Shift}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('does not send an empty message, and fills the Send icon only when there is text', async () => {
    const onSend = vi.fn();
    render(<Composer enabled onSend={onSend} onTyping={() => {}} maxLength={4000} />);
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send.className).not.toContain('--filled');
    await userEvent.type(screen.getByLabelText('Type message'), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Type message'), 'x');
    expect(screen.getByRole('button', { name: 'Send' }).className).toContain('cw-composer__send--filled');
  });

  it('given no agent in the room, the input is disabled', () => {
    render(<Composer enabled={false} onSend={() => {}} onTyping={() => {}} maxLength={4000} />);
    expect((screen.getByLabelText('Type message') as HTMLTextAreaElement).disabled).toBe(true);
  });

  it('starts from the kept draft and reports every change', async () => {
    const onDraft = vi.fn();
    render(
      <Composer enabled onSend={() => {}} onTyping={() => {}} maxLength={4000} initialText="half" onDraft={onDraft} />,
    );
    const input = screen.getByLabelText('Type message') as HTMLTextAreaElement;
    expect(input.value).toBe('half');
    await userEvent.type(input, ' a question');
    expect(onDraft).toHaveBeenLastCalledWith('half a question');
  });
});

describe('MessageList', () => {
  const PENDING = 3;
  it('is a live region (role log) and renders message text as text, never as HTML', () => {
    render(
      <MessageList
        messages={[
          { id: '1', kind: 'agent', text: '<img src=x onerror=alert(1)> hi', sender: 'Ana' },
          { id: '2', kind: 'customer', text: 'pending one', pending: true },
        ]}
        typing="Ana"
        onScrolledChange={() => {}}
      />,
    );
    const log = screen.getByRole('log');
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(log.querySelector('img')).toBeNull();
    expect(log.textContent).toContain('<img src=x onerror=alert(1)> hi');
    // The name is isolated from the sentence's direction, in a <bdi> of its own.
    const typingLine = log.parentElement?.querySelector('.cw-typing__text');
    expect(typingLine?.textContent).toBe('Ana is typing');
    expect(typingLine?.querySelector('bdi')?.textContent).toBe('Ana');
    expect(screen.getByText('Sending…')).toBeTruthy();
  });

  it('a long transcript draws only its newest messages; Show earlier messages reaches every one, in order; a changed message is redrawn', () => {
    const messages = Array.from({ length: 4 * MESSAGE_BLOCK_SIZE + 7 }, (_, i) => ({
      id: `m${i}`,
      kind: 'customer' as const,
      text: `line ${i}`,
      pending: i === PENDING,
    }));
    const { rerender } = render(<MessageList messages={messages} typing={null} onScrolledChange={() => {}} />);
    const log = screen.getByRole('log');
    const items = () => within(log).getAllByRole('listitem');
    const texts = () => items().map((item) => item.querySelector('.cw-msg__text')?.textContent);
    // The newest two blocks: the last full one and the one being filled.
    expect(texts()).toEqual(messages.slice(3 * MESSAGE_BLOCK_SIZE).map((m) => m.text));
    // Each item says its place in the whole chat, for assistive technology.
    expect(items()[0]?.getAttribute('aria-posinset')).toBe(String(3 * MESSAGE_BLOCK_SIZE + 1));
    expect(items().at(-1)?.getAttribute('aria-posinset')).toBe(String(messages.length));
    const seen = new Set(texts());
    const earlierButton = () => screen.queryByRole('button', { name: 'Show earlier messages' });
    for (let clicks = 0; earlierButton() !== null; clicks++) {
      expect(clicks).toBeLessThan(10);
      fireEvent.click(earlierButton() as HTMLElement);
      for (const text of texts()) seen.add(text);
      // What is drawn stays bounded, and in order.
      expect(items().length).toBeLessThanOrEqual(6 * MESSAGE_BLOCK_SIZE);
      const shown = texts().map((t) => Number(t?.split(' ')[1]));
      expect(shown).toEqual([...shown].sort((x, y) => x - y));
    }
    expect([...seen].sort()).toEqual(messages.map((m) => m.text).sort());
    expect(texts()[0]).toBe('line 0');
    expect(items()[PENDING]?.textContent).toContain('Sending…');
    const delivered = messages.map((m, i) => (i === PENDING ? { ...m, pending: false } : m));
    rerender(<MessageList messages={delivered} typing={null} onScrolledChange={() => {}} />);
    expect(items()[PENDING]?.textContent).toBe(`line ${PENDING}`);
    // A new message: drawn last, wherever the visitor reads.
    rerender(
      <MessageList
        messages={[...delivered, { id: 'new', kind: 'customer', text: 'last', pending: false }]}
        typing={null}
        onScrolledChange={() => {}}
      />,
    );
    expect(items().at(-1)?.textContent).toBe('last');
  });

  it('a transcript past its cap says so above its first kept message, in the page language', () => {
    const messages = Array.from({ length: 30 }, (_, i) => ({ id: `m${i}`, kind: 'agent' as const, text: `line ${i}` }));
    render(<MessageList messages={messages} dropped={500} typing={null} onScrolledChange={() => {}} />);
    expect(screen.getByText('Earlier messages are no longer shown: this chat keeps its latest 5,000.')).toBeTruthy();
    expect(within(screen.getByRole('log')).getAllByRole('listitem')[0]?.getAttribute('aria-posinset')).toBe('501');
  });

  it('links only http(s) URLs', () => {
    render(
      <MessageList
        messages={[{ id: '1', kind: 'agent', text: 'see https://example.com/a. or javascript:alert(1)' }]}
        typing={null}
        onScrolledChange={() => {}}
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('https://example.com/a');
    expect(links[0]?.getAttribute('rel')).toContain('noopener');
  });

  it('renders a download link only for an http(s) address', () => {
    render(
      <MessageList
        messages={[
          { id: '1', kind: 'download', text: '', sender: 'Ana', fileName: 'file.pdf', href: '/cua-api/chat/files/w/u' },
          { id: '2', kind: 'download', text: '', sender: 'Ana', fileName: 'bad.pdf', href: 'javascript:alert(1)' },
        ]}
        typing={null}
        onScrolledChange={() => {}}
      />,
    );
    expect(screen.getByRole('link', { name: 'Ana sent a file: file.pdf' }).getAttribute('href')).toBe(
      '/cua-api/chat/files/w/u',
    );
    expect(screen.queryByRole('link', { name: /bad\.pdf/ })).toBeNull();
    expect(screen.getByText('bad.pdf')).toBeTruthy();
  });
});

describe('a page the agent pushed (newPushPageMessage)', () => {
  it("is a link to the page, opening in a new tab that gets no hold on this one, under the sender's name", () => {
    render(
      <MessageList
        messages={[
          {
            id: 'm1',
            kind: 'page',
            text: 'https://www.example.com/offers',
            sender: 'Sam',
            href: 'https://www.example.com/offers',
          },
          { id: 'm2', kind: 'page', text: 'https://www.example.com/b', sender: '', href: 'https://www.example.com/b' },
        ]}
        typing={null}
        onScrolledChange={() => {}}
      />,
    );
    const link = screen.getByRole('link', { name: 'https://www.example.com/offers' });
    expect(link.getAttribute('href')).toBe('https://www.example.com/offers');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    const items = screen.getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Sam');
    // A sender section 6 hides is shown without a name.
    expect(items[1]?.querySelector('.cw-msg__sender')).toBeNull();
  });
});

describe('Dialog (section 2, modal behaviour)', () => {
  it('is a dialog named Question Center; Escape closes; focus moves inside', async () => {
    const onClose = vi.fn();
    render(
      <Dialog name="Question Center" title="Question Center" onClose={onClose} scrolled={false}>
        <input aria-label="First name" />
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Question Center' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('keeps Tab inside: from the last control focus wraps to the first, and back with Shift+Tab', async () => {
    render(
      <>
        <button type="button">page button</button>
        <Dialog name="Question Center" title="Question Center" onClose={() => {}} scrolled={false}>
          <input aria-label="Only field" />
        </Dialog>
      </>,
    );
    const close = screen.getByRole('button', { name: 'Close chat' });
    const field = screen.getByLabelText('Only field');
    field.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(field);
  });

  it('shows back and minimize only when given, and the scroll class when scrolled', () => {
    const { rerender } = render(
      <Dialog name="Question Center" title="Ana" subheader="Question Center" onClose={() => {}} scrolled={false}>
        <p>body</p>
      </Dialog>,
    );
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Minimize chat' })).toBeNull();
    rerender(
      <Dialog name="Question Center" title="Ana" onBack={() => {}} onMinimize={() => {}} onClose={() => {}} scrolled>
        <p>body</p>
      </Dialog>,
    );
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Minimize chat' })).toBeTruthy();
    expect(screen.getByRole('dialog').className).toContain('cw-dialog--scrolled');
  });
});

describe('EndChatPrompt, ChatEnded, StatusCard', () => {
  it("asks 'End Chat?' with Yes and No", async () => {
    const onYes = vi.fn();
    const onNo = vi.fn();
    render(<EndChatPrompt onYes={onYes} onNo={onNo} />);
    expect(screen.getByText('End Chat?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onNo).toHaveBeenCalledOnce();
    expect(onYes).toHaveBeenCalledOnce();
  });

  it('after a transfer, only says the window can be closed (the transcript carries the notice)', () => {
    render(<ChatEnded reason="transferred" />);
    expect(screen.getByRole('status').textContent).toBe('This window can be closed.');
  });

  it('after the agent closed the chat, shows the thank-you card', () => {
    render(<ChatEnded reason="agentClosed" />);
    expect(screen.getByText('Thank you for chatting with us')).toBeTruthy();
  });

  it('after a renew the service refused, says the chat could not be resumed', () => {
    render(<ChatEnded reason="notResumed" />);
    expect(screen.getByText('Something went wrong!')).toBeTruthy();
    expect(screen.getByText('Unable to resume the chat, chat has ended')).toBeTruthy();
  });

  it('an error card is an alert, a success card a status', () => {
    render(<StatusCard card={{ tone: 'error', title: 'Something went wrong!', body: 'Please try again later.' }} />);
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong!');
  });
});

describe('Field (section 5: labels and tied errors)', () => {
  const base: UiField = {
    name: 'email',
    control: 'input',
    inputType: 'email',
    label: 'Email',
    required: true,
    value: '',
  };
  const commands = { onChange: vi.fn(), onToggle: vi.fn(), onBlur: vi.fn() };

  it('labels the control and ties its error with aria-describedby and aria-invalid', () => {
    render(<Field field={{ ...base, error: 'email is invalid' }} idPrefix="f" {...commands} />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const errorId = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('email is invalid');
  });

  it('a checkbox group toggles one option at a time', async () => {
    const onToggle = vi.fn();
    render(
      <Field
        field={{
          name: 'productInterested',
          control: 'checkboxGroup',
          label: 'Product Interested',
          required: true,
          value: [],
          options: [
            { value: 'Model S', label: 'Model S' },
            { value: 'Solar Roof', label: 'Solar Roof' },
          ],
        }}
        idPrefix="f"
        {...commands}
        onToggle={onToggle}
      />,
    );
    expect(screen.getByRole('group', { name: 'Product Interested' })).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Solar Roof'));
    expect(onToggle).toHaveBeenCalledWith('productInterested', 'Solar Roof');
  });

  it('a hidden field renders nothing', () => {
    const { container } = render(<Field field={{ ...base, hidden: true }} idPrefix="f" {...commands} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('TopicList', () => {
  it('renders links for link topics and buttons for the rest', async () => {
    const onSelect = vi.fn();
    render(
      <TopicList
        heading="How can we help?"
        variant="list"
        topics={[
          { id: 'vehicle', label: 'Vehicle' },
          { id: 'account', label: 'Account Support', href: '/contact' },
        ]}
        onSelect={onSelect}
      />,
    );
    // A link out says so: it opens the site in a new tab.
    expect(screen.getByRole('link', { name: 'Account Support (opens in a new tab)' }).getAttribute('href')).toBe(
      '/contact',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Vehicle' }));
    expect(onSelect).toHaveBeenCalledWith('vehicle');
  });
});
