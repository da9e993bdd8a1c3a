/**
 * What the agent spoken as does besides writing (share the brochure, push a page, leave with a
 * reason), and what the service does (end the chat, cancel the route, send an error, close or
 * drop the socket, pause acknowledgements and pongs).
 */
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { LEAVE_REASON_VALUES } from '../../generated/chat-socket.js';
import {
  CONSOLE_CLOSE_CODES,
  CONSOLE_ERROR_CODES,
  ERROR_MESSAGES,
  OTHER_ERROR_MESSAGE,
  type SessionOverview,
} from '../../mock-server/live/console-api.js';
import type { AgentConsole } from '../core/console.js';

const CLOSE_NAMES: Record<(typeof CONSOLE_CLOSE_CODES)[number], string> = {
  1000: '1000 normal: ends the chat',
  1001: '1001 going away',
  1006: '1006 drop the connection (no close frame)',
  4001: '4001 reconnect and renew',
};

const NO_REASON = '';
const OTHER_CODE = 'other';

interface Props {
  agentConsole: AgentConsole;
  session: SessionOverview;
}

export function AgentControls({ agentConsole, session, speaker }: Props & { speaker: string | undefined }) {
  const id = useId();
  const [url, setUrl] = useState('https://www.example.com/offers');
  const [reason, setReason] = useState<string>('transfer');
  if (speaker === undefined) return null;
  const agentName = session.participants.find((p) => p.id === speaker)?.name ?? speaker;
  const push = (event: FormEvent) => {
    event.preventDefault();
    void agentConsole.actAsAgent({ action: 'pushPage', url });
  };
  const leave = (event: FormEvent) => {
    event.preventDefault();
    const why = reason === NO_REASON ? {} : { reason: reason as (typeof LEAVE_REASON_VALUES)[number] };
    void agentConsole.actAsAgent({ action: 'leave', ...why });
  };
  return (
    <fieldset className="ac-form">
      <legend>As {agentName}</legend>
      <button type="button" onClick={() => void agentConsole.actAsAgent({ action: 'share' })}>
        Send the brochure
      </button>
      <form onSubmit={push}>
        <label htmlFor={`${id}-url`}>Page</label>
        <input id={`${id}-url`} type="url" value={url} onChange={(e) => setUrl(e.target.value)} />
        <button type="submit">Push page</button>
      </form>
      <form onSubmit={leave}>
        <label htmlFor={`${id}-reason`}>Reason</label>
        <select id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)}>
          {LEAVE_REASON_VALUES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
          <option value={NO_REASON}>no reason</option>
        </select>
        <button type="submit">Leave</button>
      </form>
    </fieldset>
  );
}

export function ServiceControls({ agentConsole, session }: Props) {
  const id = useId();
  const [code, setCode] = useState<string>('1');
  const [otherCode, setOtherCode] = useState('500');
  const [message, setMessage] = useState('');
  const [closeCode, setCloseCode] = useState<number>(4001);
  const errorCode = code === OTHER_CODE ? Number(otherCode) : Number(code);
  const sendError = (event: FormEvent) => {
    event.preventDefault();
    void agentConsole.act({ action: 'error', code: errorCode, ...(message.trim() ? { message: message.trim() } : {}) });
  };
  const close = (event: FormEvent) => {
    event.preventDefault();
    void agentConsole.act({ action: 'close', code: closeCode });
  };
  return (
    <fieldset className="ac-form">
      <legend>As the service</legend>
      <button type="button" onClick={() => void agentConsole.act({ action: 'end' })}>
        End the chat
      </button>{' '}
      <button type="button" onClick={() => void agentConsole.act({ action: 'routeCancel' })}>
        Cancel the route
      </button>
      <form onSubmit={sendError}>
        <label htmlFor={`${id}-code`}>Error code</label>
        <select id={`${id}-code`} value={code} onChange={(e) => setCode(e.target.value)}>
          {CONSOLE_ERROR_CODES.map((value) => (
            <option key={value} value={String(value)}>
              {value}
            </option>
          ))}
          <option value={OTHER_CODE}>other</option>
        </select>
        {code === OTHER_CODE ? (
          <>
            <label htmlFor={`${id}-other`}>Other code</label>
            <input
              id={`${id}-other`}
              type="number"
              min={0}
              value={otherCode}
              onChange={(e) => setOtherCode(e.target.value)}
            />
          </>
        ) : null}
        <label htmlFor={`${id}-message`}>Error message</label>
        <input
          id={`${id}-message`}
          value={message}
          placeholder={ERROR_MESSAGES[errorCode] ?? OTHER_ERROR_MESSAGE}
          onChange={(e) => setMessage(e.target.value)}
        />
        <button type="submit">Send error</button>
      </form>
      <form onSubmit={close}>
        <label htmlFor={`${id}-close`}>Close code</label>
        <select id={`${id}-close`} value={closeCode} onChange={(e) => setCloseCode(Number(e.target.value))}>
          {CONSOLE_CLOSE_CODES.map((value) => (
            <option key={value} value={value}>
              {CLOSE_NAMES[value]}
            </option>
          ))}
        </select>
        <button type="submit">Close socket</button>
      </form>
      <AnswerToggle agentConsole={agentConsole} action="acknowledgements" on={session.answers.acknowledgements}>
        Acknowledge requests
      </AnswerToggle>
      <AnswerToggle agentConsole={agentConsole} action="pongs" on={session.answers.pongs}>
        Answer pings
      </AnswerToggle>
    </fieldset>
  );
}

/** One of the service's answers, paused or resumed as the box is ticked. */
function AnswerToggle({
  agentConsole,
  action,
  on,
  children,
}: {
  agentConsole: AgentConsole;
  action: 'acknowledgements' | 'pongs';
  on: boolean;
  children: ReactNode;
}) {
  return (
    <label className="ac-toggle">
      <input type="checkbox" checked={on} onChange={(e) => void agentConsole.act({ action, on: e.target.checked })} />{' '}
      {children}
    </label>
  );
}
