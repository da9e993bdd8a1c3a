/** The App over a fake core whose state a test sets directly; every command is a spy. */
import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import { createAnalytics } from '../../../../widget/core/analytics/index.js';
import { createDrafts } from '../../../../widget/core/chat/drafts.js';
import { defaultFlags, initialChat, initialState } from '../../../../widget/core/chat/initial-state.js';
import type { ChatState, ChatStatus, WidgetFlags, WidgetState } from '../../../../widget/core/chat/state.js';
import { readPageConfig } from '../../../../widget/core/config/page-config.js';
import { resolveSettings, type WidgetSettings } from '../../../../widget/core/config/settings.js';
import type { WidgetCore } from '../../../../widget/core/core-api.js';
import { FORM_TEXTS, type FormTexts } from '../../../../widget/core/forms/form-texts.js';
import { createVisitorForms } from '../../../../widget/core/forms/visitor-forms.js';
import { createStore } from '../../../../widget/core/store/store.js';
import { bindLauncher, createLauncher } from '../../../../widget/embed/launcher.js';
import { createWidgetRoot } from '../../../../widget/embed/widget-root.js';
import { App } from '../../../../widget/ui/App.js';
import type { Catalogue } from '../../../../widget/ui/i18n/catalogue.js';
import en from '../../../../widget/ui/i18n/catalogues/i18n-en.js';
import english from '../../../../widget/ui/i18n/launcher-texts/en.js';
import { CatalogueContext } from '../../../../widget/ui/i18n/use-catalogue.js';
import { WidgetContext } from '../../../../widget/ui/use-core.js';
import { hostTimers } from '../../../support/host-timers.js';

/**
 * A core whose state the test sets directly; every command is a spy. Its forms are the core's
 * own (`core.forms`) over the host's timers, calling those spies; no request leaves the test.
 */
export function fakeCore(
  state: WidgetState,
  settings: WidgetSettings = resolveSettings(),
  forms: FormTexts = FORM_TEXTS,
) {
  const store = createStore<WidgetState, WidgetState>(state, (_, next) => next);
  const drafts = createDrafts();
  const startChat = vi.fn();
  const submitCallback = vi.fn(async () => {});
  const core = {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    settings,
    page: readPageConfig({}),
    start: vi.fn(),
    openDialog: vi.fn(),
    closeDialog: vi.fn(),
    confirmEndChat: vi.fn(),
    minimize: vi.fn(),
    startChat,
    sendMessage: vi.fn(),
    retryMessage: vi.fn(),
    customerTyping: vi.fn(),
    navigate: vi.fn(),
    back: vi.fn(),
    resetViews: vi.fn(),
    dismissStatusCard: vi.fn(),
    submitCallback,
    requestCallbackInstead: vi.fn(),
    composerDraft: vi.fn(() => ''),
    saveComposerDraft: vi.fn(),
    pageShown: vi.fn(),
    dispose: vi.fn(),
    forms: createVisitorForms({
      env: {
        timers: hostTimers,
        fetch: async () => new Response(null, { status: 404 }),
        logger: console,
        location: window.location,
      },
      settings: () => settings,
      state: store.getSnapshot,
      texts: () => forms,
      draft: () => drafts.form(),
      saveDraft: (values) => drafts.saveForm(values),
      formShown: () => {},
      startChat,
      submitCallback,
    }),
  } satisfies WidgetCore;
  return { core, set: (next: WidgetState) => act(() => void store.dispatch(next)) };
}

let launcherRoot: HTMLElement | null = null;

/**
 * Renders the whole widget over a fake core, wired as the embed wires it: the plain-DOM
 * floating button (widget/embed/launcher.ts) following the core, and the React dialog in the
 * page's language (`catalogue`, English by default).
 * `settings` as resolveSettings(chatWidgetParams, pageOptions) would give.
 */
export function renderApp(state: WidgetState, settings?: WidgetSettings, catalogue: Catalogue = en) {
  const fake = fakeCore(state, settings, catalogue.forms);
  const analytics = createAnalytics({ locale: 'en-us', chatLite: false, triage: false });
  launcherRoot?.remove();
  const root = createWidgetRoot(document, state.flags.locale);
  document.body.append(root);
  launcherRoot = root;
  let open = () => {};
  const launcher = createLauncher(root, { texts: english, onIntent: () => {}, onOpen: () => open() });
  open = bindLauncher(launcher, fake.core, analytics).open;
  render(
    <WidgetContext.Provider
      value={{ core: fake.core, analytics, doc: document, focusLauncher: () => launcher.focus() }}
    >
      <CatalogueContext.Provider value={catalogue}>
        <App />
      </CatalogueContext.Provider>
    </WidgetContext.Provider>,
  );
  return { ...fake, launcher, analytics };
}

/** The dialog open, nothing asked. */
export const OPEN_DIALOG = { status: 'open', endChatPrompt: false } as const;

/** A chat in this status (what the dialog shows follows from it: selectMode). */
export function chatIn(status: ChatStatus): ChatState {
  return { ...initialChat(), status };
}

export function stateWith(patch: Partial<WidgetState>, flags: Partial<WidgetFlags> = {}): WidgetState {
  const base = initialState({ ...defaultFlags(), ...flags });
  return { ...base, availability: { status: 'available', waitMinutes: 1 }, ...patch };
}
