/**
 * The end of an exhaustive switch over a union: the compiler rejects the call while a case is
 * missing, and a value from outside the types (a bug) fails loudly instead of being skipped.
 */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unhandled ${what}: ${JSON.stringify(value)}`);
}
