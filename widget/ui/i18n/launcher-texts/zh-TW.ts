import type { LauncherTexts } from '../launcher-texts.js';

/** Chinese (Traditional). */
export default {
  openChat: '開啟聊天',
  openCallback: '開啟聊天以申請回電',
  unreadOne: '，{0} 則未讀訊息',
  unreadMany: '，{0} 則未讀訊息',
  questionCenter: '問題中心',
  requestCallback: '申請回電',
  loading: '載入中…',
  loadFailed: '聊天無法載入。',
  close: '關閉聊天',
} satisfies LauncherTexts;
