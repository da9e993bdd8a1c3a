import type { LauncherTexts } from '../launcher-texts.js';

/** German. */
export default {
  openChat: 'Chat öffnen',
  openCallback: 'Chat öffnen, um einen Rückruf anzufordern',
  unreadOne: ', {0} ungelesene Nachricht',
  unreadMany: ', {0} ungelesene Nachrichten',
  questionCenter: 'Fragen-Center',
  requestCallback: 'Rückruf anfordern',
  loading: 'Wird geladen…',
  loadFailed: 'Der Chat konnte nicht geladen werden.',
  close: 'Chat schließen',
} satisfies LauncherTexts;
