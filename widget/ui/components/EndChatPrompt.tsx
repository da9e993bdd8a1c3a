import { useEffect, useRef } from 'react';

export interface EndChatPromptProps {
  onYes: () => void;
  onNo: () => void;
}

/** 'End Chat?' with Yes (end) and No (continue); focus goes to No, the safe choice. */
export function EndChatPrompt({ onYes, onNo }: EndChatPromptProps) {
  const noRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    noRef.current?.focus();
  }, []);
  return (
    <section className="cw-prompt" aria-labelledby="cw-end-chat-title">
      <p id="cw-end-chat-title" className="cw-prompt__title">
        End Chat?
      </p>
      <div className="cw-prompt__actions">
        <button type="button" className="cw-btn cw-btn--secondary" ref={noRef} onClick={onNo}>
          No
        </button>
        <button type="button" className="cw-btn cw-btn--primary" onClick={onYes}>
          Yes
        </button>
      </div>
    </section>
  );
}
