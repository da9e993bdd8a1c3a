// Generated from specs/chat-socket.asyncapi.yaml and specs/widget-http.openapi.yaml by `npm run generate` (scripts/generate.ts). Do not edit.

/** One ajv error, as the standalone validators report it. */
export interface GeneratedValidationError {
  /** JSON pointer of the offending value, e.g. /body/guid ("" for the whole frame). */
  instancePath: string;
  /** The schema keyword that failed (required, type, const, additionalProperties...). */
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A generated validator: a type guard that leaves its errors on itself. */
export interface GeneratedValidator<T> {
  (data: unknown): data is T;
  errors?: GeneratedValidationError[] | null;
}
