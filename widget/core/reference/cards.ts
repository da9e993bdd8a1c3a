import cardValidator from 'card-validator';
import { DEFAULTS } from '../config/defaults.js';

/**
 * Section 5 card rules (reference library). card-validator supplies the type patterns,
 * lengths, Luhn and CVV lengths; expiry is written here because the library's year check is
 * relative to today (current year to +19), while the spec wants a fixed 1900 to 2200 format
 * range and a separate "expired" rule.
 */
export const CARD_TYPES = [
  'visa',
  'mastercard',
  'american-express',
  'diners-club',
  'discover',
  'jcb',
  'unionpay',
  'maestro',
] as const;

export type CardType = (typeof CARD_TYPES)[number];

function isCardType(type: string): type is CardType {
  return (CARD_TYPES as readonly string[]).includes(type);
}

export type CardNumberResult = { valid: true; type: CardType } | { valid: false; type?: CardType };

/** The number matches one of the eight types' patterns and lengths and passes Luhn (UnionPay included). */
export function validateCardNumber(value: string): CardNumberResult {
  const result = cardValidator.number(value, { luhnValidateUnionPay: true });
  const type = result.card?.type;
  // Other brands the library knows (Elo, Mir, Hiper...) are not accepted by the spec.
  if (type === undefined || !isCardType(type)) return { valid: false };
  return result.isValid ? { valid: true, type } : { valid: false, type };
}

/** CVV lengths: 3 digits; 4 for Amex; UnionPay 0 to 4. */
export function cvvLengths(type: CardType | undefined): readonly number[] {
  if (type === 'american-express') return [4];
  if (type === 'unionpay') return [0, 1, 2, 3, 4];
  return [3];
}

export function isValidCvv(value: string, type?: CardType): boolean {
  return cardValidator.cvv(value, [...cvvLengths(type)]).isValid;
}

/** Expiry month: 1 to 12, at most 2 characters ("1", "01", "12"). */
export function isValidExpiryMonth(value: string): boolean {
  if (!/^\d{1,2}$/.test(value)) return false;
  const month = Number(value);
  return month >= 1 && month <= 12;
}

/** Expiry year: 4 digits, 1900 to 2200 (section 9 limits). */
export function isValidExpiryYear(value: string): boolean {
  if (!/^\d{4}$/.test(value)) return false;
  const year = Number(value);
  return year >= DEFAULTS.cardExpiryYearMin && year <= DEFAULTS.cardExpiryYearMax;
}

/**
 * Expired when the start of the month after expiry has passed: a card ending 03/2030 is good
 * through 31 March 2030 and expired from 1 April 2030 00:00 (local time of `now`). `now` is
 * injected so tests pin the date.
 */
export function isCardExpired(month: string, year: string, now: Date): boolean {
  if (!isValidExpiryMonth(month) || !isValidExpiryYear(year)) return true;
  const firstOfNextMonth = new Date(Number(year), Number(month), 1);
  return now.getTime() >= firstOfNextMonth.getTime();
}

export interface CardInput {
  number: string;
  cvv: string;
  expiryMonth: string;
  expiryYear: string;
}

export type CardProblem = 'number' | 'cvv' | 'expiryMonth' | 'expiryYear' | 'expired';

/** Every card rule at once; an empty list means the card is acceptable. */
export function validateCard(card: CardInput, now: Date): CardProblem[] {
  const problems: CardProblem[] = [];
  const number = validateCardNumber(card.number);
  if (!number.valid) problems.push('number');
  if (!isValidCvv(card.cvv, number.type)) problems.push('cvv');
  const monthOk = isValidExpiryMonth(card.expiryMonth);
  const yearOk = isValidExpiryYear(card.expiryYear);
  if (!monthOk) problems.push('expiryMonth');
  if (!yearOk) problems.push('expiryYear');
  if (monthOk && yearOk && isCardExpired(card.expiryMonth, card.expiryYear, now)) problems.push('expired');
  return problems;
}
