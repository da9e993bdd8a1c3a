export interface StatusCardProps {
  kind: 'success' | 'error';
  title: string;
  text: string;
}

/** Success or error card (callback result, connect timeout, route cancel). */
export function StatusCard({ kind, title, text }: StatusCardProps) {
  return (
    <div className={`cw-status cw-status--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <p className="cw-status__title">{title}</p>
      <p className="cw-status__text">{text}</p>
    </div>
  );
}
