import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { formatText, TEXTS } from '../../core/texts.js';

export interface ComposerProps {
  /** Input is enabled only while an agent is in the room. */
  enabled: boolean;
  onSend: (text: string) => void;
  /** Called on each keystroke; the core throttles the typing signal. */
  onTyping: () => void;
  /** Longest message in characters (settings.maxMessageLength); a longer one is not sent. */
  maxLength: number;
}

/** 'Type message' input and 'Send' button. Enter sends, Shift+Enter adds a new line. */
export function Composer({ enabled, onSend, onTyping, maxLength }: ComposerProps) {
  const [text, setText] = useState('');
  const hasText = text.trim().length > 0;
  // Counted in characters as a person sees them (an emoji is one), as the core counts.
  const tooLong = hasText && [...text.trim()].length > maxLength;
  const send = () => {
    if (!enabled || !hasText || tooLong) return;
    onSend(text.trim());
    setText('');
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
  return (
    <form className="cw-composer" onSubmit={onSubmit}>
      <label className="cw-visually-hidden" htmlFor="cw-composer-input">
        Type message
      </label>
      <textarea
        id="cw-composer-input"
        className="cw-composer__input"
        placeholder="Type message"
        rows={1}
        value={text}
        disabled={!enabled}
        aria-invalid={tooLong}
        aria-describedby={tooLong ? 'cw-composer-error' : undefined}
        onChange={(event) => {
          setText(event.target.value);
          onTyping();
        }}
        onKeyDown={onKeyDown}
      />
      <button
        type="submit"
        className={`cw-composer__send${hasText ? ' cw-composer__send--filled' : ''}`}
        aria-label="Send"
        disabled={!enabled || !hasText || tooLong}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 20l18-8L3 4v6l12 2-12 2z" />
        </svg>
      </button>
      {tooLong ? (
        <p id="cw-composer-error" className="cw-composer__error" role="alert">
          {formatText(TEXTS.messageTooLong, maxLength)}
        </p>
      ) : null}
    </form>
  );
}
