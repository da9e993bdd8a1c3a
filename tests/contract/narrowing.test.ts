import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { repoRoot } from '../support/specs.js';

it('a switch on type and body.method narrows the generated frame types (no type errors, every @ts-expect-error used)', () => {
  const configFile = ts.readConfigFile(path.join(repoRoot, 'tsconfig.json'), ts.sys.readFile);
  const options = ts.parseJsonConfigFileContent(configFile.config, ts.sys, repoRoot).options;
  const program = ts.createProgram([path.join(repoRoot, 'tests/contract/fixtures/narrowing.ts')], {
    ...options,
    noEmit: true,
    noUnusedLocals: false,
  });
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  expect(diagnostics).toEqual([]);
});
