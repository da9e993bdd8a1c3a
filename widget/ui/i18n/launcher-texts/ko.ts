import type { LauncherTexts } from '../launcher-texts.js';

/** Korean. */
export default {
  openChat: '채팅 열기',
  openCallback: '채팅을 열어 콜백 요청',
  unreadOne: ', 읽지 않은 메시지 {0}개',
  unreadMany: ', 읽지 않은 메시지 {0}개',
  questionCenter: '질문 센터',
  requestCallback: '콜백 요청',
  loading: '불러오는 중…',
  loadFailed: '채팅을 불러오지 못했습니다.',
  close: '채팅 닫기',
} satisfies LauncherTexts;
