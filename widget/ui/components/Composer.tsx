import { type FormEvent, type KeyboardEvent, useState } from 'react';

export interface ComposerProps {
  /** Input is enabled only while an agent is in the room. */
  enabled: boolean;
  onSend: (text: string) => void;
  /** Called on each keystroke; the core throttles the typing signal. */
  onTyping: () => void;
}

/** 'Type message' input and 'Send' button. Enter sends, Shift+Enter adds a new line. */
export function Composer({ enabled, onSend, onTyping }: ComposerProps) {
  const [text, setText] = useState('');
  const hasText = text.trim().length > 0;
  const send = () => {
    if (!enabled || !hasText) return;
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
        disabled={!enabled || !hasText}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 20l18-8L3 4v6l12 2-12 2z" />
        </svg>
      </button>
    </form>
  );
}
