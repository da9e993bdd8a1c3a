/** Public API of the section 5 reference validators: cards, password, VAT formats. */
export {
  CARD_TYPES,
  type CardInput,
  type CardNumberResult,
  type CardProblem,
  type CardType,
  cvvLengths,
  isCardExpired,
  isValidCvv,
  isValidExpiryMonth,
  isValidExpiryYear,
  validateCard,
  validateCardNumber,
} from './cards.js';
export { isValidPassword } from './password.js';
export { checkVat, type VatResult, type VatType, vatFormatCountries } from './vat.js';
