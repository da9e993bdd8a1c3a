import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../widget/core/config/defaults.js';
import { isValidPassword } from '../../../widget/core/reference/index.js';

describe('§5 password rule', () => {
  it('§5 password: 8 to 100 characters', () => {
    expect(isValidPassword('abcdef1')).toBe(false);
    expect(isValidPassword('abcdefg1')).toBe(true);
    expect(isValidPassword(`a1${'x'.repeat(DEFAULTS.passwordMaxLength - 2)}`)).toBe(true);
    expect(isValidPassword(`a1${'x'.repeat(DEFAULTS.passwordMaxLength - 1)}`)).toBe(false);
  });

  it('§5 password: at least one lowercase letter', () => {
    expect(isValidPassword('ABCDEFG1')).toBe(false);
    expect(isValidPassword('ABCDEFg1')).toBe(true);
    expect(isValidPassword('ÄÖÜSSSSß1')).toBe(true);
  });

  it('§5 password: at least one digit', () => {
    expect(isValidPassword('abcdefgh')).toBe(false);
    expect(isValidPassword('abcdefg9')).toBe(true);
  });

  it('§5 password (property): valid exactly when length 8..100 with a lowercase letter and a digit', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'B', '3', '#', ' '), maxLength: 110 }), (password) => {
        const expected =
          password.length >= 8 && password.length <= 100 && password.includes('a') && password.includes('3');
        expect(isValidPassword(password)).toBe(expected);
      }),
    );
  });

  it('§5 password: length counts characters, not UTF-16 units', () => {
    expect(isValidPassword('a1😀😀😀')).toBe(false);
    expect(isValidPassword('a1😀😀😀😀😀😀')).toBe(true);
  });
});
