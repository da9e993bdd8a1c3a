/**
 * The console's view: the chats on the left, the chosen one on the right, and a polite live
 * region saying what changed (a new chat, one ending, one waiting for a person). It reads the
 * console through one store hook and calls its commands; nothing here talks to the server.
 */
import { useSyncExternalStore } from 'react';
import type { AgentConsole } from '../core/console.js';
import { sessionRows } from '../core/sessions.js';
import { SessionList } from './SessionList.js';
import { SessionPane } from './SessionPane.js';

const CONNECTION: Record<string, string> = {
  connecting: 'Connecting to mock-chat…',
  open: 'Live',
  lost: 'Connection to mock-chat lost: reconnecting…',
};

export function App({ agentConsole }: { agentConsole: AgentConsole }) {
  const view = useSyncExternalStore(agentConsole.subscribe, agentConsole.getSnapshot);
  const rows = sessionRows(view.model, view.now);
  const session = view.model.sessions.find((s) => s.guid === view.selected);
  return (
    <>
      <header className="ac-header">
        <h1>Agent console</h1>
        <p className={`ac-connection ac-connection--${view.connection}`}>{CONNECTION[view.connection]}</p>
      </header>
      <div className="ac-layout">
        <SessionList rows={rows} selected={view.selected} onSelect={agentConsole.select} />
        <main className="ac-main">
          {session ? (
            <SessionPane key={session.guid} agentConsole={agentConsole} view={view} session={session} />
          ) : (
            <p className="ac-hint">
              Choose a chat. A visitor starts one on the demo site (<a href="/">this server's home page</a>); with{' '}
              <code>?scenario=live-agent</code> they wait for you to join.
            </p>
          )}
          <p role="status" className="ac-visually-hidden">
            {view.announcement?.text ?? ''}
          </p>
        </main>
      </div>
    </>
  );
}
