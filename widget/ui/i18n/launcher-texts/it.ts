import type { LauncherTexts } from '../launcher-texts.js';

/** Italian. */
export default {
  openChat: 'Apri la chat',
  openCallback: 'Apri la chat per richiedere una chiamata',
  unreadOne: ', {0} messaggio non letto',
  unreadMany: ', {0} messaggi non letti',
  questionCenter: 'Centro domande',
  requestCallback: 'Richiedi una chiamata',
  loading: 'Caricamento…',
  loadFailed: 'Impossibile caricare la chat.',
  close: 'Chiudi la chat',
} satisfies LauncherTexts;
