import { assertNever } from '../../contract/assert-never.js';
import type { ChatMessage } from '../core/chat/state.js';
import type { UiMessage } from './components/types.js';
import { type Catalogue, fill } from './i18n/catalogue.js';
import { middleCut, withoutDirectionControls } from './isolate.js';

/** A file name longer than this shows cut in the middle (its type stays in view). */
const FILE_NAME_SHOWN = 60;

/**
 * The core's state is immutable: an unchanged message keeps its object, so its UI shape is
 * kept too, and the memoised list items skip it. The last transcript mapped is remembered (one
 * per catalogue: a page has one), so the next one maps only its new or changed messages: an
 * append costs one message's mapping, not the transcript's (issue 24).
 */
interface Mapped {
  messages: readonly ChatMessage[];
  drawn: UiMessage[];
}
const lastMapped = new WeakMap<Catalogue, Mapped>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** Hours and minutes as the visitor's language writes them (10:42 AM, 10:42, 上午10:42...), in the browser's time zone. */
function formatTime(timestamp: number, language: string): string {
  let format = timeFormats.get(language);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' });
    timeFormats.set(language, format);
  }
  return format.format(timestamp);
}

/** Maps the core's chat messages to what MessageList draws (one per message, same order). */
export function toUiMessages(messages: readonly ChatMessage[], catalogue: Catalogue): UiMessage[] {
  const last = lastMapped.get(catalogue);
  if (last?.messages === messages) return last.drawn;
  const before = last?.messages ?? [];
  const beforeDrawn = last?.drawn ?? [];
  // The transcript cap drops messages from the top: the old ones line up again from there.
  const shift =
    messages.length > 0 && before[0] !== messages[0] ? Math.max(0, before.indexOf(messages[0] as ChatMessage)) : 0;
  const drawn = new Array<UiMessage>(messages.length);
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as ChatMessage;
    const at = index + shift;
    drawn[index] = before[at] === message ? (beforeDrawn[at] as UiMessage) : toUiMessage(message, catalogue);
  }
  lastMapped.set(catalogue, { messages, drawn });
  return drawn;
}

function timeOf(message: ChatMessage, language: string): { time: string; dateTime: string } | undefined {
  if (!Number.isFinite(message.timestamp) || message.timestamp <= 0) return undefined;
  const date = new Date(message.timestamp);
  if (Number.isNaN(date.getTime())) return undefined;
  return { time: formatTime(message.timestamp, language), dateTime: date.toISOString() };
}

function toUiMessage(message: ChatMessage, catalogue: Catalogue): UiMessage {
  const { core, ui, language } = catalogue;
  const stamp = timeOf(message, language);
  const at = stamp === undefined ? {} : { time: stamp.time, dateTime: stamp.dateTime };
  switch (message.kind) {
    case 'customer':
      if (message.delivery === 'failed') {
        const tooLong = message.failure === 'tooLong';
        const failed = {
          text: tooLong ? core.notDeliveredTooLong : core.notDelivered,
          retry: message.failure === 'undeliverable' || message.failure === 'refused',
        };
        return { id: message.id, kind: 'customer', text: message.text, failed, ...at };
      }
      return {
        id: message.id,
        kind: 'customer',
        text: message.text,
        pending: message.delivery === 'queued' || message.delivery === 'sending',
        ...at,
      };
    case 'live_agent':
    case 'other':
      return { id: message.id, kind: 'agent', text: message.text, sender: message.displayName, ...at };
    case 'bot':
      return { id: message.id, kind: 'bot', text: message.text, sender: message.displayName, ...at };
    case 'system':
      return { id: message.id, kind: 'system', text: message.text };
    case 'on-hold':
      return { id: message.id, kind: 'onhold', text: message.text };
    case 'url':
      return { id: message.id, kind: 'onhold', text: [message.description, ...message.urls].join(' ') };
    case 'download':
      return {
        id: message.id,
        kind: 'download',
        text: fill(
          ui.fileSent,
          language,
          withoutDirectionControls(message.agentName),
          withoutDirectionControls(message.fileName),
        ),
        sender: message.agentName,
        fileName: middleCut(message.fileName, FILE_NAME_SHOWN),
        href: message.url,
        ...at,
      };
    case 'page':
      // A pushed page: the address itself is the link (the visitor sees where it goes), new tab.
      return { id: message.id, kind: 'page', text: message.url, sender: message.displayName, href: message.url, ...at };
    default:
      return assertNever(message, 'chat message');
  }
}
