/**
 * The built widget's files as the budget and bundle-safety tests read them: which run before
 * any visitor action (embed.js and what it imports statically), which are the per-language
 * launcher texts (one of them loads, for a page in that language), and which are vendor code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export const KIB = 1024;

export function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** Every file under dir, as paths relative to it ('embed.js', 'chunks/start-….js'). */
export function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix)).flatMap((name) => {
    const relative = prefix ? `${prefix}/${name}` : name;
    return statSync(join(dir, relative)).isDirectory() ? filesUnder(dir, relative) : [relative];
  });
}

/** The chunks a file imports statically (`import … from "./x.js"` / `import "./x.js"`), relative to dir. */
function staticImports(dir: string, file: string): string[] {
  const code = readFileSync(join(dir, file), 'utf8');
  const found = [...code.matchAll(/import\s*(?:[^'"`()]*?from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g)];
  return found.map((match) => posix.normalize(posix.join(posix.dirname(file), match[1] as string)));
}

/** The files and everything they import statically. */
export function withStaticImports(dir: string, files: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of staticImports(dir, file)) visit(next);
  };
  for (const file of files) visit(file);
  return [...seen];
}

/** embed.js and everything it imports statically: what the page runs before any visitor action. */
export function beforeIntentFiles(dir: string): string[] {
  return withStaticImports(dir, ['embed.js']);
}

/**
 * What a visitor's browser fetches to open the chat on an English page: the files before intent,
 * loadChat's three steps (widget/embed/load-chat.ts: the core, React, the views) with what they
 * import, and the English message catalogue. Not the phone and postal code rules: a form
 * fetches them when a field first needs them.
 */
export function openChatFiles(dir: string): string[] {
  const steps = filesUnder(dir).filter((file) => /^chunks\/(chat|react-root|mount)-[\w-]{8}\.js$/.test(file));
  const english = filesUnder(dir).filter((file) => /^chunks\/i18n-en-[\w-]{8}\.js$/.test(file));
  return [...withStaticImports(dir, [...beforeIntentFiles(dir), ...steps]), ...english];
}

/** The country rules' code (widget/core/forms/country-rules-code.ts) and what it imports: libphonenumber-js's. */
export function countryRulesFiles(dir: string): string[] {
  return withStaticImports(
    dir,
    filesUnder(dir).filter((file) => /^chunks\/country-rules-code-[\w-]{8}\.js$/.test(file)),
  );
}

/** One calling code's phone plan (chunks/phone-plan-44-<hash>.js): a visitor fetches its country's. */
export function isPhonePlanChunk(file: string): boolean {
  return /^chunks\/phone-plan-\d+-[\w-]{8}\.js$/.test(file);
}

/** The per-language launcher texts (chunks/de-<hash>.js, chunks/zh-CN-<hash>.js): a page loads one at most. */
export function isLanguageChunk(file: string): boolean {
  return /^chunks\/(?:[a-z]{2}|zh-[A-Z]{2})-[\w-]{8}\.js$/.test(file);
}

/** The per-language message catalogues of the dialog (chunks/i18n-de-<hash>.js): a page loads one. */
export function isCatalogueChunk(file: string): boolean {
  return /^chunks\/i18n-(?:[a-z]{2}|zh-[A-Z]{2})-[\w-]{8}\.js$/.test(file);
}

/** Vendor chunks (named groups in vite.config.ts, name and an 8-character hash): react, phone. */
export function vendorOf(file: string): 'react' | 'phone' | null {
  const match = /^chunks\/(react|phone)-[\w-]{8}\.js$/.exec(file);
  return match ? (match[1] as 'react' | 'phone') : null;
}
