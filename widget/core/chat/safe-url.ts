/**
 * Links from the server end up as hrefs in the views. Only http(s) and same-site paths pass:
 * a hostile or broken server must not put a javascript: or data: link in front of a visitor.
 */
export function safeUrl(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  return safeWebPage(trimmed);
}

/** A page to open in a new tab (a page the agent pushed): an absolute http(s) address only. */
export function safeWebPage(url: string): string | null {
  const trimmed = url.trim();
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? trimmed : null;
  } catch {
    return null;
  }
}
