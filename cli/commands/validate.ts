/** mock-chat validate <file...>: scenario files; problems as file:line: /pointer problem. */
import { loadScenario, MockChatError } from '../../mock-server/index.js';
import { type CliIo, EXIT, type ExitCode } from '../io.js';

export function validateScenarios(io: CliIo, files: string[]): ExitCode {
  let code: ExitCode = EXIT.clean;
  for (const file of files) {
    try {
      const scenario = loadScenario(file);
      io.out(`${file}: ok (${scenario.name})\n`);
    } catch (error) {
      if (!(error instanceof MockChatError)) throw error;
      if (error.code === 'SCENARIO_INVALID') {
        for (const line of error.problems) io.out(`${line}\n`);
        if (code === EXIT.clean) code = EXIT.violations;
      } else {
        const lines = error.problems.length > 0 ? error.problems : [`${file}: ${error.reason}`];
        for (const line of lines) io.err(`${line}\n`);
        code = EXIT.unusable;
      }
    }
  }
  return code;
}
