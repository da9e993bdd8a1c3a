/** The generated phone plans (scripts/phone-plans.ts, a Vite plugin: made at build time, never in the tree). */
declare module 'virtual:phone-plans' {
  import type { MetadataJson } from 'libphonenumber-js/core';

  /** Every country libphonenumber-js has metadata for, to its calling code ("US" → "1"). Null prototype. */
  export const CALLING_CODES: Readonly<Record<string, string>>;
  /** The plan of one calling code (one of CALLING_CODES' values): the metadata of every country sharing it. */
  export function loadPlan(code: string): Promise<MetadataJson>;
}
