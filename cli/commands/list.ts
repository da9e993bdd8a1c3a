/** mock-chat list: the built-in scenarios with their stories. */
import { builtInScenarioNames, loadScenario } from '../../mock-server/index.js';
import { type CliIo, EXIT, type ExitCode } from '../io.js';

export function listScenarios(io: CliIo, format: 'pretty' | 'json'): ExitCode {
  const scenarios = builtInScenarioNames().map((name) => {
    const scenario = loadScenario(name);
    return { name: scenario.name, story: scenario.story };
  });
  if (format === 'json') io.out(`${JSON.stringify(scenarios, null, 2)}\n`);
  else {
    const width = Math.max(...scenarios.map((s) => s.name.length));
    for (const s of scenarios) io.out(`${s.name.padEnd(width)}  ${s.story}\n`);
  }
  return EXIT.clean;
}
