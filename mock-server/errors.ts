/**
 * Errors in one shape, as ws and msw print them: a prefix saying who speaks, the reason,
 * and the fix. `code` is stable so callers (the CLI) branch on it, not on wording.
 */
export type MockChatErrorCode =
  | 'UNKNOWN_SCENARIO'
  | 'SCENARIO_INVALID'
  | 'SCENARIO_UNREADABLE'
  | 'PORT_IN_USE'
  | 'LISTEN_FAILED'
  | 'BAD_OPTION';

export class MockChatError extends Error {
  readonly code: MockChatErrorCode;
  readonly reason: string;
  readonly fix: string | undefined;
  /** For SCENARIO_INVALID: one `file:line: /pointer problem` line per problem. */
  readonly problems: readonly string[];

  constructor(code: MockChatErrorCode, reason: string, fix?: string, problems: readonly string[] = []) {
    super(`[mock-chat] ${reason}${fix ? `\n  fix: ${fix}` : ''}`);
    this.name = 'MockChatError';
    this.code = code;
    this.reason = reason;
    this.fix = fix;
    this.problems = problems;
  }
}
