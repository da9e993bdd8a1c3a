import type { LauncherTexts } from '../launcher-texts.js';

/** English. */
export default {
  openChat: 'Open chat',
  openCallback: 'Open chat to request a callback',
  unreadOne: ', {0} unread message',
  unreadMany: ', {0} unread messages',
  questionCenter: 'Question Center',
  requestCallback: 'Request a Callback',
  loading: 'Loading…',
  loadFailed: 'The chat could not be loaded.',
  close: 'Close chat',
} satisfies LauncherTexts;
