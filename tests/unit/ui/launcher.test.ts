// @vitest-environment happy-dom
/**
 * The floating button (section 2, view 1), drawn without React (widget/embed/launcher.ts):
 * every behaviour the React ChatButton had, the intent events that start loading the chat,
 * and the launcher texts of every UI language.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics } from '../../../widget/core/analytics/index.js';
import type { WidgetState } from '../../../widget/core/chat/state.js';
import { UI_LANGUAGES } from '../../../widget/core/locale/ui-language.js';
import { bindLauncher, createLauncher } from '../../../widget/embed/launcher.js';
import english from '../../../widget/ui/i18n/launcher-texts/en.js';
import { type LauncherTexts, loadLauncherTexts, unreadSuffix } from '../../../widget/ui/i18n/launcher-texts.js';
import { fakeCore, stateWith } from './support/render-app.js';

let root: HTMLElement;
afterEach(() => root?.remove());

function mount(options: { onIntent?: () => void; onOpen?: () => void } = {}) {
  root = document.createElement('div');
  document.body.append(root);
  return createLauncher(root, {
    texts: english,
    onIntent: options.onIntent ?? (() => {}),
    onOpen: options.onOpen ?? (() => {}),
  });
}

const button = () => root.querySelector<HTMLButtonElement>('button.cw-fab');
const withChat = (state: WidgetState, chat: Partial<WidgetState['chat']>): WidgetState => ({
  ...state,
  chat: { ...state.chat, ...chat },
});

describe('the floating button (section 2, view 1)', () => {
  it('given availability, its accessible name contains "chat" and a click opens the dialog through the core', () => {
    const { core } = fakeCore(stateWith({}));
    const analytics = createAnalytics({ locale: 'en-us', chatLite: false, triage: false });
    let open = () => {};
    const launcher = mount({ onOpen: () => open() });
    open = bindLauncher(launcher, core, analytics).open;
    expect(button()?.getAttribute('aria-label')).toBe('Open chat');
    button()?.click();
    expect(core.openDialog).toHaveBeenCalledOnce();
  });

  it('given unread messages while minimized, shows the badge and says so in its name; 1 is singular, over 99 is 99+', () => {
    const launcher = mount();
    const minimized = stateWith({ dialog: { status: 'minimized', endChatPrompt: false } }, { tripsPage: true });
    launcher.render(withChat(minimized, { unread: 3 }));
    expect(button()?.getAttribute('aria-label')).toBe('Open chat, 3 unread messages');
    expect(button()?.textContent).toContain('3');
    expect(button()?.className).toContain('cw-fab--trips');
    launcher.render(withChat(minimized, { unread: 1 }));
    expect(button()?.getAttribute('aria-label')).toBe('Open chat, 1 unread message');
    launcher.render(withChat(minimized, { unread: 120 }));
    expect(button()?.querySelector('.cw-badge')?.textContent).toBe('99+');
    launcher.render(minimized);
    expect(button()?.querySelector('.cw-badge')).toBeNull();
  });

  it('given it is not offered, it is not in the page', () => {
    const launcher = mount();
    launcher.render(stateWith({ availability: { status: 'checking' } }));
    expect(root.querySelector('button')).toBeNull();
    launcher.render(stateWith({ availability: { status: 'unavailable', message: null } }));
    expect(root.querySelector('button')).toBeNull();
  });

  it('given connecting, shows its loading state (busy, spinner), and drops it after', () => {
    const launcher = mount();
    launcher.render(withChat(stateWith({}), { status: { kind: 'connecting', resumed: false } }));
    expect(button()?.getAttribute('aria-busy')).toBe('true');
    expect(button()?.querySelector('.cw-spinner')).not.toBeNull();
    launcher.render(withChat(stateWith({}), { status: { kind: 'active' } }));
    expect(button()?.hasAttribute('aria-busy')).toBe(false);
    expect(button()?.querySelector('.cw-spinner')).toBeNull();
  });

  it('hidden while a dialog is open (the real one or the skeleton), after a transfer and after a callback was sent', () => {
    const launcher = mount();
    launcher.render(stateWith({ dialog: { status: 'open', endChatPrompt: false } }));
    expect(button()).toBeNull();
    launcher.render(stateWith({}), true);
    expect(button()).toBeNull();
    launcher.render(withChat(stateWith({}), { status: { kind: 'transferred' } }));
    expect(button()).toBeNull();
    launcher.render(stateWith({ callback: { status: 'submitted', ok: true } }));
    expect(button()).toBeNull();
    launcher.render(stateWith({}));
    expect(button()).not.toBeNull();
  });

  it("in chat-lite it is named 'Open chat to request a callback'; the look follows the variant", () => {
    const launcher = mount();
    launcher.render(stateWith({ availability: { status: 'chatLite' } }, { chatLite: true, variant: 'newer' }));
    expect(button()?.getAttribute('aria-label')).toBe('Open chat to request a callback');
    expect(root.getAttribute('data-look')).toBe('tds');
    launcher.render(stateWith({}, { variant: 'older' }));
    expect(root.getAttribute('data-look')).toBe('classic');
  });

  it('pointer over, focus and a touch are intent (the chat starts loading); a click opens', () => {
    const onIntent = vi.fn();
    const onOpen = vi.fn();
    const launcher = mount({ onIntent, onOpen });
    launcher.render(stateWith({}));
    const target = button() as HTMLButtonElement;
    target.dispatchEvent(new Event('pointerover', { bubbles: true }));
    target.dispatchEvent(new Event('touchstart', { bubbles: true }));
    target.focus();
    expect(onIntent).toHaveBeenCalledTimes(3);
    target.click();
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('focus() shows the button for the last state and focuses it (focus return after the dialog closes)', () => {
    const launcher = mount();
    launcher.render(stateWith({ dialog: { status: 'open', endChatPrompt: false } }));
    launcher.render(stateWith({}));
    launcher.focus();
    expect(document.activeElement).toBe(button());
  });
});

describe('launcher texts: every UI language has every text', () => {
  const keys = Object.keys(english) as (keyof LauncherTexts)[];

  it.each([...UI_LANGUAGES])('%s', async (language) => {
    const texts = await loadLauncherTexts(language);
    expect(Object.keys(texts).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(texts[key].trim(), key).not.toBe('');
    expect(texts.unreadOne).toContain('{0}');
    expect(texts.unreadMany).toContain('{0}');
    expect(unreadSuffix(texts, 4)).toContain('4');
    if (language !== 'en') expect(texts.openChat).not.toBe(english.openChat);
  });

  it("English is the product's wording", () => {
    expect(english.openChat).toBe('Open chat');
    expect(english.openCallback).toBe('Open chat to request a callback');
    expect(english.questionCenter).toBe('Question Center');
    expect(english.requestCallback).toBe('Request a Callback');
    expect(unreadSuffix(english, 0)).toBe('');
  });
});
