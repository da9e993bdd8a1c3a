/**
 * Section 5, chat messages: text is sanitised before display or sending. Markup is removed
 * (React escapes what remains on display) and control characters other than newlines dropped.
 */
export function sanitizeMessage(text: string): string {
  return (
    text
      .replace(/<[^>]*>/g, '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u0009\u000B-\u001F\u007F]/g, '')
      .trim()
  );
}
