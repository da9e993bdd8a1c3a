/**
 * A message catalogue: every text the widget shows, in one UI language (widget/ui/README.md,
 * "Languages"). The `core` part holds the texts the core writes (system notices, cards), the
 * `forms` and `triage` parts the words of the framework-free forms and triage data, `ui` the
 * views' own. The English catalogue keeps the spec's quoted texts verbatim; the others
 * translate them. Catalogues are plain data: one module per language, loaded on its own.
 */
import type { FormTexts } from '../../core/forms/form-texts.js';
import type { TriageTexts } from '../../core/locale/triage-texts.js';
import type { UiLanguage } from '../../core/locale/ui-language.js';
import type { CoreTexts } from '../../core/texts.js';
import { formatText } from '../../core/texts.js';

/** A text that depends on a count: one entry per CLDR plural category the language uses. */
export type Plural = { other: string } & Partial<Record<'zero' | 'one' | 'two' | 'few' | 'many', string>>;

/** The views' own texts. {0}, {1}: values filled in (numbers formatted for the language). */
export interface UiTexts {
  /** Quoted: the dialog's default title and name. */
  questionCenter: string;
  /** Quoted: the callback form's title and submit button. */
  requestCallback: string;
  back: string;
  minimizeChat: string;
  closeChat: string;
  preChatHeading: string;
  preChatDescription: string;
  /** Quoted. */
  startChat: string;
  /** Under the form heading; required fields carry a * after their label. */
  requiredNote: string;
  /** After a failed submit: how many fields need attention. */
  fieldsToFix: Plural;
  /** Section 4 rule 7's displayed wait, in minutes. */
  waitEstimate: Plural;
  callbackDescription: string;
  /** The consent disclaimer about computer-assisted dialing (section 2, view 8). */
  callbackDisclaimer: string;
  callbackSending: string;
  callbackSent: string;
  /** Under the form after a request failed (the button then says Retry). */
  callbackNotSent: string;
  callMeBackInstead: string;
  chatAvailableNow: string;
  chatNow: string;
  /** The loader overlay's visible text. */
  connecting: string;
  waitingForAgent: string;
  /** Under a disabled composer: why it cannot be used yet. */
  composerWaiting: string;
  chatMessages: string;
  /** Quoted: the composer's placeholder and name. */
  typeMessage: string;
  /** Quoted. */
  send: string;
  /** {0}: the agent's name. */
  isTyping: string;
  /** The pill shown while scrolled up when messages arrive below. */
  newMessages: Plural;
  /** At the top of a transcript past its cap (core/chat/transcript-cap.ts): {0} the messages kept. */
  earlierDropped: string;
  /** The transcript's controls that bring older (or newer) messages into the shown window. */
  showEarlier: string;
  showLater: string;
  /** {0}: the agent, {1}: the file name. */
  fileSent: string;
  /** Quoted: the answers to 'End Chat?'. */
  yes: string;
  no: string;
  /** The chat-ended card after the agent closed the chat. */
  thankYouTitle: string;
  thankYouBody: string;
  /** The chat-ended card after the connection closed for good (not the agent, not an error). */
  chatEndedTitle: string;
  chatEndedBody: string;
  /** The chat-ended card's text after a server error ended the chat (titled core.failureTitle). */
  chatEndedByError: string;
  transferredBody: string;
  /** The page title while the tab is hidden and messages arrived: {0} the count, {1} the page's title. */
  unreadTitle: string;
  /** Said after a link that opens a new tab (visually hidden). */
  opensInNewTab: string;
}

export interface Catalogue {
  language: UiLanguage;
  core: CoreTexts;
  forms: FormTexts;
  triage: TriageTexts;
  ui: UiTexts;
}

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function rulesFor(language: string): Intl.PluralRules {
  let rules = pluralRules.get(language);
  if (rules === undefined) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules;
}

/** A number as the language writes it (Arabic-Indic digits in ar, grouping everywhere). */
function formatNumber(value: number, language: string): string {
  let format = numberFormats.get(language);
  if (format === undefined) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return format.format(value);
}

/** The plural form of `count` in the language (Intl.PluralRules), with {0} the formatted count. */
export function plural(text: Plural, count: number, language: string): string {
  const category = rulesFor(language).select(count) as keyof Plural;
  const template = text[category] ?? text.other;
  return formatText(template, formatNumber(count, language));
}

/** Fills {0}, {1}... with the values, numbers formatted for the language. */
export function fill(template: string, language: string, ...values: readonly (string | number)[]): string {
  return formatText(
    template,
    ...values.map((value) => (typeof value === 'number' ? formatNumber(value, language) : value)),
  );
}
