import { useCatalogue } from '../i18n/use-catalogue.js';
import { WaitEstimate } from './WaitEstimate.js';

export interface QueueStatusProps {
  /** Section 4 rule 7's minutes, when the availability answer gave them. */
  waitMinutes: number | null;
  /** Chat-lite: give up the queue for a callback. */
  onCallMeBack?: (() => void) | undefined;
}

/** While queued: that the visitor is waiting for an agent, the estimated wait, and (chat-lite) a call instead. */
export function QueueStatus({ waitMinutes, onCallMeBack }: QueueStatusProps) {
  const { ui } = useCatalogue();
  return (
    <div className="cw-queue" role="status">
      <span className="cw-spinner cw-spinner--small" aria-hidden="true" />
      <div className="cw-queue__text">
        <p className="cw-queue__title">{ui.waitingForAgent}</p>
        {waitMinutes === null ? null : <WaitEstimate minutes={waitMinutes} />}
      </div>
      {onCallMeBack ? (
        <button type="button" className="cw-btn cw-btn--secondary cw-queue__action" onClick={onCallMeBack}>
          {ui.callMeBackInstead}
        </button>
      ) : null}
    </div>
  );
}
