/** One triage entry: either opens another view/action, or is a link out (contact us, drive page). */
export interface UiTopic {
  id: string;
  label: string;
  /** A link leaves the widget (opens in a new tab); otherwise onSelect(id) runs. */
  href?: string | undefined;
  description?: string | undefined;
}

export interface TopicListProps {
  heading: string;
  topics: readonly UiTopic[];
  onSelect: (id: string) => void;
  /** 'cards' (the newer look's variant) or 'list' (classic). */
  variant: 'list' | 'cards';
}

/** Triage main topics and sub-topics: each a real button or link, so keyboard works by default. */
export function TopicList({ heading, topics, onSelect, variant }: TopicListProps) {
  return (
    <nav className={`cw-topics cw-topics--${variant}`} aria-labelledby="cw-topics-heading">
      <h3 id="cw-topics-heading" className="cw-topics__heading">
        {heading}
      </h3>
      <ul className="cw-topics__list">
        {topics.map((topic) => (
          <li key={topic.id} className="cw-topics__item">
            {topic.href ? (
              <a className="cw-topic" href={topic.href} target="_blank" rel="noopener noreferrer">
                <span className="cw-topic__label">{topic.label}</span>
                {topic.description ? <span className="cw-topic__desc">{topic.description}</span> : null}
              </a>
            ) : (
              <button type="button" className="cw-topic" onClick={() => onSelect(topic.id)}>
                <span className="cw-topic__label">{topic.label}</span>
                {topic.description ? <span className="cw-topic__desc">{topic.description}</span> : null}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
