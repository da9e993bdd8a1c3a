import { useCallback } from 'react';
import { isInputEnabled } from '../../core/chat/selectors.js';
import type { WidgetState } from '../../core/chat/state.js';
import { ChatEnded } from '../components/ChatEnded.js';
import { Composer } from '../components/Composer.js';
import { MessageList } from '../components/MessageList.js';
import { toUiMessages } from '../messages.js';
import { useWidget } from '../use-core.js';

export interface ChatPaneProps {
  state: WidgetState;
  onScrolledChange: (scrolled: boolean) => void;
}

/** Chat mode: the transcript, then the composer, or the ended / transferred panel. */
export function ChatPane({ state, onScrolledChange }: ChatPaneProps) {
  const { core } = useWidget();
  const status = state.chat.status.kind;
  const finished = status === 'ended' || status === 'transferred';
  const onSend = useCallback((text: string) => core.sendMessage(text), [core]);
  const onTyping = useCallback(() => core.customerTyping(), [core]);
  const onRetry = useCallback((id: string) => core.retryMessage(id), [core]);
  return (
    <div className="cw-chat">
      <MessageList
        messages={toUiMessages(state.chat.messages)}
        typing={state.chat.agentTyping?.displayName ?? null}
        onScrolledChange={onScrolledChange}
        onRetry={onRetry}
      />
      {finished ? (
        <ChatEnded reason={status === 'transferred' ? 'transferred' : 'ended'} />
      ) : (
        <Composer
          enabled={isInputEnabled(state)}
          onSend={onSend}
          onTyping={onTyping}
          maxLength={core.settings.maxMessageLength}
        />
      )}
    </div>
  );
}
