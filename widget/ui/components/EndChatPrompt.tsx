import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useCatalogue } from '../i18n/use-catalogue.js';

export interface EndChatPromptProps {
  onYes: () => void;
  onNo: () => void;
}

/**
 * 'End Chat?' with Yes (end) and No (continue): a modal alert dialog over the whole dialog
 * body, above the loader, so it can be answered while connecting. Focus goes to No, the safe
 * choice, and stays between its two buttons (Tab and Shift+Tab go round); Escape answers No
 * and goes no further (it does not close the widget). On No, focus goes back to the view
 * (use-view-focus.ts: the composer in a chat).
 */
export function EndChatPrompt({ onYes, onNo }: EndChatPromptProps) {
  const { core, ui } = useCatalogue();
  const noRef = useRef<HTMLButtonElement>(null);
  const yesRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    noRef.current?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onNo();
      return;
    }
    if (event.key !== 'Tab') return;
    // Two answers: Tab and Shift+Tab both go to the other one.
    event.preventDefault();
    event.stopPropagation();
    (event.target === noRef.current ? yesRef : noRef).current?.focus();
  };
  return (
    <div className="cw-layer">
      <section
        className="cw-prompt"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="cw-end-chat-title"
        onKeyDown={onKeyDown}
      >
        <p id="cw-end-chat-title" className="cw-prompt__title">
          {core.endChatPrompt}
        </p>
        <div className="cw-prompt__actions">
          <button type="button" className="cw-btn cw-btn--secondary" ref={noRef} onClick={onNo}>
            {ui.no}
          </button>
          <button type="button" className="cw-btn cw-btn--primary" ref={yesRef} onClick={onYes}>
            {ui.yes}
          </button>
        </div>
      </section>
    </div>
  );
}
