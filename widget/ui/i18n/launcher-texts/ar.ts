import type { LauncherTexts } from '../launcher-texts.js';

/** Arabic. */
export default {
  openChat: 'فتح المحادثة',
  openCallback: 'فتح المحادثة لطلب معاودة الاتصال',
  unreadOne: '، رسائل غير مقروءة: {0}',
  unreadMany: '، رسائل غير مقروءة: {0}',
  questionCenter: 'مركز الأسئلة',
  requestCallback: 'طلب معاودة الاتصال',
  loading: 'جارٍ التحميل…',
  loadFailed: 'تعذّر تحميل المحادثة.',
  close: 'إغلاق المحادثة',
} satisfies LauncherTexts;
