import { useEffect, useRef } from 'react';

export interface StatusCardProps {
  kind: 'success' | 'error' | 'info';
  title: string;
  text: string;
}

/** Success or error card (callback result, connect timeout, route cancel), brought into view when it appears. */
export function StatusCard({ kind, title, text }: StatusCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <div ref={ref} className={`cw-status cw-status--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <p className="cw-status__title">{title}</p>
      <p className="cw-status__text">{text}</p>
    </div>
  );
}
