import { describe, expect, it } from 'vitest';
import { isVisible } from '../../../widget/core/chat/visibility.js';
import { DEFAULTS } from '../../../widget/core/config/defaults.js';
import { agent, barger, bot, observer } from './support/frames.js';

const defaults = {
  suppressChatbotPresence: DEFAULTS.suppressChatbotPresence,
  notifyObserve: DEFAULTS.notifyObserve,
  notifyBarge: DEFAULTS.notifyBarge,
  botAgentId: DEFAULTS.botAgentId,
};

describe('participant visibility (section 6)', () => {
  it('§6 visibility: active participants always show', () => {
    expect(isVisible(agent, defaults)).toBe(true);
    expect(
      isVisible(agent, { ...defaults, notifyObserve: true, notifyBarge: false, suppressChatbotPresence: true }),
    ).toBe(true);
  });

  it('§6 visibility: the bot shows unless chatbot presence is suppressed', () => {
    expect(isVisible(bot, defaults)).toBe(true);
    expect(isVisible(bot, { ...defaults, suppressChatbotPresence: true })).toBe(false);
  });

  it('§6 visibility: observing supervisors show only if the observe notification is on', () => {
    expect(isVisible(observer, defaults)).toBe(false);
    expect(isVisible(observer, { ...defaults, notifyObserve: true })).toBe(true);
  });

  it('§6 visibility: barging supervisors show only if barge is on and observe is off', () => {
    expect(isVisible(barger, defaults)).toBe(true);
    expect(isVisible(barger, { ...defaults, notifyBarge: false })).toBe(false);
    expect(isVisible(barger, { ...defaults, notifyObserve: true })).toBe(false);
  });

  it('§6 visibility defaults: barge notified, observe not', () => {
    expect(DEFAULTS.notifyBarge).toBe(true);
    expect(DEFAULTS.notifyObserve).toBe(false);
  });

  it('passive participants (not covered by the spec) are shown as agents', () => {
    expect(isVisible({ id: 'p', type: 'passive_participant' }, defaults)).toBe(true);
  });
});
