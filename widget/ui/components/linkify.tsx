import type { ReactNode } from 'react';

/** Tokens that look like links; only those that parse as http(s) URLs become anchors. */
const CANDIDATE = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that usually ends a sentence rather than a URL. */
const TRAILING = /[.,;:!?)\]]+$/;

function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Message text as React nodes: plain strings (React escapes them) and anchors for http(s)
 * URLs only. Never HTML: a message cannot inject markup or a javascript: link.
 */
export function linkify(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index ?? 0;
    const raw = match[0].replace(TRAILING, '');
    const href = safeHref(raw);
    if (!href) continue;
    if (start > last) nodes.push(text.slice(last, start));
    nodes.push(
      <a key={start} href={href} target="_blank" rel="noopener noreferrer">
        {raw}
      </a>,
    );
    last = start + raw.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}
