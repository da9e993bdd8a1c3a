import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../widget/core/config/defaults.js';
import {
  CARD_TYPES,
  cvvLengths,
  isCardExpired,
  isValidCvv,
  isValidExpiryMonth,
  isValidExpiryYear,
  validateCard,
  validateCardNumber,
} from '../../../widget/core/reference/index.js';

/** Independent Luhn oracle: the check digit that makes body + digit pass. */
function luhnCheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    const digit = Number(body[body.length - 1 - index]);
    const doubled = index % 2 === 0 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return (10 - (sum % 10)) % 10;
}

describe('§5 card number: type pattern and Luhn', () => {
  it.each([
    ['visa', '4111 1111 1111 1111'],
    ['mastercard', '5555-5555-5555-4444'],
    ['american-express', '378282246310005'],
    ['diners-club', '30569309025904'],
    ['discover', '6011111111111117'],
    ['jcb', '3530111333300000'],
    ['unionpay', '6200000000000005'],
    ['maestro', '6759649826438453'],
  ])('§5 card types: %s is recognised and valid', (type, number) => {
    expect(validateCardNumber(number)).toEqual({ valid: true, type });
  });

  it('§5 card types: exactly Visa, Mastercard, Amex, Diners Club, Discover, JCB, UnionPay, Maestro', () => {
    expect(CARD_TYPES).toEqual([
      'visa',
      'mastercard',
      'american-express',
      'diners-club',
      'discover',
      'jcb',
      'unionpay',
      'maestro',
    ]);
  });

  it('§5 card types: brands outside the list (Mir) are rejected even with a good Luhn digit', () => {
    expect(validateCardNumber('2200000000000004')).toEqual({ valid: false });
  });

  it('§5 card number must match the type pattern: unknown prefixes and wrong lengths fail', () => {
    expect(validateCardNumber('1234567812345670')).toEqual({ valid: false });
    expect(validateCardNumber('41111111111')).toEqual({ valid: false, type: 'visa' });
    expect(validateCardNumber('4111-abcd')).toEqual({ valid: false });
  });

  it('§5 card number must pass Luhn (a wrong check digit fails, UnionPay included)', () => {
    expect(validateCardNumber('4111111111111112')).toEqual({ valid: false, type: 'visa' });
    expect(validateCardNumber('6200000000000006')).toEqual({ valid: false, type: 'unionpay' });
  });

  it('§5 Luhn (property): a Visa body with its Luhn check digit is valid; any other check digit is not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }),
        fc.integer({ min: 1, max: 9 }),
        (digits, offset) => {
          // 411111: a Visa range no co-branded scheme shares (4576 31 is Elo, outside §5's list).
          const body = `411111${digits.join('')}`;
          const check = luhnCheckDigit(body);
          expect(validateCardNumber(`${body}${check}`)).toEqual({ valid: true, type: 'visa' });
          expect(validateCardNumber(`${body}${(check + offset) % 10}`).valid).toBe(false);
        },
      ),
    );
  });

  it('§5 Luhn (property): changing any single digit of a valid Mastercard number breaks it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 13, maxLength: 13 }),
        fc.integer({ min: 2, max: 15 }),
        fc.integer({ min: 1, max: 9 }),
        (digits, position, delta) => {
          const body = `51${digits.join('')}`;
          const number = `${body}${luhnCheckDigit(body)}`;
          const changed = `${number.slice(0, position)}${(Number(number[position]) + delta) % 10}${number.slice(position + 1)}`;
          expect(validateCardNumber(number).valid).toBe(true);
          expect(validateCardNumber(changed).valid).toBe(false);
        },
      ),
    );
  });
});

describe('§5 CVV', () => {
  it('§5 CVV: 3 digits for most types', () => {
    expect(isValidCvv('123', 'visa')).toBe(true);
    expect(isValidCvv('12', 'mastercard')).toBe(false);
    expect(isValidCvv('1234', 'jcb')).toBe(false);
    expect(isValidCvv('12a', 'visa')).toBe(false);
    expect(isValidCvv('123')).toBe(true);
  });

  it('§5 CVV: 4 digits for Amex', () => {
    expect(isValidCvv('1234', 'american-express')).toBe(true);
    expect(isValidCvv('123', 'american-express')).toBe(false);
  });

  it('§5 CVV: UnionPay 0 to 4 digits', () => {
    expect(cvvLengths('unionpay')).toEqual([0, 1, 2, 3, 4]);
    for (const cvv of ['', '1', '12', '123', '1234']) expect(isValidCvv(cvv, 'unionpay')).toBe(true);
    expect(isValidCvv('12345', 'unionpay')).toBe(false);
  });
});

describe('§5 expiry', () => {
  it('§5 expiry month: 1 to 12, at most 2 characters', () => {
    for (const month of ['1', '01', '9', '12']) expect(isValidExpiryMonth(month)).toBe(true);
    for (const month of ['0', '00', '13', '001', '1a', '']) expect(isValidExpiryMonth(month)).toBe(false);
  });

  it('§5 expiry year: 4 digits, 1900 to 2200', () => {
    expect(isValidExpiryYear(String(DEFAULTS.cardExpiryYearMin))).toBe(true);
    expect(isValidExpiryYear(String(DEFAULTS.cardExpiryYearMax))).toBe(true);
    for (const year of ['1899', '2201', '30', '02030', '20x0']) expect(isValidExpiryYear(year)).toBe(false);
  });

  it('§5 expired when the start of the month after expiry has passed', () => {
    expect(isCardExpired('03', '2030', new Date(2030, 2, 31, 23, 59, 59, 999))).toBe(false);
    expect(isCardExpired('03', '2030', new Date(2030, 3, 1, 0, 0, 0, 0))).toBe(true);
    // December rolls over into January of the next year.
    expect(isCardExpired('12', '2030', new Date(2030, 11, 31, 12))).toBe(false);
    expect(isCardExpired('12', '2030', new Date(2031, 0, 1))).toBe(true);
    expect(isCardExpired('13', '2030', new Date(2000, 0, 1))).toBe(true);
  });

  it('§5 expired (property): a card is expired exactly from the first day of the following month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1901, max: 2199 }), (month, year) => {
        const lastMoment = new Date(year, month, 1).getTime() - 1;
        expect(isCardExpired(String(month), String(year), new Date(lastMoment))).toBe(false);
        expect(isCardExpired(String(month), String(year), new Date(lastMoment + 1))).toBe(true);
      }),
    );
  });
});

describe('§5 whole card', () => {
  const now = new Date(2026, 10, 21);

  it('§5 a good card has no problems', () => {
    expect(validateCard({ number: '378282246310005', cvv: '1234', expiryMonth: '1', expiryYear: '2030' }, now)).toEqual(
      [],
    );
  });

  it('§5 every failing rule is listed', () => {
    expect(validateCard({ number: '4111111111111112', cvv: '1', expiryMonth: '13', expiryYear: '1800' }, now)).toEqual([
      'number',
      'cvv',
      'expiryMonth',
      'expiryYear',
    ]);
    expect(
      validateCard({ number: '4111111111111111', cvv: '123', expiryMonth: '10', expiryYear: '2026' }, now),
    ).toEqual(['expired']);
  });
});
