/**
 * Every user-facing text the core produces, in English: the spec's exact wording where the spec
 * quotes it (product spec sections 4 and 8). Texts the spec does not show are marked "chosen".
 * This is the English set and the fallback; the other UI languages come with the page's message
 * catalogue (widget/ui/i18n/), whose `core` part has this very shape (CoreTexts), and reach the
 * core through createWidgetCore's `catalogue` option.
 */
export const TEXTS = {
  agentJoined: 'An agent has joined the chat',
  agentLeft: 'An agent has left the chat',
  /** Chosen: leave reasons whose wording the spec does not show. */
  leaveReason: {
    transfer: 'Your chat is being transferred to another agent',
    requeue: 'Your chat has been placed back in the queue. Please wait for the next available agent',
    escalate: 'Connecting you to a live agent',
    transfer_to_user: 'Your chat is being transferred to another person',
  },
  attemptingReconnect: 'Attempting to reconnect...',
  reconnected: 'Successfully reconnected',
  unableToReconnect: 'Unable to reconnect, chat has ended',
  /** Chosen: the service refused to renew the chat after a reconnect (error 2, 'Session key is invalid or expired'). */
  chatNotResumed: 'Unable to resume the chat, chat has ended',
  connectionClosed: 'Connection closed, chat has ended',
  noSuitableAgents: 'No suitable agents could be found',
  openedInAnotherTab: 'Chat was opened in another tab, continue conversation there',
  transferringSession: 'Transferring chat session from previous page or tab.',
  maintenance: 'Contact centre is shutting down for maintenance. Please try again later',
  /** {0} is the error code, {1} the server's message. */
  errorCode: 'Error code {0} occurred ({1})',
  connectionError: 'A connection error has occurred. Check the console for more details',
  notAvailable: 'The chat is not currently available. Please try again later',
  noAgents: 'No agents are currently available. Please try again later',
  failureTitle: 'Something went wrong!',
  failureBody: 'Please try again later.',
  successTitle: 'Thank you!',
  successBody: 'We will contact you soon.',
  endChatPrompt: 'End Chat?',
  beforeUnload: "You're about to end your session, are you sure?",
  /** Chosen: a stored chat the service no longer knows (renew refused on page load). */
  previousChatEndedTitle: 'Your previous chat has ended',
  previousChatEndedBody: 'You can start a new chat at any time.',
  /** Chosen: the composer's length limit; {0} is the limit. */
  messageTooLong: 'Your message is too long: at most {0} characters.',
  /** Chosen: a customer message that will not be sent again. */
  notDelivered: 'Not delivered',
  notDeliveredTooLong: 'Not delivered: too long for the chat service',
  retry: 'Retry',
  sending: 'Sending…',
} as const;

type Widened<T> = T extends string ? string : { readonly [K in keyof T]: Widened<T[K]> };

/** The shape of the core's texts in any language: TEXTS with every text a plain string. */
export type CoreTexts = Widened<typeof TEXTS>;

/** Fills {0}, {1}... placeholders. */
export function formatText(template: string, ...values: readonly (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = values[Number(index)];
    return value === undefined ? whole : String(value);
  });
}
