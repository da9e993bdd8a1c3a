/**
 * Errors in one shape, as ws and msw print them: a prefix saying who speaks, the reason,
 * and the fix. `code` is stable so callers (the CLI) branch on it, not on wording.
 */
export type MockChatErrorCode =
  | 'UNKNOWN_SCENARIO'
  | 'UNKNOWN_SESSION'
  | 'SCENARIO_INVALID'
  | 'SCENARIO_UNREADABLE'
  | 'PORT_IN_USE'
  | 'LISTEN_FAILED'
  | 'BAD_OPTION'
  /** An agent console action that is not one (its body, as HTTP answers 400). */
  | 'BAD_ACTION'
  /** An agent console action that cannot be done now (no socket, an agent not present; HTTP 409). */
  | 'ACTION_REFUSED';

export class MockChatError extends Error {
  readonly code: MockChatErrorCode;
  readonly reason: string;
  readonly fix: string | undefined;
  /**
   * For SCENARIO_INVALID and SCENARIO_UNREADABLE: one `file:line:column: place: problem` line per
   * problem (the message lists them too, between the reason and the fix).
   */
  readonly problems: readonly string[];

  constructor(code: MockChatErrorCode, reason: string, fix?: string, problems: readonly string[] = []) {
    super(
      `[mock-chat] ${[reason, ...problems.map((line) => `  ${line}`), ...(fix ? [`  fix: ${fix}`] : [])].join('\n')}`,
    );
    this.name = 'MockChatError';
    this.code = code;
    this.reason = reason;
    this.fix = fix;
    this.problems = problems;
  }
}
