import { useCallback, useState } from 'react';
import {
  canGoBack,
  canMinimize,
  isDialogShown,
  selectHeaderName,
  selectLook,
  selectMode,
  selectOffer,
} from '../core/chat/selectors.js';
import type { Mode, WidgetState } from '../core/chat/state.js';
import { Dialog } from './components/Dialog.js';
import { EndChatPrompt } from './components/EndChatPrompt.js';
import { LoaderOverlay } from './components/LoaderOverlay.js';
import { StatusCard } from './components/StatusCard.js';
import type { Catalogue } from './i18n/catalogue.js';
import { useCatalogue } from './i18n/use-catalogue.js';
import { useWidget, useWidgetState } from './use-core.js';
import { useModal } from './use-modal.js';
import { usePageLifecycle } from './use-page-lifecycle.js';
import { useTitleBadge } from './use-title-badge.js';
import { useVisualViewportStyle } from './use-visual-viewport.js';
import { CallbackPane } from './views/CallbackPane.js';
import { ChatPane } from './views/ChatPane.js';
import { PreChatPane } from './views/PreChatPane.js';
import { TriagePane } from './views/TriagePane.js';

const TRIAGE_VIEWS = new Set(['topics', 'vehicle', 'energy', 'delivery']);

function headerOf(
  state: WidgetState,
  mode: Mode,
  { ui }: Catalogue,
): { title: string; subheader?: string; callback: boolean } {
  const agent = selectHeaderName(state);
  if (agent !== null) return { title: agent, subheader: ui.questionCenter, callback: false };
  if (mode === 'logon' && state.views.at(-1) === 'callback') return { title: ui.requestCallback, callback: true };
  return { title: ui.questionCenter, callback: false };
}

/**
 * Which view shows, as far as where focus belongs is concerned (use-view-focus.ts): the mode,
 * the view, a status card, and whether the chat is over.
 */
function viewKeyOf(state: WidgetState, mode: Mode): string {
  if (mode === 'chat') {
    const { kind } = state.chat.status;
    return kind === 'ended' || kind === 'transferred' ? `chat/${kind}` : 'chat';
  }
  const card = state.statusCard === null ? '' : `/card:${state.statusCard.tone}`;
  return `${mode}/${state.views.at(-1) ?? 'form'}${card}`;
}

interface BodyProps {
  state: WidgetState;
  mode: Mode;
  look: 'tds' | 'classic';
  topic: string | undefined;
  onTopic: (topic: string) => void;
  onScrolledChange: (scrolled: boolean) => void;
}

/** What the dialog shows for the current mode and view (core README, "What to show"). */
function DialogBody({ state, mode, look, topic, onTopic, onScrolledChange }: BodyProps) {
  const { ui } = useCatalogue();
  const { flags } = state;
  if (mode === 'chat') return <ChatPane state={state} onScrolledChange={onScrolledChange} />;
  const view = state.views.at(-1) ?? 'form';
  if (TRIAGE_VIEWS.has(view)) {
    return (
      <TriagePane view={view as 'topics'} flags={flags} look={look} offer={selectOffer(state)} onTopic={onTopic} />
    );
  }
  if (view === 'callback') {
    // Section 2, view 8: the form, followed by the status card; once sent, only the outcome stays.
    if (state.callback.status === 'submitted' && state.callback.ok) {
      return state.statusCard ? null : <p className="cw-form__description cw-callback-done">{ui.callbackSent}</p>;
    }
    return <CallbackPane state={state} />;
  }
  return <PreChatPane state={state} busy={mode === 'loading'} topic={topic} />;
}

/**
 * The 'Question Center' dialog while it is open. The floating button is not React's: it is the
 * start chunk's plain-DOM launcher (widget/embed/launcher.ts), which follows the same core state
 * and sits beside this in the widget's `.cw-root` (which carries the look).
 */
export function App() {
  const { core, analytics, doc, focusLauncher } = useWidget();
  const catalogue = useCatalogue();
  const state = useWidgetState();
  const [scrolled, setScrolled] = useState(false);
  const [topic, setTopic] = useState<string | undefined>(undefined);
  const onTopic = useCallback(
    (chosen: string) => {
      analytics.chatEvent('triage_topic', { topic: chosen });
      setTopic(chosen);
    },
    [analytics],
  );
  const dialogShown = isDialogShown(state);
  useModal(doc, state.dialog.status, focusLauncher, () => core.closeDialog(), {
    hideOnMobile: state.flags.hideOnMobile,
    mobileWidthCutoff: state.flags.mobileWidthCutoff,
  });
  useTitleBadge(doc, state.chat.received, catalogue);
  usePageLifecycle(doc, core);
  const viewportStyle = useVisualViewportStyle(doc);
  const mode = selectMode(state);
  const header = headerOf(state, mode, catalogue);
  const look = selectLook(state);
  const onScrolledChange = useCallback((value: boolean) => setScrolled(value), []);
  return (
    <>
      {dialogShown ? (
        <>
          {/* The page under the modal: dimmed, and it takes no clicks (the page itself is inert meanwhile). */}
          <div className="cw-backdrop" aria-hidden="true" />
          <Dialog
            name={header.callback ? header.title : catalogue.ui.questionCenter}
            title={header.title}
            subheader={header.subheader}
            onBack={canGoBack(state) ? () => core.back() : undefined}
            onMinimize={canMinimize(state) ? () => core.minimize() : undefined}
            onClose={() => core.closeDialog()}
            scrolled={mode === 'chat' && scrolled}
            viewportStyle={viewportStyle}
            viewKey={viewKeyOf(state, mode)}
            blocked={state.dialog.endChatPrompt}
            overlay={
              <>
                {mode === 'loading' ? <LoaderOverlay label={catalogue.ui.connecting} /> : null}
                {/* Last, so it lies above the loader: 'End Chat?' can be answered while connecting. */}
                {state.dialog.endChatPrompt ? (
                  <EndChatPrompt onYes={() => core.confirmEndChat(true)} onNo={() => core.confirmEndChat(false)} />
                ) : null}
              </>
            }
          >
            {state.statusCard ? <StatusCard card={state.statusCard} /> : null}
            <DialogBody
              state={state}
              mode={mode}
              look={look}
              topic={topic}
              onTopic={onTopic}
              onScrolledChange={onScrolledChange}
            />
          </Dialog>
        </>
      ) : null}
    </>
  );
}
