import { useCatalogue } from '../i18n/use-catalogue.js';

export interface ChatEndedProps {
  /** 'ended': the chat is over; 'transferred': another tab took it over. */
  reason: 'ended' | 'transferred';
  /** Chat-lite, after a chat the connection ended: ask for a callback instead. */
  onCallMeBack?: (() => void) | undefined;
}

/** The chat-ended panel with its thank-you card, or the session-transferred message. */
export function ChatEnded({ reason, onCallMeBack }: ChatEndedProps) {
  const { ui } = useCatalogue();
  if (reason === 'transferred') {
    return (
      <div className="cw-ended" role="status">
        {/* The transcript already says 'Chat was opened in another tab, continue conversation there'. */}
        <p className="cw-ended__text">{ui.transferredBody}</p>
      </div>
    );
  }
  return (
    <div className="cw-ended" role="status">
      <div className="cw-card">
        <p className="cw-card__title">{ui.thankYouTitle}</p>
        <p className="cw-card__text">{ui.thankYouBody}</p>
      </div>
      {onCallMeBack ? (
        <button type="button" className="cw-btn cw-btn--secondary cw-ended__action" onClick={onCallMeBack}>
          {ui.callMeBackInstead}
        </button>
      ) : null}
    </div>
  );
}
