/**
 * Section 5, email: rejects < > " ' / and requires a standard address shape. The spec leaves
 * the exact pattern open; this one is a dot-atom local part (RFC 5322 atext without the
 * quote and slash characters the spec rejects), an @, and dot-separated host labels ending
 * in an alphabetic top-level domain of at least two letters.
 */
const FORBIDDEN = /[<>"'/]/;
const ATEXT = '[A-Za-z0-9!#$%&*+=?^_`{|}~-]';
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const ADDRESS = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`);
/** RFC 5321 path limit: longer addresses cannot be delivered. */
const MAX_ADDRESS_LENGTH = 254;

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= MAX_ADDRESS_LENGTH && !FORBIDDEN.test(email) && ADDRESS.test(email);
}
