/**
 * What the visitor has typed and not sent yet, kept by the core so no view remount loses it:
 * the form values by field name (shared by the pre-chat and callback forms, so a name and phone
 * typed for a chat are there when the visitor asks for a callback instead) and the message
 * being written in the composer, per chat (kept across minimize, dropped when a new chat
 * starts). In memory only: a page load starts empty.
 */
import type { CustomerDetails } from '../customer-details.js';

/** A text or select value, or the checked options of a checkbox group. */
export type DraftValue = string | readonly string[];

export interface Drafts {
  /** Typed form values by field name (aliases phone/phoneNumber and zip/postalCode kept as typed). */
  form(): Readonly<Record<string, DraftValue>>;
  /** Merges a form's current values (an emptied field is kept as empty: the visitor cleared it). */
  saveForm(values: Readonly<Record<string, DraftValue>>): void;
  /** Fills fields the visitor has not typed in from known details (a resumed chat's customer). */
  seedForm(details: CustomerDetails): void;
  composer(): string;
  saveComposer(text: string): void;
  /** A new chat starts: the previous chat's unsent text does not follow it. */
  clearComposer(): void;
}

/** Longest draft value kept, in characters: a pasted novel is not held for ever. */
const MAX_VALUE_LENGTH = 10_000;
/** Most fields kept: forms have a handful; configured ones a few more. */
const MAX_FIELDS = 100;

function bounded(value: DraftValue): DraftValue {
  if (typeof value === 'string') return value.slice(0, MAX_VALUE_LENGTH);
  return value.slice(0, MAX_FIELDS).map((item) => String(item).slice(0, MAX_VALUE_LENGTH));
}

export function createDrafts(): Drafts {
  let form: Record<string, DraftValue> = {};
  let composer = '';
  return {
    form: () => form,
    saveForm(values) {
      const next = { ...form };
      for (const [name, value] of Object.entries(values)) {
        if (!(name in next) && Object.keys(next).length >= MAX_FIELDS) continue;
        next[name] = bounded(value);
      }
      form = next;
    },
    seedForm(details) {
      const known: [string, string | undefined][] = [
        ['firstName', details.firstName],
        ['lastName', details.lastName],
        ['email', details.email],
        ['phoneNumber', details.phone?.number ?? details.phoneNumber],
        ['postalCode', details.postalCode ?? details.zip],
        ['province', details.province],
        ['city', details.city],
      ];
      const next = { ...form };
      for (const [name, value] of known) {
        if (value !== undefined && value !== '' && next[name] === undefined) next[name] = bounded(value);
      }
      form = next;
    },
    composer: () => composer,
    saveComposer(text) {
      composer = text.slice(0, MAX_VALUE_LENGTH * 10);
    },
    clearComposer() {
      composer = '';
    },
  };
}
