/**
 * Issue 21 item 1: sanitising a customer message never changes what a person wrote. Markup is
 * made harmless by rendering as text (tests/hardening/browser/xss.test.ts), not by deleting
 * anything between < and >.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeMessage } from '../../../widget/core/chat/sanitize.js';

describe('sanitizeMessage', () => {
  it.each([
    'Is 5 < 6 and 7 > 3?',
    'compare <Model 3> vs <Model Y>',
    '<script>alert(1)</script>',
    'a <b>bold</b> claim & an <img src=x onerror=alert(1)>',
    '5<6>4',
    'مرحبا <نموذج Y>',
    '👩‍👩‍👧 family plan?',
    'line one\nline two',
  ])('keeps %j exactly', (text) => {
    expect(sanitizeMessage(text)).toBe(text);
  });

  it('drops control characters without joining words', () => {
    expect(sanitizeMessage('a\u0000b\u0007c\u001Bd\u007Fe\u0085f\u009Fg')).toBe('abcdefg');
    expect(sanitizeMessage('word\tword')).toBe('word word');
    expect(sanitizeMessage('one\r\ntwo\rthree')).toBe('one\ntwo\nthree');
    expect(sanitizeMessage('\u000Bx\u000C')).toBe('x');
  });

  it('normalises to NFC and mends a lone surrogate', () => {
    expect(sanitizeMessage('cafe\u0301')).toBe('café');
    expect(sanitizeMessage('cafe\u0301')).toHaveLength(4);
    expect(sanitizeMessage('half \uD83D emoji')).toBe('half \uFFFD emoji');
    expect(sanitizeMessage('\uDE00 tail')).toBe('\uFFFD tail');
  });

  it('trims the ends; only whitespace or controls is empty', () => {
    expect(sanitizeMessage('  hi  ')).toBe('hi');
    expect(sanitizeMessage(' \t\r\n\u0000 ')).toBe('');
  });
});
