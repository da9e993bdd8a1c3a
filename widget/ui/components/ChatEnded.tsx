import type { EndReason } from '../../core/chat/state.js';
import type { Catalogue } from '../i18n/catalogue.js';
import { useCatalogue } from '../i18n/use-catalogue.js';
import { VIEW_FOCUS } from '../use-view-focus.js';

export interface ChatEndedProps {
  /** Why the chat is over (the core's end reason), or 'transferred': another tab took it over. */
  reason: EndReason | 'transferred';
  /** Chat-lite, after a chat the connection ended: ask for a callback instead. */
  onCallMeBack?: (() => void) | undefined;
}

/**
 * The card says why the chat ended (issue 21): thanks only when the agent closed it; a chat a
 * server error or a lost connection ended is not thanked for: it says what happened. Returns
 * [title, body]; the failures are drawn as errors.
 */
export function endedCard(reason: EndReason, { core, ui }: Catalogue): [string, string] {
  if (reason === 'agentClosed') return [ui.thankYouTitle, ui.thankYouBody];
  if (reason === 'connectionClosed') return [ui.chatEndedTitle, ui.chatEndedBody];
  const why = {
    error: ui.chatEndedByError,
    unableToReconnect: core.unableToReconnect,
    notResumed: core.chatNotResumed,
  };
  return [core.failureTitle, why[reason]];
}

/** The chat-ended panel with its card, or the session-transferred message. */
export function ChatEnded({ reason, onCallMeBack }: ChatEndedProps) {
  const catalogue = useCatalogue();
  if (reason === 'transferred') {
    return (
      <div className="cw-ended" role="status">
        {/* The transcript already says 'Chat was opened in another tab, continue conversation there'. */}
        <p className="cw-ended__text" tabIndex={-1} {...VIEW_FOCUS}>
          {catalogue.ui.transferredBody}
        </p>
      </div>
    );
  }
  const [title, body] = endedCard(reason, catalogue);
  const failed = reason !== 'agentClosed' && reason !== 'connectionClosed';
  return (
    <div className="cw-ended" role="status">
      <div className={`cw-card${failed ? ' cw-card--error' : ''}`} tabIndex={-1} {...VIEW_FOCUS}>
        <p className="cw-card__title">{title}</p>
        <p className="cw-card__text">{body}</p>
      </div>
      {onCallMeBack ? (
        <button type="button" className="cw-btn cw-btn--secondary cw-ended__action" onClick={onCallMeBack}>
          {catalogue.ui.callMeBackInstead}
        </button>
      ) : null}
    </div>
  );
}
