/**
 * Section 5, chat messages: text is sanitised before display or sending. Sanitising never
 * changes what a person wrote: "Is 5 < 6 and 7 > 3?" and "compare <Model 3> vs <Model Y>" go
 * out and show exactly as typed. Markup is harmless without deleting it, because every view
 * renders message text as text (widget/ui/README.md: no innerHTML anywhere). What it does:
 * - drops control characters (C0 and C1, DEL) that no keyboard types and no screen shows;
 *   a line break stays a line break (CR LF and a lone CR become LF) and a tab becomes a
 *   space, so no two words are ever joined;
 * - replaces a lone surrogate (half an emoji, from a bad paste) with U+FFFD, so the frame is
 *   valid UTF-8 and the server sees where something was;
 * - normalises to NFC, so the same words typed on two keyboards are the same text;
 * - trims whitespace at both ends (a message of only whitespace is empty: not sent).
 * The length bound (settings.maxMessageLength) is the caller's: a longer message is refused
 * whole, never cut (chat-session.ts queueMessage, and the composer says so first).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function sanitizeMessage(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(CONTROL, '')
    .replace(LONE_SURROGATE, '\uFFFD')
    .normalize('NFC')
    .trim();
}
