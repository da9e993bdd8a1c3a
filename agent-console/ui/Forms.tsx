/**
 * Joining a chat (a name and a role, or as the bot) and writing in it as an agent present. The
 * message field drives the agent's typing signal: every edit is a keystroke, leaving it or
 * sending stops it. Enter sends, Shift+Enter starts a new line.
 */
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { PARTICIPANT_TYPE_VALUES } from '../../generated/chat-socket.js';
import type { SessionOverview } from '../../mock-server/live/console-api.js';
import type { AgentConsole } from '../core/console.js';

const ROLE_NAMES: Record<(typeof PARTICIPANT_TYPE_VALUES)[number], string> = {
  active_participant: 'Agent (active participant)',
  passive_participant: 'Passive participant',
  supervisor_observe: 'Supervisor, observing',
  supervisor_barge: 'Supervisor, barging in',
};
const AS_BOT = 'bot';

export function JoinForm({ agentConsole }: { agentConsole: AgentConsole }) {
  const id = useId();
  const [name, setName] = useState('Robin');
  const [as, setAs] = useState<string>('active_participant');
  const join = (event: FormEvent) => {
    event.preventDefault();
    const bot = as === AS_BOT;
    void agentConsole.act({
      action: 'join',
      name: name.trim() || (bot ? 'Assistant' : 'Agent'),
      ...(bot ? { senderType: 'bot' } : { role: as as (typeof PARTICIPANT_TYPE_VALUES)[number] }),
    });
  };
  return (
    <form className="ac-form" onSubmit={join}>
      <fieldset>
        <legend>Join this chat</legend>
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} value={name} maxLength={50} onChange={(e) => setName(e.target.value)} />
        <label htmlFor={`${id}-as`}>As</label>
        <select id={`${id}-as`} value={as} onChange={(e) => setAs(e.target.value)}>
          {PARTICIPANT_TYPE_VALUES.map((role) => (
            <option key={role} value={role}>
              {ROLE_NAMES[role]}
            </option>
          ))}
          <option value={AS_BOT}>The bot</option>
        </select>
        <button type="submit">Join</button>
      </fieldset>
    </form>
  );
}

interface ComposerProps {
  agentConsole: AgentConsole;
  session: SessionOverview;
  speaker: string | undefined;
}

/** Choose who speaks (any agent present) and write as them. */
export function Composer({ agentConsole, session, speaker }: ComposerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const send = async () => {
    if (text.trim() === '') return;
    if (await agentConsole.say(text)) setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };
  if (session.participants.length === 0) {
    return <p className="ac-hint">Nobody is in this chat on the contact centre's side: join to write.</p>;
  }
  return (
    <form
      className="ac-form ac-composer"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <fieldset>
        <legend>Write</legend>
        <label htmlFor={`${id}-as`}>Speak as</label>
        <select id={`${id}-as`} value={speaker ?? ''} onChange={(e) => agentConsole.speakAs(e.target.value)}>
          {session.participants.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({p.id})
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea
          id={`${id}-message`}
          rows={3}
          value={text}
          maxLength={10_000}
          aria-describedby={`${id}-keys`}
          onChange={(e) => {
            setText(e.target.value);
            agentConsole.typed();
          }}
          onKeyDown={onKeyDown}
          onBlur={() => agentConsole.stoppedTyping()}
        />
        <p id={`${id}-keys`} className="ac-hint">
          Enter sends; Shift+Enter starts a new line. The visitor sees you typing as you type.
        </p>
        <button type="submit">Send</button>
      </fieldset>
    </form>
  );
}
