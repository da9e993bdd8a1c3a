import type { LauncherTexts } from '../launcher-texts.js';

/** Japanese. */
export default {
  openChat: 'チャットを開く',
  openCallback: 'チャットを開いてコールバックを依頼',
  unreadOne: '、未読メッセージ {0} 件',
  unreadMany: '、未読メッセージ {0} 件',
  questionCenter: 'お問い合わせセンター',
  requestCallback: 'コールバックを依頼',
  loading: '読み込み中…',
  loadFailed: 'チャットを読み込めませんでした。',
  close: 'チャットを閉じる',
} satisfies LauncherTexts;
