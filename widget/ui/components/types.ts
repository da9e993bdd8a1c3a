/**
 * What the views need to draw one message. The binding to the core (store.ts) maps core
 * state onto these shapes, so a component never reads the core's internals.
 */
export type MessageKind = 'customer' | 'agent' | 'bot' | 'system' | 'onhold' | 'download' | 'page';

export interface UiMessage {
  id: string;
  kind: MessageKind;
  text: string;
  /** Display name of the sender (agents and bots). */
  sender?: string;
  /** A customer message the server may not have yet ('Sending…'). */
  pending?: boolean;
  /** A customer message that will not be sent again: the words to show, and whether Retry is offered. */
  failed?: { text: string; retry: boolean };
  /** Download and pushed-page messages: the URL (a download also has its name as shown, a very long one cut; `text` has it whole). */
  href?: string;
  fileName?: string;
  /** When it was written, as the visitor's language shows a time, and as an ISO date for <time>. */
  time?: string;
  dateTime?: string;
}
