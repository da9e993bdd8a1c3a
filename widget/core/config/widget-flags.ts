/** Start-up facts derived from the page and the settings: the view flags and the socket address. */
import { defaultFlags } from '../chat/initial-state.js';
import type { WidgetFlags } from '../chat/state.js';
import type { WidgetEnvironment } from '../env.js';
import type { PageConfig } from './page-config.js';
import type { WidgetSettings } from './settings.js';

export function flagsFor(page: PageConfig, settings: WidgetSettings, pathname: string): WidgetFlags {
  return {
    ...defaultFlags(),
    locale: page.locale,
    chatLite: page.chatLite,
    triage: page.triage,
    hideOnMobile: page.hideOnMobile,
    mobileWidthCutoff: settings.mobileWidthCutoff,
    energy: page.energy,
    bypassBubble: settings.bypassBubble,
    tripsPage: pathname.split('/').filter(Boolean)[0] === 'trips',
    visibility: {
      suppressChatbotPresence: settings.suppressChatbotPresence,
      notifyObserve: settings.notifyObserve,
      notifyBarge: settings.notifyBarge,
      botAgentId: settings.botAgentId,
    },
  };
}

/** Section 7: the socket is secure when the page is https. */
export function socketUrl(configured: string | null, location: WidgetEnvironment['location']): string {
  const secure = location.protocol === 'https:';
  const url = configured ?? `ws://${location.hostname}/chat`;
  return secure ? url.replace(/^ws:\/\//, 'wss://') : url;
}
