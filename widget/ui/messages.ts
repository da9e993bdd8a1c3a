import type { ChatMessage } from '../core/chat/state.js';
import { TEXTS } from '../core/texts.js';
import type { UiMessage } from './components/types.js';

/**
 * The core's state is immutable: an unchanged message keeps its object, so its UI shape is
 * kept too, and the memoised list items skip it. Appending the 1,000th message then costs
 * about what the 10th did, instead of redrawing the whole transcript.
 */
const cache = new WeakMap<ChatMessage, readonly UiMessage[]>();

/** Maps the core's chat messages to what MessageList draws (one per line, same order). */
export function toUiMessages(messages: readonly ChatMessage[]): UiMessage[] {
  return messages.flatMap((message) => {
    let drawn = cache.get(message);
    if (drawn === undefined) {
      drawn = toUiMessage(message);
      cache.set(message, drawn);
    }
    return drawn;
  });
}

function toUiMessage(message: ChatMessage): UiMessage[] {
  switch (message.kind) {
    case 'customer':
      if (message.delivery === 'failed') {
        const tooLong = message.failure === 'tooLong';
        const failed = {
          text: tooLong ? TEXTS.notDeliveredTooLong : TEXTS.notDelivered,
          retry: message.failure === 'undeliverable',
        };
        return [{ id: message.id, kind: 'customer', text: message.text, failed }];
      }
      return [
        {
          id: message.id,
          kind: 'customer',
          text: message.text,
          pending: message.delivery === 'pending' || message.delivery === 'waiting',
        },
      ];
    case 'live_agent':
    case 'other':
      return [{ id: message.id, kind: 'agent', text: message.text, sender: message.displayName }];
    case 'bot':
      return [{ id: message.id, kind: 'bot', text: message.text, sender: message.displayName }];
    case 'system':
      return [{ id: message.id, kind: 'system', text: message.text }];
    case 'on-hold':
      return [{ id: message.id, kind: 'onhold', text: message.text }];
    case 'url':
      return [{ id: message.id, kind: 'onhold', text: [message.description, ...message.urls].join(' ') }];
    case 'download':
      return [
        {
          id: message.id,
          kind: 'download',
          text: `${message.agentName} sent a file: ${message.fileName}`,
          href: message.url,
        },
      ];
    default:
      return [];
  }
}
