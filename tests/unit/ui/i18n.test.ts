/**
 * Issue 12, localisation: one catalogue per UI language, each with exactly the English keys
 * (a missing or extra key fails here), every plural form its language uses (Intl.PluralRules),
 * the same placeholders as English, no empty text, and English holding the spec's quoted
 * texts verbatim (the core's own English).
 */
import { describe, expect, it } from 'vitest';
import { FORM_TEXTS } from '../../../widget/core/forms/form-texts.js';
import { TRIAGE_TEXTS } from '../../../widget/core/locale/triage-texts.js';
import { UI_LANGUAGES, uiLanguage } from '../../../widget/core/locale/ui-language.js';
import { TEXTS } from '../../../widget/core/texts.js';
import { type Catalogue, fill, plural } from '../../../widget/ui/i18n/catalogue.js';
import en from '../../../widget/ui/i18n/catalogues/i18n-en.js';
import { loadLauncherTexts } from '../../../widget/ui/i18n/launcher-texts.js';
import { loadCatalogue } from '../../../widget/ui/i18n/load-catalogue.js';

const catalogues = new Map<string, Catalogue>();
for (const language of UI_LANGUAGES)
  catalogues.set(language, await loadCatalogue(language === 'zh-TW' ? 'zh-tw' : language));

/** A plural text: an object whose keys are CLDR plural categories. */
function isPlural(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'other' in value &&
    typeof (value as { other: unknown }).other === 'string'
  );
}

/** Every leaf as [path, text]; plural texts are one leaf each, checked apart. */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null || isPlural(value)) return [[path, value]];
  return Object.entries(value).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
}

const placeholders = (text: string) => [...new Set(text.match(/\{\d+\}/g) ?? [])].sort();

describe('message catalogues', () => {
  it('ship the eleven UI languages, each loaded as its own module and named for its language', () => {
    expect([...catalogues.keys()]).toEqual(['en', 'de', 'fr', 'es', 'it', 'nl', 'ja', 'ko', 'zh-CN', 'zh-TW', 'ar']);
    for (const [language, catalogue] of catalogues) expect(catalogue.language).toBe(language);
  });

  it.each(UI_LANGUAGES)(
    '%s: the dialog is named as the skeleton that stands in for it (the launcher texts are the one source)',
    async (language) => {
      const catalogue = catalogues.get(language) as Catalogue;
      const launcher = await loadLauncherTexts(language);
      expect(catalogue.ui.questionCenter).toBe(launcher.questionCenter);
      expect(catalogue.ui.requestCallback).toBe(launcher.requestCallback);
      expect(catalogue.ui.closeChat).toBe(launcher.close);
    },
  );

  it.each(UI_LANGUAGES.filter((language) => language !== 'en'))(
    '%s has exactly the English keys, no more, no fewer',
    (language) => {
      const paths = (catalogue: Catalogue) =>
        leaves(catalogue)
          .map(([path]) => path)
          .sort();
      expect(paths(catalogues.get(language) as Catalogue)).toEqual(paths(en));
    },
  );

  it.each(UI_LANGUAGES)(
    '%s: no empty text, the placeholders of English, every plural form of the language',
    (language) => {
      const catalogue = catalogues.get(language) as Catalogue;
      const english = new Map(leaves(en));
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const [path, value] of leaves(catalogue)) {
        const source = english.get(path);
        if (isPlural(value)) {
          expect(Object.keys(value).sort(), `${language} ${path}`).toEqual([...categories].sort());
          for (const text of Object.values(value)) {
            expect(text.trim(), `${language} ${path}`).not.toBe('');
            // One and two may spell the number out ("دقيقة واحدة"); nothing may add a placeholder.
            const allowed = placeholders((source as { other: string }).other);
            expect(
              placeholders(text).every((p) => allowed.includes(p)),
              `${language} ${path}: ${text}`,
            ).toBe(true);
          }
          expect(placeholders(String(value.other)), `${language} ${path}`).toEqual(
            placeholders((source as { other: string }).other),
          );
        } else if (typeof value === 'string') {
          expect(value.trim(), `${language} ${path}`).not.toBe('');
          expect(placeholders(value), `${language} ${path}: ${value}`).toEqual(placeholders(String(source)));
        }
      }
    },
  );

  it("English keeps the core's English verbatim: the spec's quoted texts, the forms' and triage words", () => {
    expect(en.core).toEqual(TEXTS);
    expect(en.forms).toEqual(FORM_TEXTS);
    expect(en.triage).toEqual(TRIAGE_TEXTS);
    expect(en.ui).toMatchObject({
      questionCenter: 'Question Center',
      requestCallback: 'Request a Callback',
      startChat: 'Start chat',
      typeMessage: 'Type message',
      send: 'Send',
      yes: 'Yes',
      no: 'No',
    });
  });

  it('the translations differ from English where they should (no copy left untranslated)', () => {
    for (const [language, catalogue] of catalogues) {
      if (language === 'en') continue;
      expect(catalogue.ui.questionCenter, language).not.toBe(en.ui.questionCenter);
      expect(catalogue.core.agentJoined, language).not.toBe(en.core.agentJoined);
      expect(catalogue.forms.labels.firstName, language).not.toBe(en.forms.labels.firstName);
      expect(catalogue.triage.main.liveAgent, language).not.toBe(en.triage.main.liveAgent);
    }
  });
});

describe('plurals and numbers through Intl', () => {
  it('picks the language plural form and writes the number the language way', () => {
    const ar = catalogues.get('ar') as Catalogue;
    expect(plural(en.ui.waitEstimate, 1, 'en')).toBe('Estimated wait: about 1 minute');
    expect(plural(en.ui.waitEstimate, 4, 'en')).toBe('Estimated wait: about 4 minutes');
    expect(plural(en.ui.newMessages, 1200, 'en')).toBe('1,200 new messages');
    expect(plural(ar.ui.waitEstimate, 2, 'ar')).toBe('وقت الانتظار المتوقع: حوالي دقيقتين');
    // Digits as Intl writes Arabic numbers on this runtime (Arabic-Indic or Latin by CLDR version).
    const arabic = new Intl.NumberFormat('ar');
    expect(plural(ar.ui.waitEstimate, 4, 'ar')).toBe(`وقت الانتظار المتوقع: حوالي ${arabic.format(4)} دقائق`);
    expect(plural(ar.ui.waitEstimate, 11, 'ar')).toBe(`وقت الانتظار المتوقع: حوالي ${arabic.format(11)} دقيقة`);
    expect(fill(en.ui.fileSent, 'en', 'Sam', 'brochure.pdf')).toBe('Sam sent a file: brochure.pdf');
  });

  it('a page locale picks its catalogue: Traditional Chinese for TW, HK and MO; English for the rest', async () => {
    expect(uiLanguage('zh-hk')).toBe('zh-TW');
    expect((await loadCatalogue('zh-hk')).language).toBe('zh-TW');
    expect((await loadCatalogue('zh-sg')).language).toBe('zh-CN');
    expect((await loadCatalogue('pt-br')).language).toBe('en');
    expect((await loadCatalogue('ar-ae')).language).toBe('ar');
  });
});
