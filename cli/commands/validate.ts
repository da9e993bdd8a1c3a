/** mock-chat validate <file|folder|name...>: every problem of every file, as file:line:column: place: problem. */
import { loadScenario, MockChatError } from '../../mock-server/index.js';
import { printable } from '../../mock-server/printable.js';
import { scenarioFilesIn } from '../../mock-server/scenario/load.js';
import { type CliIo, EXIT, type ExitCode } from '../io.js';

export function validateScenarios(io: CliIo, refs: string[]): ExitCode {
  let code: ExitCode = EXIT.clean;
  // A folder stands for every scenario file in it.
  const files = refs.flatMap((ref) => {
    const inFolder = scenarioFilesIn(ref);
    return inFolder.length > 0 ? inFolder : [ref];
  });
  for (const file of files) {
    try {
      const scenario = loadScenario(file);
      io.out(`${printable(file)}: ok (${scenario.name})\n`);
    } catch (error) {
      if (!(error instanceof MockChatError)) {
        // A bug of ours, not the file's: say so for this file and go on with the others.
        io.err(`${printable(file)}: cannot be validated: ${printable((error as Error)?.message ?? String(error))}\n`);
        code = EXIT.unusable;
        continue;
      }
      if (error.code === 'SCENARIO_INVALID') {
        for (const line of error.problems) io.out(`${printable(line)}\n`);
        if (code === EXIT.clean) code = EXIT.violations;
      } else {
        // The reason names the file (or the unknown name) itself.
        const lines =
          error.problems.length > 0 ? error.problems : [`${error.reason}${error.fix ? `; ${error.fix}` : ''}`];
        for (const line of lines) io.err(`${printable(line)}\n`);
        code = EXIT.unusable;
      }
    }
  }
  return code;
}
