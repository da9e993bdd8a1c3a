/** The chats the server holds: live ones first, newest first; the chosen one marked as current. */
import type { SessionRow } from '../core/sessions.js';

const PLAYED_BY: Record<SessionRow['controlledBy'], string> = {
  script: 'scripted',
  waiting: 'waits for a person',
  console: 'played here',
};

interface Props {
  rows: SessionRow[];
  selected: number | null;
  onSelect(guid: number): void;
}

export function SessionList({ rows, selected, onSelect }: Props) {
  return (
    <nav className="ac-sessions" aria-labelledby="ac-sessions-title">
      <h2 id="ac-sessions-title">Chats</h2>
      {rows.length === 0 ? (
        <p className="ac-hint">No chat yet.</p>
      ) : (
        <ul>
          {rows.map((row) => (
            <li key={row.guid}>
              <button
                type="button"
                className={`ac-session ac-session--${row.status.replace(' ', '-')}`}
                aria-current={row.guid === selected ? 'true' : undefined}
                onClick={() => onSelect(row.guid)}
              >
                <span className="ac-session__name">{row.name}</span>
                <span className="ac-session__detail">{row.detail}</span>
                <span className="ac-session__meta">
                  {row.scenario} · {PLAYED_BY[row.controlledBy]}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
