import { createContext, memo, type UIEvent, useContext, useEffect, useRef } from 'react';
import { TEXTS } from '../../core/texts.js';
import { linkify } from './linkify.js';
import type { UiMessage } from './types.js';

export interface MessageListProps {
  messages: readonly UiMessage[];
  /** Name of an agent currently typing, if any. */
  typing: string | null;
  /** Reports whether the list is scrolled away from the top (the dialog's scroll class). */
  onScrolledChange: (scrolled: boolean) => void;
  /** Sends a failed message again. */
  onRetry?: (id: string) => void;
}

/** Retry reaches the memoised items through context, so a new callback does not redraw them all. */
const RetryContext = createContext<((id: string) => void) | undefined>(undefined);

function Failed({ message }: { message: UiMessage }) {
  const onRetry = useContext(RetryContext);
  const failed = message.failed;
  if (failed === undefined) return null;
  return (
    <span className="cw-msg__failed">
      {failed.text}
      {failed.retry && onRetry ? (
        <button
          type="button"
          className="cw-msg__retry"
          aria-label={`${TEXTS.retry}: ${message.text.slice(0, 40)}`}
          onClick={() => onRetry(message.id)}
        >
          {TEXTS.retry}
        </button>
      ) : null}
    </span>
  );
}

function DownloadLink({ message }: { message: UiMessage }) {
  let safe: string | null = null;
  try {
    const url = new URL(message.href ?? '', 'http://invalid.local');
    if (url.protocol === 'http:' || url.protocol === 'https:') safe = message.href ?? null;
  } catch {
    safe = null;
  }
  return safe ? (
    <a className="cw-msg__download" href={safe} download target="_blank" rel="noopener noreferrer">
      {message.text}
    </a>
  ) : (
    <span>{message.text}</span>
  );
}

/** Memoised: a message whose object did not change (see messages.ts) is not drawn again. */
const Message = memo(function Message({ message }: { message: UiMessage }) {
  const state = message.pending ? ' cw-msg--pending' : message.failed ? ' cw-msg--failed' : '';
  const className = `cw-msg cw-msg--${message.kind}${state}`;
  const showSender = (message.kind === 'agent' || message.kind === 'bot') && message.sender;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an li must be a child of its list, and layout blocks sit between them
    <div role="listitem" className={className}>
      {showSender ? <span className="cw-msg__sender">{message.sender}</span> : null}
      <span className="cw-msg__text">
        {message.kind === 'download' ? <DownloadLink message={message} /> : linkify(message.text)}
      </span>
      {message.pending ? <span className="cw-msg__pending">{TEXTS.sending}</span> : null}
      <Failed message={message} />
    </div>
  );
});

/**
 * Messages are drawn in blocks of this many. The browser lays out a column of n boxes in
 * O(n) on every append; a block that no longer changes is one box whose layout is reused,
 * so appending the 1,000th message costs about what the 10th did (BENCHMARKS.md, item 2).
 */
export const MESSAGE_BLOCK_SIZE = 50;

function sameMessages(before: { messages: readonly UiMessage[] }, after: { messages: readonly UiMessage[] }): boolean {
  return before.messages.length === after.messages.length && before.messages.every((m, i) => m === after.messages[i]);
}

/** One block of the transcript; a full block whose messages are unchanged is skipped by React. */
const MessageBlock = memo(function MessageBlock({ messages }: { messages: readonly UiMessage[] }) {
  const full = messages.length === MESSAGE_BLOCK_SIZE;
  return (
    // role none: the blocks are layout only; the list's items are the messages.
    <div role="none" className={full ? 'cw-log__block cw-log__block--full' : 'cw-log__block'}>
      {messages.map((message) => (
        <Message key={message.id} message={message} />
      ))}
    </div>
  );
}, sameMessages);

function toBlocks(messages: readonly UiMessage[]): (readonly UiMessage[])[] {
  const blocks: (readonly UiMessage[])[] = [];
  for (let start = 0; start < messages.length; start += MESSAGE_BLOCK_SIZE) {
    blocks.push(messages.slice(start, start + MESSAGE_BLOCK_SIZE));
  }
  return blocks;
}

/** The transcript: a live region (role log) that keeps the newest message in view. */
export function MessageList({ messages, typing, onScrolledChange, onRetry }: MessageListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const count = messages.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever a message or the typing line arrives
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count, typing]);
  const onScroll = (event: UIEvent<HTMLDivElement>) => onScrolledChange(event.currentTarget.scrollTop > 0);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling transcript must be reachable by keyboard
    <div className="cw-log" ref={listRef} onScroll={onScroll} tabIndex={0}>
      <div role="log" aria-live="polite" aria-label="Chat messages">
        {/* biome-ignore lint/a11y/useSemanticElements: its items are in layout blocks, which an ol may not hold */}
        <div role="list" className="cw-log__list">
          <RetryContext.Provider value={onRetry}>
            {toBlocks(messages).map((block, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a block is its position in the transcript
              <MessageBlock key={index} messages={block} />
            ))}
          </RetryContext.Provider>
        </div>
      </div>
      {typing ? (
        <p className="cw-typing">
          <span className="cw-typing__dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {`${typing} is typing`}
        </p>
      ) : null}
    </div>
  );
}
