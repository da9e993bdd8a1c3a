import { useCallback, useState } from 'react';
import { canGoBack, canMinimize } from '../core/chat/selectors.js';
import type { WidgetState } from '../core/chat/state.js';
import { Dialog } from './components/Dialog.js';
import { EndChatPrompt } from './components/EndChatPrompt.js';
import { LoaderOverlay } from './components/LoaderOverlay.js';
import { StatusCard } from './components/StatusCard.js';
import { useWidget, useWidgetState } from './use-core.js';
import { useModal } from './use-modal.js';
import { CallbackPane } from './views/CallbackPane.js';
import { ChatPane } from './views/ChatPane.js';
import { PreChatPane } from './views/PreChatPane.js';
import { TriagePane } from './views/TriagePane.js';

const QUESTION_CENTER = 'Question Center';
const TRIAGE_VIEWS = new Set(['topics', 'vehicle', 'energy', 'delivery']);

function headerOf(state: WidgetState): { title: string; subheader?: string } {
  if (state.mode === 'chat' && state.chat.agentName) return { title: state.chat.agentName, subheader: QUESTION_CENTER };
  if (state.mode === 'logon' && state.views.at(-1) === 'callback') return { title: 'Request a Callback' };
  return { title: QUESTION_CENTER };
}

interface BodyProps {
  state: WidgetState;
  look: 'tds' | 'classic';
  topic: string | undefined;
  onTopic: (topic: string) => void;
  onScrolledChange: (scrolled: boolean) => void;
}

/** What the dialog shows for the current mode and view (core README, "What to show"). */
function DialogBody({ state, look, topic, onTopic, onScrolledChange }: BodyProps) {
  const { flags } = state;
  if (state.mode === 'chat') return <ChatPane state={state} onScrolledChange={onScrolledChange} />;
  const view = state.views.at(-1) ?? 'form';
  if (TRIAGE_VIEWS.has(view)) {
    return <TriagePane view={view as 'topics'} flags={flags} look={look} onTopic={onTopic} />;
  }
  if (view === 'callback') {
    // Section 2, view 8: the form, followed by the status card; once sent, only the outcome stays.
    if (state.callback.status === 'submitted') {
      return state.statusCard ? null : (
        <p className="cw-form__description cw-callback-done">
          {state.callback.ok ? 'Your callback request has been sent.' : 'Your callback request could not be sent.'}
        </p>
      );
    }
    return <CallbackPane locale={flags.locale} useEngagementPlaceholderData={flags.useEngagementPlaceholderData} />;
  }
  return (
    <PreChatPane
      locale={flags.locale}
      useEngagementPlaceholderData={flags.useEngagementPlaceholderData}
      busy={state.mode === 'loading'}
      topic={topic}
    />
  );
}

/**
 * The 'Question Center' dialog while it is open. The floating button is not React's: it is the
 * start chunk's plain-DOM launcher (widget/embed/launcher.ts), which follows the same core state
 * and sits beside this in the widget's `.cw-root` (which carries the look).
 */
export function App() {
  const { core, doc, focusLauncher } = useWidget();
  const state = useWidgetState();
  const [scrolled, setScrolled] = useState(false);
  const [topic, setTopic] = useState<string | undefined>(undefined);
  useModal(doc, state.dialog.status, focusLauncher, () => core.closeDialog());
  const dialogShown = state.dialog.status === 'open' || state.dialog.status === 'closing';
  const header = headerOf(state);
  const look = state.flags.variant === 'newer' ? 'tds' : 'classic';
  const onScrolledChange = useCallback((value: boolean) => setScrolled(value), []);
  return (
    <>
      {dialogShown ? (
        <Dialog
          name={header.title === 'Request a Callback' ? header.title : QUESTION_CENTER}
          title={header.title}
          subheader={header.subheader}
          onBack={canGoBack(state) ? () => core.back() : undefined}
          onMinimize={canMinimize(state) ? () => core.minimize() : undefined}
          onClose={() => core.closeDialog()}
          scrolled={state.mode === 'chat' && scrolled}
        >
          {state.statusCard ? (
            <StatusCard kind={state.statusCard.tone} title={state.statusCard.title} text={state.statusCard.body} />
          ) : null}
          {state.dialog.endChatPrompt ? (
            <EndChatPrompt onYes={() => core.confirmEndChat(true)} onNo={() => core.confirmEndChat(false)} />
          ) : null}
          <DialogBody state={state} look={look} topic={topic} onTopic={setTopic} onScrolledChange={onScrolledChange} />
          {state.mode === 'loading' ? <LoaderOverlay label="Connecting you to an agent" /> : null}
        </Dialog>
      ) : null}
    </>
  );
}
