import { type FormEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { fill } from '../i18n/catalogue.js';
import { useCatalogue } from '../i18n/use-catalogue.js';

export interface ComposerProps {
  /** Input is enabled only while an agent is in the room. */
  enabled: boolean;
  onSend: (text: string) => void;
  /** Called on each keystroke; the core throttles the typing signal. */
  onTyping: () => void;
  /** Longest message in characters (settings.maxMessageLength); a longer one is not sent. */
  maxLength: number;
  /** Text typed earlier in this chat and not sent (kept by the core across minimize). */
  initialText?: string;
  /** Every change of the text, so the core keeps the draft. */
  onDraft?: (text: string) => void;
  /** Shown under a disabled input: why it cannot be used yet. */
  disabledHint?: string | undefined;
}

/** 'Type message' input and 'Send' button. Enter sends, Shift+Enter adds a new line. */
export function Composer({
  enabled,
  onSend,
  onTyping,
  maxLength,
  initialText = '',
  onDraft,
  disabledHint,
}: ComposerProps) {
  const { core, ui, language } = useCatalogue();
  const [text, setText] = useState(initialText);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // Grows with the text, so a draft can be read over before it goes; the CSS max-height
  // (six lines, widget.css) stops it, and then it scrolls.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (input === null || text === undefined) return;
    input.style.height = 'auto';
    input.style.height = `${input.scrollHeight + input.offsetHeight - input.clientHeight}px`;
  }, [text]);
  const hasText = text.trim().length > 0;
  // Counted in characters as a person sees them (an emoji is one), as the core counts.
  const tooLong = hasText && [...text.trim()].length > maxLength;
  const update = (next: string) => {
    setText(next);
    onDraft?.(next);
  };
  const send = () => {
    if (!enabled || !hasText || tooLong) return;
    onSend(text.trim());
    update('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const hint = !enabled && disabledHint ? disabledHint : undefined;
  const describedBy = tooLong ? 'cw-composer-error' : hint ? 'cw-composer-hint' : undefined;
  return (
    <form className={`cw-composer${enabled ? '' : ' cw-composer--disabled'}`} onSubmit={onSubmit}>
      <label className="cw-visually-hidden" htmlFor="cw-composer-input">
        {ui.typeMessage}
      </label>
      <textarea
        ref={inputRef}
        id="cw-composer-input"
        className="cw-composer__input"
        placeholder={ui.typeMessage}
        rows={1}
        dir="auto"
        value={text}
        disabled={!enabled}
        aria-invalid={tooLong}
        aria-describedby={describedBy}
        onChange={(event) => {
          update(event.target.value);
          onTyping();
        }}
        onKeyDown={onKeyDown}
      />
      <button
        type="submit"
        className={`cw-composer__send${hasText ? ' cw-composer__send--filled' : ''}`}
        aria-label={ui.send}
        disabled={!enabled || !hasText || tooLong}
      >
        <svg className="cw-icon--directional" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 20l18-8L3 4v6l12 2-12 2z" />
        </svg>
      </button>
      {tooLong ? (
        <p id="cw-composer-error" className="cw-composer__error" role="alert">
          {fill(core.messageTooLong, language, maxLength)}
        </p>
      ) : null}
      {hint && !tooLong ? (
        <p id="cw-composer-hint" className="cw-composer__hint">
          {hint}
        </p>
      ) : null}
    </form>
  );
}
