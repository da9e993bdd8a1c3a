import { useCatalogue } from '../i18n/use-catalogue.js';
import { VIEW_FOCUS } from '../use-view-focus.js';

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

/** The arrow of a link that leaves the widget; mirrored right to left. */
function ExternalMark() {
  return (
    <svg className="cw-topic__external cw-icon--directional" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </svg>
  );
}

/**
 * Triage main topics and sub-topics: each a real button or link, so keyboard works by default.
 * Topics that stay in the widget look like buttons (cards with a chevron); links that open the
 * site in a new tab look like links (underlined, with an external mark, and say so).
 */
export function TopicList({ heading, topics, onSelect, variant }: TopicListProps) {
  const { ui } = useCatalogue();
  return (
    <nav className={`cw-topics cw-topics--${variant}`} aria-labelledby="cw-topics-heading">
      <h3 id="cw-topics-heading" className="cw-topics__heading" tabIndex={-1} {...VIEW_FOCUS}>
        {heading}
      </h3>
      <ul className="cw-topics__list">
        {topics.map((topic) => (
          <li key={topic.id} className="cw-topics__item">
            {topic.href ? (
              <a className="cw-topic cw-topic--link" href={topic.href} target="_blank" rel="noopener noreferrer">
                <span className="cw-topic__label">{topic.label}</span>
                {topic.description ? <span className="cw-topic__desc">{topic.description}</span> : null}
                <span className="cw-visually-hidden"> {ui.opensInNewTab}</span>
                <ExternalMark />
              </a>
            ) : (
              <button type="button" className="cw-topic" onClick={() => onSelect(topic.id)}>
                <span className="cw-topic__label">{topic.label}</span>
                {topic.description ? <span className="cw-topic__desc">{topic.description}</span> : null}
                <svg
                  className="cw-topic__chevron cw-icon--directional"
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d="M9 5l7 7-7 7" />
                </svg>
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
