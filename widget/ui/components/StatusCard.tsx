import { useEffect, useRef } from 'react';
import type { StatusCard as Card } from '../../core/chat/state.js';
import { VIEW_FOCUS } from '../use-view-focus.js';

export interface StatusCardProps {
  card: Card;
}

/** Success, error or info card (callback result, connect timeout, route cancel), brought into view when it appears. */
export function StatusCard({ card }: StatusCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <div
      ref={ref}
      className={`cw-status cw-status--${card.tone}`}
      role={card.tone === 'error' ? 'alert' : 'status'}
      tabIndex={-1}
      {...VIEW_FOCUS}
    >
      <p className="cw-status__title">{card.title}</p>
      <p className="cw-status__text">{card.body}</p>
    </div>
  );
}
