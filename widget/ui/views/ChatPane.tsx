import { useCallback } from 'react';
import { canRequestCallbackInstead, isInputEnabled } from '../../core/chat/selectors.js';
import type { WidgetState } from '../../core/chat/state.js';
import { ChatEnded } from '../components/ChatEnded.js';
import { Composer } from '../components/Composer.js';
import { MessageList } from '../components/MessageList.js';
import { QueueStatus } from '../components/QueueStatus.js';
import { useCatalogue } from '../i18n/use-catalogue.js';
import { toUiMessages } from '../messages.js';
import { useWidget } from '../use-core.js';

export interface ChatPaneProps {
  state: WidgetState;
  onScrolledChange: (scrolled: boolean) => void;
}

/** Chat mode: the transcript, then the composer, or the ended / transferred panel. */
export function ChatPane({ state, onScrolledChange }: ChatPaneProps) {
  const { core } = useWidget();
  const catalogue = useCatalogue();
  const status = state.chat.status;
  const finished = status.kind === 'ended' || status.kind === 'transferred';
  const queued = status.kind === 'waiting' || status.kind === 'connecting';
  const callbackInstead = canRequestCallbackInstead(state);
  const onSend = useCallback((text: string) => core.sendMessage(text), [core]);
  const onTyping = useCallback(() => core.customerTyping(), [core]);
  const onRetry = useCallback((id: string) => core.retryMessage(id), [core]);
  const onDraft = useCallback((text: string) => core.saveComposerDraft(text), [core]);
  const onCallMeBack = useCallback(() => core.requestCallbackInstead(), [core]);
  const waitMinutes = state.availability.status === 'available' ? state.availability.waitMinutes : null;
  // An ended chat the visitor did not end on good terms (connection lost, error): a call is the way on.
  const endedBadly = status.kind === 'ended' && status.reason !== 'agentClosed';
  return (
    <div className="cw-chat">
      {queued && !finished ? (
        <QueueStatus waitMinutes={waitMinutes} onCallMeBack={callbackInstead ? onCallMeBack : undefined} />
      ) : null}
      <MessageList
        messages={toUiMessages(state.chat.messages, catalogue)}
        dropped={state.chat.dropped}
        typing={state.chat.agentTyping?.displayName ?? null}
        onScrolledChange={onScrolledChange}
        onRetry={onRetry}
      />
      {finished ? (
        <ChatEnded
          reason={status.kind === 'ended' ? status.reason : 'transferred'}
          onCallMeBack={callbackInstead && endedBadly ? onCallMeBack : undefined}
        />
      ) : (
        <Composer
          enabled={isInputEnabled(state)}
          onSend={onSend}
          onTyping={onTyping}
          maxLength={core.settings.maxMessageLength}
          initialText={core.composerDraft()}
          onDraft={onDraft}
          disabledHint={queued ? catalogue.ui.composerWaiting : undefined}
        />
      )}
    </div>
  );
}
