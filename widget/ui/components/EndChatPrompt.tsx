import { useEffect, useRef } from 'react';
import { useCatalogue } from '../i18n/use-catalogue.js';

export interface EndChatPromptProps {
  onYes: () => void;
  onNo: () => void;
}

/**
 * 'End Chat?' with Yes (end) and No (continue); focus goes to No, the safe choice. It is a
 * layer over the whole dialog body, above the loader, so it can be answered while connecting.
 */
export function EndChatPrompt({ onYes, onNo }: EndChatPromptProps) {
  const { core, ui } = useCatalogue();
  const noRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    noRef.current?.focus();
  }, []);
  return (
    <div className="cw-layer">
      <section className="cw-prompt" role="alertdialog" aria-modal="true" aria-labelledby="cw-end-chat-title">
        <p id="cw-end-chat-title" className="cw-prompt__title">
          {core.endChatPrompt}
        </p>
        <div className="cw-prompt__actions">
          <button type="button" className="cw-btn cw-btn--secondary" ref={noRef} onClick={onNo}>
            {ui.no}
          </button>
          <button type="button" className="cw-btn cw-btn--primary" onClick={onYes}>
            {ui.yes}
          </button>
        </div>
      </section>
    </div>
  );
}
