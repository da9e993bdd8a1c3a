import type { LauncherTexts } from '../launcher-texts.js';

/** French. */
export default {
  openChat: 'Ouvrir le chat',
  openCallback: 'Ouvrir le chat pour demander un rappel',
  unreadOne: ', {0} message non lu',
  unreadMany: ', {0} messages non lus',
  questionCenter: 'Centre de questions',
  requestCallback: 'Demander un rappel',
  loading: 'Chargement…',
  loadFailed: 'Le chat n’a pas pu être chargé.',
  close: 'Fermer le chat',
} satisfies LauncherTexts;
