import type { LauncherTexts } from '../launcher-texts.js';

/** Dutch. */
export default {
  openChat: 'Chat openen',
  openCallback: 'Chat openen om teruggebeld te worden',
  unreadOne: ', {0} ongelezen bericht',
  unreadMany: ', {0} ongelezen berichten',
  questionCenter: 'Vragencentrum',
  requestCallback: 'Terugbellen aanvragen',
  loading: 'Laden…',
  loadFailed: 'De chat kon niet worden geladen.',
  close: 'Chat sluiten',
} satisfies LauncherTexts;
