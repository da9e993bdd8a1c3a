import type { LauncherTexts } from '../launcher-texts.js';

/** Spanish. */
export default {
  openChat: 'Abrir el chat',
  openCallback: 'Abrir el chat para solicitar una llamada',
  unreadOne: ', {0} mensaje sin leer',
  unreadMany: ', {0} mensajes sin leer',
  questionCenter: 'Centro de preguntas',
  requestCallback: 'Solicitar una llamada',
  loading: 'Cargando…',
  loadFailed: 'No se pudo cargar el chat.',
  close: 'Cerrar el chat',
} satisfies LauncherTexts;
