/**
 * What the views need to draw one message. The binding to the core (store.ts) maps core
 * state onto these shapes, so a component never reads the core's internals.
 */
export type MessageKind = 'customer' | 'agent' | 'bot' | 'system' | 'onhold' | 'download';

export interface UiMessage {
  id: string;
  kind: MessageKind;
  text: string;
  /** Display name of the sender (agents and bots). */
  sender?: string;
  /** A customer message waiting in the outbox (socket down). */
  pending?: boolean;
  /** Download messages: the file's URL. */
  href?: string;
}
