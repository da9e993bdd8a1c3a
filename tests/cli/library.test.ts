/**
 * The contract as a library (issue 15): a project that has this package installed imports
 * `chat-widget/contract` on plain Node 20 (no TypeScript loader) and reads the schemas and
 * documents through the package's exports. The "installed" project is a temp folder whose
 * node_modules/chat-widget links to this checkout, as `npm install ../chat-widget` makes it.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/specs.js';

const project = mkdtempSync(path.join(tmpdir(), 'contract-consumer-'));
mkdirSync(path.join(project, 'node_modules'));
symlinkSync(repoRoot, path.join(project, 'node_modules', 'chat-widget'), 'dir');
writeFileSync(path.join(project, 'package.json'), '{"type":"module","private":true}\n');

function runNode(script: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // No --import tsx, no loader: what an integrator's plain Node runs.
    execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: project }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('chat-widget/contract from plain Node', () => {
  it('checks frames in both profiles and reports every problem of a frame', async () => {
    const { code, stdout, stderr } = await runNode(`
      import { checkServerFrame, checkClientFrame, CLIENT_METHODS } from 'chat-widget/contract';
      const odd = { apiVersion: '1.0', type: 'notification',
        body: { method: 'participantLeave', agentId: 'a1', leaveReason: 'TRANSFER', participants: [] } };
      const broken = { apiVersion: 2, type: 'request', authToken: '', body: { method: 'newMessage', message: 5 } };
      console.log(JSON.stringify({
        tolerant: checkServerFrame(odd),
        strict: checkServerFrame(odd, { profile: 'strict' }),
        broken: checkClientFrame(broken, { profile: 'strict' }),
        methods: CLIENT_METHODS,
      }));
    `);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out.tolerant.ok).toBe(true);
    expect(out.tolerant.deviations.map((v: { pointer: string }) => v.pointer)).toContain('/body/leaveReason');
    expect(out.strict.ok).toBe(false);
    expect(out.broken.violations.length).toBeGreaterThanOrEqual(3);
    expect(out.methods).toContain('renewChat');
  });

  it('exports the JSON Schemas and the AsyncAPI and OpenAPI documents', async () => {
    const { code, stdout } = await runNode(`
      import { createRequire } from 'node:module';
      import { readFileSync } from 'node:fs';
      const require = createRequire(import.meta.url);
      const files = ['chat-widget/contract/schemas/chat-socket.json', 'chat-widget/contract/schemas/chat-socket.tolerant.json',
        'chat-widget/contract/schemas/widget-http.json', 'chat-widget/contract/schemas/check-report.json',
        'chat-widget/contract/schemas/scenario.json',
        'chat-widget/contract/chat-socket.asyncapi.yaml', 'chat-widget/contract/widget-http.openapi.yaml'];
      console.log(JSON.stringify(files.map((f) => readFileSync(require.resolve(f), 'utf8').slice(0, 40))));
    `);
    expect(code).toBe(0);
    const heads = JSON.parse(stdout) as string[];
    expect(heads.slice(0, 5).every((h) => h.trimStart().startsWith('{'))).toBe(true);
    expect(heads[5]).toMatch(/asyncapi: 3/);
    expect(heads[6]).toMatch(/openapi: 3\.1/);
  });
});
