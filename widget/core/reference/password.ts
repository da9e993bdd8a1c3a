import { DEFAULTS } from '../config/defaults.js';

/**
 * Section 5 password rule (reference): 8 to 100 characters, at least one lowercase letter and
 * one digit. Length counts code points, and any script's lowercase letter counts, so a
 * password is not judged by how JavaScript stores it.
 */
export function isValidPassword(value: string): boolean {
  const length = [...value].length;
  return (
    length >= DEFAULTS.passwordMinLength &&
    length <= DEFAULTS.passwordMaxLength &&
    /\p{Ll}/u.test(value) &&
    /\p{Nd}/u.test(value)
  );
}
