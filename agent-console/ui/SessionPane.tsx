/**
 * One chat: who it is, who plays it, its transcript, and what a person can do: join, write
 * (typing follows the keyboard), act as the agent they speak as, and act as the service.
 */
import type { SessionOverview } from '../../mock-server/live/console-api.js';
import type { AgentConsole, ConsoleView } from '../core/console.js';
import { sessionRow, visitorName } from '../core/sessions.js';
import { timeline, visitorTyping } from '../core/timeline.js';
import { AgentControls, ServiceControls } from './Controls.js';
import { Composer, JoinForm } from './Forms.js';
import { Transcript } from './Transcript.js';

const PLAYED_BY: Record<SessionOverview['controlledBy'], string> = {
  script: `follows its scenario's script`,
  waiting: 'waits for a person to join',
  console: 'is played from this console',
};

const SOCKET: Record<SessionOverview['socket'], string> = {
  open: 'connected',
  'half-open': 'half-open',
  none: 'not connected (the visitor may renew)',
};

/** "waiting 0:42" as the start of a sentence. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface Props {
  agentConsole: AgentConsole;
  view: ConsoleView;
  session: SessionOverview;
}

export function SessionPane({ agentConsole, view, session }: Props) {
  const name = visitorName(session);
  const row = sessionRow(session, view.now);
  const frames = view.model.watched === session.guid ? view.model.frames : [];
  const live = !session.ended;
  return (
    <section className="ac-session-pane" aria-labelledby="ac-session-title">
      <h2 id="ac-session-title">
        {name} <span className="ac-guid">guid {session.guid}</span>
      </h2>
      <p className="ac-status">
        {row.status === 'ended' ? 'Ended' : sentence(row.detail)}. Scenario {session.scenario}; it{' '}
        {PLAYED_BY[session.controlledBy]}
        {live ? `; ${SOCKET[session.socket]}` : ''}.
      </p>
      {live && session.controlledBy === 'script' ? (
        <p>
          <button type="button" onClick={() => void agentConsole.act({ action: 'takeOver' })}>
            Take over
          </button>{' '}
          Its script stops for this chat; joining or writing takes it over too.
        </p>
      ) : null}
      <Transcript lines={timeline(frames, name)} typing={visitorTyping(frames, view.now) ? name : null} />
      {view.refusal ? (
        <p role="alert" className="ac-refusal">
          {view.refusal}
        </p>
      ) : null}
      {live ? (
        <div className="ac-actions">
          <Composer agentConsole={agentConsole} session={session} speaker={agentConsole.speaker(view)} />
          <JoinForm agentConsole={agentConsole} />
          <AgentControls agentConsole={agentConsole} session={session} speaker={agentConsole.speaker(view)} />
          <ServiceControls agentConsole={agentConsole} session={session} />
        </div>
      ) : null}
    </section>
  );
}
