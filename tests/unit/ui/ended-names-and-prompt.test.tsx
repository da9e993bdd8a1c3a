// @vitest-environment happy-dom
/**
 * The view layer's part in every language of what must not be lost or hidden: a chat ended by an error or a lost
 * connection is not thanked for; names and file names are isolated and cannot be reversed by
 * their own characters; 'End Chat?' answers Escape as No (and it goes no further) and keeps
 * Tab between its answers. The browser side of each item: tests/e2e/nothing-lost.test.ts.
 */
import { cleanup, fireEvent, render as renderBare, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, EndReason } from '../../../widget/core/chat/state.js';
import { UI_LANGUAGES } from '../../../widget/core/locale/ui-language.js';
import { ChatEnded, endedCard } from '../../../widget/ui/components/ChatEnded.js';
import { EndChatPrompt } from '../../../widget/ui/components/EndChatPrompt.js';
import { MessageList } from '../../../widget/ui/components/MessageList.js';
import type { Catalogue } from '../../../widget/ui/i18n/catalogue.js';
import { loadCatalogue } from '../../../widget/ui/i18n/load-catalogue.js';
import { CatalogueContext } from '../../../widget/ui/i18n/use-catalogue.js';
import { middleCut, withoutDirectionControls } from '../../../widget/ui/isolate.js';
import { toUiMessages } from '../../../widget/ui/messages.js';
import { English } from './support/english.js';

const render = (ui: ReactElement) => renderBare(ui, { wrapper: English });
afterEach(cleanup);

const catalogues = new Map<string, Catalogue>();
for (const language of UI_LANGUAGES)
  catalogues.set(language, await loadCatalogue(language === 'zh-TW' ? 'zh-tw' : language));

const REASONS: EndReason[] = ['agentClosed', 'connectionClosed', 'unableToReconnect', 'error'];

describe('the chat-ended card says why', () => {
  it.each([...catalogues.keys()])(
    '%s: only a chat the agent closed is thanked for; each reason has its own words',
    (language) => {
      const catalogue = catalogues.get(language) as Catalogue;
      const cards = REASONS.map((reason) => endedCard(reason, catalogue));
      expect(cards[0]).toEqual([catalogue.ui.thankYouTitle, catalogue.ui.thankYouBody]);
      for (const [title] of cards.slice(1)) expect(title).not.toBe(catalogue.ui.thankYouTitle);
      expect(cards[3]).toEqual([catalogue.core.failureTitle, catalogue.ui.chatEndedByError]);
      expect(cards[2]).toEqual([catalogue.core.failureTitle, catalogue.core.unableToReconnect]);
      expect(new Set(cards.map(([, body]) => body)).size).toBe(REASONS.length);
    },
  );

  it('a server error: an error card, focusable for the keyboard user whose composer went', () => {
    render(<ChatEnded reason="error" />);
    const card = screen.getByText('Something went wrong!').parentElement as HTMLElement;
    expect(card.className).toContain('cw-card--error');
    expect(card.textContent).toContain('The chat ended because of an error on our side.');
    expect(card.tabIndex).toBe(-1);
    expect(screen.queryByText('Thank you for chatting with us')).toBeNull();
  });
});

describe('names and file names from the server', () => {
  it('direction overrides, embeddings and isolates are removed; marks stay', () => {
    expect(withoutDirectionControls('invoice-\u202Egnp.exe')).toBe('invoice-gnp.exe');
    expect(withoutDirectionControls('\u202Aa\u202Bb\u202Cc\u202Dd\u2066e\u2067f\u2068g\u2069')).toBe('abcdefg');
    expect(withoutDirectionControls('\u200Fسام\u200E')).toBe('\u200Fسام\u200E');
  });

  it('a long file name is cut in the middle, keeping its type; short ones are left alone', () => {
    expect(middleCut('brochure.pdf', 60)).toBe('brochure.pdf');
    const cut = middleCut(`${'a'.repeat(100)}.pdf`, 60);
    expect([...cut]).toHaveLength(60);
    expect(cut.endsWith('aaaa.pdf')).toBe(true);
    expect(cut).toContain('…');
    expect([...middleCut('📄'.repeat(80), 60)]).toHaveLength(60);
  });

  it.each([...catalogues.keys()])(
    '%s: a download shows the agent and the file each in a <bdi>, whole for assistive technology',
    (language) => {
      const catalogue = catalogues.get(language) as Catalogue;
      const long = `${'quarterly-statement-'.repeat(5)}\u202Egnp.exe`;
      const whole = long.replace('\u202E', '');
      const message: ChatMessage = {
        kind: 'download',
        id: 'm1',
        agentName: 'سام\u202E',
        fileName: long,
        url: '/files/1',
        timestamp: 1,
      };
      const drawn = toUiMessages([message], catalogue);
      expect(drawn[0]?.text).toBe(catalogue.ui.fileSent.replace('{0}', 'سام').replace('{1}', whole));
      renderBare(
        <CatalogueContext.Provider value={catalogue}>
          <MessageList messages={drawn} typing={null} onScrolledChange={() => {}} />
        </CatalogueContext.Provider>,
      );
      const link = screen.getByRole('link');
      expect(link.getAttribute('aria-label')).toBe(drawn[0]?.text);
      const names = [...link.querySelectorAll('bdi')].map((bdi) => bdi.textContent ?? '');
      expect(names[0]).toBe('سام');
      expect(names[1]).toContain('…');
      expect(names[1]?.endsWith('gnp.exe')).toBe(true);
      expect(link.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    },
  );
});

describe("'End Chat?' from the keyboard (item 4)", () => {
  it('Escape answers No, and goes no further (the widget does not close)', () => {
    const onNo = vi.fn();
    const onYes = vi.fn();
    const outer = vi.fn();
    render(
      // biome-ignore lint/a11y/noStaticElementInteractions: stands in for the dialog, which closes on Escape
      <div onKeyDown={outer}>
        <EndChatPrompt onYes={onYes} onNo={onNo} />
      </div>,
    );
    const no = screen.getByRole('button', { name: 'No' });
    expect(document.activeElement).toBe(no);
    fireEvent.keyDown(no, { key: 'Escape' });
    expect(onNo).toHaveBeenCalledTimes(1);
    expect(onYes).not.toHaveBeenCalled();
    expect(outer).not.toHaveBeenCalled();
  });

  it('Tab and Shift+Tab stay between No and Yes', () => {
    render(<EndChatPrompt onYes={() => {}} onNo={() => {}} />);
    const no = screen.getByRole('button', { name: 'No' });
    const yes = screen.getByRole('button', { name: 'Yes' });
    fireEvent.keyDown(no, { key: 'Tab' });
    expect(document.activeElement).toBe(yes);
    fireEvent.keyDown(yes, { key: 'Tab' });
    expect(document.activeElement).toBe(no);
    fireEvent.keyDown(no, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(yes);
  });
});
