/**
 * The times in the log, the journal (GET /__mock/sessions) and captures are made once per
 * millisecond (mock-server/time-text.ts); they must read exactly as Date#toISOString writes them.
 */
import { describe, expect, it } from 'vitest';
import { clockText, isoText } from '../../../mock-server/time-text.js';

describe('time text', () => {
  it('is what toISOString writes, for the same millisecond asked again and for the next ones', () => {
    const start = Date.UTC(2026, 10, 27, 23, 59, 59, 998);
    for (const ms of [start, start, start + 1, start + 2, start + 2, start - 86_400_000, 0]) {
      const iso = new Date(ms).toISOString();
      expect(isoText(ms)).toBe(iso);
      expect(isoText(new Date(ms))).toBe(iso);
      expect(clockText(new Date(ms))).toBe(iso.slice(11, 23));
    }
  });

  it('is now by default', () => {
    const before = Date.now();
    const text = isoText();
    expect(Date.parse(text)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(text)).toBeLessThanOrEqual(Date.now());
  });

  it('throws for an invalid date, as toISOString does', () => {
    expect(() => isoText(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => clockText(new Date(Number.NaN))).toThrow(RangeError);
  });
});
