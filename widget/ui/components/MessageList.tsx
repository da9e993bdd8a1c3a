import { createContext, memo, type UIEvent, useContext, useLayoutEffect, useRef, useState } from 'react';
import { formatText } from '../../core/texts.js';
import { plural } from '../i18n/catalogue.js';
import { useCatalogue } from '../i18n/use-catalogue.js';
import { withoutDirectionControls } from '../isolate.js';
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
  const { core } = useCatalogue();
  const failed = message.failed;
  if (failed === undefined) return null;
  return (
    <span className="cw-msg__failed">
      {failed.text}
      {failed.retry && onRetry ? (
        <button
          type="button"
          className="cw-msg__retry"
          aria-label={`${core.retry}: ${message.text.slice(0, 40)}`}
          onClick={() => onRetry(message.id)}
        >
          {core.retry}
        </button>
      ) : null}
    </span>
  );
}

/** A catalogue sentence with outside values (names, file names) in it, each in a <bdi> of its own (isolate.ts). */
function Isolating({ template, values }: { template: string; values: readonly string[] }) {
  const parts = formatText(template, ...values.map((_, index) => `\u0000${index}\u0000`)).split('\u0000');
  return parts.map((part, index) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, in order
    index % 2 ? <bdi key={index}>{withoutDirectionControls(values[Number(part)] ?? '')}</bdi> : part,
  );
}

function DownloadLink({ message }: { message: UiMessage }) {
  const { ui } = useCatalogue();
  const sentence = <Isolating template={ui.fileSent} values={[message.sender ?? '', message.fileName ?? '']} />;
  let safe: string | null = null;
  try {
    const url = new URL(message.href ?? '', 'http://invalid.local');
    if (url.protocol === 'http:' || url.protocol === 'https:') safe = message.href ?? null;
  } catch {
    safe = null;
  }
  return safe ? (
    <a
      className="cw-msg__download"
      href={safe}
      download
      target="_blank"
      rel="noopener noreferrer"
      // A file name cut for the screen: the whole sentence is the link's name.
      aria-label={message.fileName?.includes('…') ? message.text : undefined}
    >
      {sentence}
    </a>
  ) : (
    <span>{sentence}</span>
  );
}

/** Memoised: a message whose object did not change (see messages.ts) is not drawn again. */
const Message = memo(function Message({ message }: { message: UiMessage }) {
  const { core } = useCatalogue();
  const state = message.pending ? ' cw-msg--pending' : message.failed ? ' cw-msg--failed' : '';
  const className = `cw-msg cw-msg--${message.kind}${state}`;
  const showSender = (message.kind === 'agent' || message.kind === 'bot' || message.kind === 'page') && message.sender;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an li must be a child of its list, and layout blocks sit between them
    <div role="listitem" className={className}>
      {/* dir auto: a message reads in its own script's direction, whatever the page's. */}
      {/* The sender: one line, cut with an ellipsis (the whole name stays in the text). */}
      {showSender ? <bdi className="cw-msg__sender">{withoutDirectionControls(message.sender ?? '')}</bdi> : null}
      <span className="cw-msg__text" dir="auto">
        {message.kind === 'download' ? <DownloadLink message={message} /> : linkify(message.text)}
      </span>
      {message.time !== undefined || message.pending ? (
        <span className="cw-msg__meta">
          {message.time !== undefined ? (
            <time className="cw-msg__time" dateTime={message.dateTime}>
              {message.time}
            </time>
          ) : null}
          {message.pending ? <span className="cw-msg__pending">{core.sending}</span> : null}
        </span>
      ) : null}
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

/** Within this many pixels of the end, the visitor is reading the newest messages. */
const AT_BOTTOM_SLACK = 32;

function isAtBottom(el: HTMLElement): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_SLACK;
}

/**
 * The transcript: a live region (role log) that announces added messages only (aria-relevant
 * additions: a message turning from 'Sending…' to sent is not read again). It keeps the newest
 * message in view while the visitor is at the end; a visitor who scrolled up to read stays
 * where they are, and a "new messages" pill takes them down. Their own message always scrolls.
 */
export function MessageList({ messages, typing, onScrolledChange, onRetry }: MessageListProps) {
  const { ui, language } = useCatalogue();
  const listRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const drawn = useRef(messages.length);
  const [unseen, setUnseen] = useState(0);
  const count = messages.length;
  const lastIsOwn = messages.at(-1)?.kind === 'customer';
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever a message or the typing line arrives
  useLayoutEffect(() => {
    const el = listRef.current;
    const added = count - drawn.current;
    drawn.current = count;
    if (!el) return;
    if (atBottom.current || (added > 0 && lastIsOwn)) {
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
      setUnseen(0);
    } else if (added > 0) {
      setUnseen((before) => before + added);
    }
  }, [count, typing]);
  const toEnd = () => {
    const el = listRef.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setUnseen(0);
    el.focus();
  };
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    atBottom.current = isAtBottom(el);
    if (atBottom.current) setUnseen(0);
    onScrolledChange(el.scrollTop > 0);
  };
  return (
    <div className="cw-log-frame">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling transcript must be reachable by keyboard */}
      <div className="cw-log" ref={listRef} onScroll={onScroll} tabIndex={0}>
        <div role="log" aria-live="polite" aria-relevant="additions" aria-label={ui.chatMessages}>
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
            <span className="cw-typing__text">
              <Isolating template={ui.isTyping} values={[typing]} />
            </span>
          </p>
        ) : null}
      </div>
      {unseen > 0 ? (
        <button type="button" className="cw-pill" onClick={toEnd}>
          {plural(ui.newMessages, unseen, language)}
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 5v14M6 13l6 6 6-6" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
