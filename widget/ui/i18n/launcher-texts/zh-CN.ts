import type { LauncherTexts } from '../launcher-texts.js';

/** Chinese (Simplified). */
export default {
  openChat: '打开聊天',
  openCallback: '打开聊天以申请回电',
  unreadOne: '，{0} 条未读消息',
  unreadMany: '，{0} 条未读消息',
  questionCenter: '问题中心',
  requestCallback: '申请回电',
  loading: '正在加载…',
  loadFailed: '聊天无法加载。',
  close: '关闭聊天',
} satisfies LauncherTexts;
