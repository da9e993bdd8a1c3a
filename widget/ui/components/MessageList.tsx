import { createContext, memo, type UIEvent, useContext, useLayoutEffect, useRef, useState } from 'react';
import { TRANSCRIPT_CAP } from '../../core/chat/transcript-cap.js';
import { formatText } from '../../core/texts.js';
import { fill, plural } from '../i18n/catalogue.js';
import { useCatalogue } from '../i18n/use-catalogue.js';
import { withoutDirectionControls } from '../isolate.js';
import { linkify } from './linkify.js';
import {
  BLOCK_SIZE,
  blockSlice,
  type Drawn,
  drawnBlocks,
  earlier,
  later,
  type Reading,
  topBlock,
} from './transcript-window.js';
import type { UiMessage } from './types.js';

export interface MessageListProps {
  /** The messages the chat keeps (the core's transcript cap dropped any before them). */
  messages: readonly UiMessage[];
  /** How many older messages the transcript cap dropped (0: none). */
  dropped?: number;
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
const Message = memo(function Message({ message, position }: { message: UiMessage; position: number }) {
  const { core } = useCatalogue();
  const state = message.pending ? ' cw-msg--pending' : message.failed ? ' cw-msg--failed' : '';
  const className = `cw-msg cw-msg--${message.kind}${state}`;
  const showSender = (message.kind === 'agent' || message.kind === 'bot' || message.kind === 'page') && message.sender;
  return (
    // Only part of the transcript is drawn: each item says its place in the whole chat (its
    // size keeps growing, so it is unknown: -1).
    // biome-ignore lint/a11y/useSemanticElements: an li must be a child of its list, and layout blocks sit between them
    <div role="listitem" className={className} aria-posinset={position} aria-setsize={-1}>
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

interface BlockProps {
  block: number;
  /** The place in the whole chat of the block's first message (1-based). */
  first: number;
  messages: readonly UiMessage[];
}

function sameBlock(before: BlockProps, after: BlockProps): boolean {
  return (
    before.first === after.first &&
    before.messages.length === after.messages.length &&
    before.messages.every((m, i) => m === after.messages[i])
  );
}

/** One block of the transcript (transcript-window.ts); a block whose messages are unchanged is skipped by React. */
const MessageBlock = memo(function MessageBlock({ block, first, messages }: BlockProps) {
  return (
    // role none: the blocks are layout only; the list's items are the messages.
    <div role="none" className="cw-log__block" data-block={block}>
      {messages.map((message, index) => (
        <Message key={message.id} message={message} position={first + index} />
      ))}
    </div>
  );
}, sameBlock);

function Blocks({
  blocks,
  messages,
  dropped,
}: {
  blocks: readonly number[];
  messages: readonly UiMessage[];
  dropped: number;
}) {
  return blocks.map((block) => {
    const { start, end } = blockSlice(block, dropped, messages.length);
    return <MessageBlock key={block} block={block} first={dropped + start + 1} messages={messages.slice(start, end)} />;
  });
}

/** Within this many pixels of the end, the visitor is reading the newest messages. */
const AT_BOTTOM_SLACK = 32;
/** Within this many pixels of the top (or of the undrawn gap), the next block is drawn. */
const DRAW_AHEAD = 400;

function isAtBottom(el: HTMLElement): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_SLACK;
}

/** A block that stays drawn across a change of the window, and where it was on the screen. */
interface Anchor {
  block: number;
  top: number;
}

function blockTop(list: HTMLElement, block: number): number | null {
  return list.querySelector(`[data-block="${block}"]`)?.getBoundingClientRect().top ?? null;
}

/**
 * The transcript: a live region (role log) that announces added messages only (aria-relevant
 * additions: a message turning from 'Sending…' to sent is not read again). It keeps the newest
 * message in view while the visitor is at the end; a visitor who scrolled up to read stays
 * where they are, and a "new messages" pill takes them down. Their own message always scrolls.
 *
 * Windowed (transcript-window.ts): only the newest messages and the ones the visitor scrolled
 * up to are in the DOM, so a message costs the same at the 20,000th as at the 18th. Scrolling
 * near the top draws the block above, keeping what is on screen where it is; 'Show earlier
 * messages' (the older block comes in below it) and 'Show later messages' draw the next block
 * from the keyboard or a screen reader. Blocks
 * drawn above the newest are outside the live part of the log, so bringing them back is not
 * announced as new. Find in page finds only what is drawn (README).
 */
export function MessageList({ messages, dropped = 0, typing, onScrolledChange, onRetry }: MessageListProps) {
  const { ui, language } = useCatalogue();
  const listRef = useRef<HTMLDivElement>(null);
  const gapRef = useRef<HTMLDivElement>(null);
  const tailRef = useRef<HTMLDivElement>(null);
  const earlierRef = useRef<HTMLButtonElement>(null);
  const atBottom = useRef(true);
  const count = messages.length;
  const total = dropped + count;
  const drawnTotal = useRef(total);
  const anchor = useRef<Anchor | null>(null);
  const [unseen, setUnseen] = useState(0);
  const [reading, setReading] = useState<Reading | null>(null);
  const drawn = drawnBlocks(dropped, count, reading);
  const lastIsOwn = messages.at(-1)?.kind === 'customer';

  /** Draws one more block above (or toward the tail), keeping a block that stays where it is on screen. */
  const move = (el: HTMLElement, next: Reading, keep: number) => {
    const top = blockTop(el, keep);
    anchor.current = top === null ? null : { block: keep, top };
    setReading(next);
  };
  const showEarlier = (el: HTMLElement, shown: Drawn) => move(el, earlier(shown, reading), topBlock(shown));
  const showLater = (el: HTMLElement, shown: Drawn) => {
    if (reading === null) return;
    move(el, later(reading), shown.earlier.at(-1) ?? topBlock(shown));
  };
  /**
   * When a message arrives at the end, what was drawn above can go, unless the newest alone
   * would leave the view so short that the next block is drawn again at once (a very tall dialog).
   */
  const dropReading = (el: HTMLElement) => {
    const tail = tailRef.current;
    if (reading !== null && tail !== null && tail.offsetHeight - el.clientHeight >= DRAW_AHEAD) setReading(null);
  };
  /** Near the top or the undrawn gap, the next block is drawn (reads layout the scroll already made). */
  const drawAhead = (el: HTMLElement) => {
    if (anchor.current !== null || el.clientHeight === 0) return;
    // The visitor is on 'Show earlier messages': it draws the next block when pressed, not by itself.
    const focused = (el.getRootNode() as Document | ShadowRoot).activeElement;
    if (el.scrollTop < DRAW_AHEAD && topBlock(drawn) > drawn.firstBlock && focused !== earlierRef.current) {
      showEarlier(el, drawn);
      return;
    }
    const gap = gapRef.current;
    if (gap !== null && gap.getBoundingClientRect().top - el.getBoundingClientRect().bottom < DRAW_AHEAD) {
      showLater(el, drawn);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever a message, the typing line or the window changes
  useLayoutEffect(() => {
    const el = listRef.current;
    const added = total - drawnTotal.current;
    drawnTotal.current = total;
    if (!el) return;
    const kept = anchor.current;
    anchor.current = null;
    const own = added > 0 && lastIsOwn;
    const holdPlace = () => {
      const top = kept === null ? null : blockTop(el, kept.block);
      if (kept !== null && top !== null) el.scrollTop += top - kept.top;
    };
    if (kept !== null && added === 0) {
      // The window moved (scrolled near its edge, or asked for): what is on screen stays.
      holdPlace();
    } else if (atBottom.current || own) {
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
      setUnseen(0);
      // A new message read at the end: what was drawn above goes.
      if (added > 0) dropReading(el);
    } else {
      holdPlace();
      if (added > 0) setUnseen((before) => before + added);
    }
    drawAhead(el);
  }, [total, typing, reading]);
  const toEnd = () => {
    const el = listRef.current;
    if (!el) return;
    anchor.current = null;
    el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setUnseen(0);
    setReading(null);
    el.focus();
  };
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    // The newest messages are always drawn: the end of the scroller is the end of the chat.
    atBottom.current = isAtBottom(el);
    if (atBottom.current) setUnseen(0);
    onScrolledChange(el.scrollTop > 0);
    drawAhead(el);
  };
  const top = topBlock(drawn);
  return (
    <div className="cw-log-frame">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling transcript must be reachable by keyboard */}
      <div className="cw-log" ref={listRef} onScroll={onScroll} tabIndex={0}>
        {top === drawn.firstBlock && dropped > 0 ? (
          <p className="cw-log__note">{fill(ui.earlierDropped, language, TRANSCRIPT_CAP)}</p>
        ) : null}
        {top > drawn.firstBlock ? (
          <button
            ref={earlierRef}
            type="button"
            className="cw-log__more"
            onClick={() => {
              const el = listRef.current;
              if (!el) return;
              // Asked for: the older messages come in below the control, in view (no place to hold).
              anchor.current = { block: Number.NaN, top: 0 };
              setReading(earlier(drawn, reading));
              // The control goes once the first kept message is drawn: focus stays in the transcript.
              if (top - 1 === drawn.firstBlock) el.focus({ preventScroll: true });
            }}
          >
            {ui.showEarlier}
          </button>
        ) : null}
        <div
          role="log"
          className="cw-log__live"
          aria-live="polite"
          aria-relevant="additions"
          aria-label={ui.chatMessages}
        >
          <RetryContext.Provider value={onRetry}>
            {drawn.earlier.length > 0 ? (
              // Older messages drawn again as the visitor scrolls up are not news: not announced.
              <div className="cw-log__earlier" aria-live="off">
                {/* biome-ignore lint/a11y/useSemanticElements: its items are in layout blocks, which an ol may not hold */}
                <div role="list" className="cw-log__list">
                  <Blocks blocks={drawn.earlier} messages={messages} dropped={dropped} />
                </div>
                {drawn.gap ? (
                  <div ref={gapRef} className="cw-log__gap">
                    <button
                      type="button"
                      className="cw-log__more"
                      onClick={() => {
                        const el = listRef.current;
                        if (!el || reading === null) return;
                        showLater(el, drawn);
                        if (!drawnBlocks(dropped, count, later(reading)).gap) el.focus({ preventScroll: true });
                      }}
                    >
                      {ui.showLater}
                    </button>
                  </div>
                ) : null}
              </div>
            ) : null}
            {/* biome-ignore lint/a11y/useSemanticElements: its items are in layout blocks, which an ol may not hold */}
            <div role="list" className="cw-log__list" ref={tailRef}>
              <Blocks blocks={drawn.tail} messages={messages} dropped={dropped} />
            </div>
          </RetryContext.Provider>
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

export { BLOCK_SIZE as MESSAGE_BLOCK_SIZE };
