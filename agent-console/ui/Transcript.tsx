/**
 * The chosen chat as both sides see it: a log (read out politely as lines arrive) of messages
 * and what happened, and the visitor's typing as a status line below it.
 */
import type { TimelineLine } from '../core/timeline.js';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

export function Transcript({ lines, typing }: { lines: TimelineLine[]; typing: string | null }) {
  return (
    <section className="ac-transcript" aria-labelledby="ac-transcript-title">
      <h3 id="ac-transcript-title">Transcript</h3>
      <div role="log" aria-labelledby="ac-transcript-title" className="ac-transcript__log">
        <ol>
          {lines.map((line) =>
            line.kind === 'message' ? (
              <li key={line.seq} className={`ac-line ac-line--${line.from}`}>
                <span className="ac-line__who">{line.name}:</span> <span className="ac-line__text">{line.text}</span>{' '}
                <time className="ac-line__time" dateTime={line.time}>
                  {timeOf(line.time)}
                </time>
              </li>
            ) : (
              <li key={line.seq} className="ac-line ac-line--event">
                {line.href ? <a href={line.href}>{line.text}</a> : line.text}{' '}
                <time className="ac-line__time" dateTime={line.time}>
                  {timeOf(line.time)}
                </time>
              </li>
            ),
          )}
        </ol>
      </div>
      <p role="status" className="ac-typing">
        {typing ? `${typing} is typing…` : ''}
      </p>
    </section>
  );
}
