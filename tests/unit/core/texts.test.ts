import { describe, expect, it } from 'vitest';
import { formatText, TEXTS } from '../../../widget/core/texts.js';

describe('texts (sections 4 and 8, exact wording)', () => {
  it('§8 error catalogue texts are verbatim', () => {
    expect(TEXTS).toMatchObject({
      agentJoined: 'An agent has joined the chat',
      agentLeft: 'An agent has left the chat',
      attemptingReconnect: 'Attempting to reconnect...',
      reconnected: 'Successfully reconnected',
      unableToReconnect: 'Unable to reconnect, chat has ended',
      connectionClosed: 'Connection closed, chat has ended',
      noSuitableAgents: 'No suitable agents could be found',
      openedInAnotherTab: 'Chat was opened in another tab, continue conversation there',
      transferringSession: 'Transferring chat session from previous page or tab.',
      maintenance: 'Contact centre is shutting down for maintenance. Please try again later',
      connectionError: 'A connection error has occurred. Check the console for more details',
      failureTitle: 'Something went wrong!',
      failureBody: 'Please try again later.',
      successTitle: 'Thank you!',
      successBody: 'We will contact you soon.',
      beforeUnload: "You're about to end your session, are you sure?",
    });
  });

  it("§8 'Error code {0} occurred ({1})' is filled with code and message", () => {
    expect(formatText(TEXTS.errorCode, 42, 'Unable to reconnect')).toBe('Error code 42 occurred (Unable to reconnect)');
    expect(formatText('{0} and {2}', 'a')).toBe('a and {2}');
  });
});
