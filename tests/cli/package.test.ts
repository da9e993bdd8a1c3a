/**
 * Issue 22: the package works where integrators install it. The project is packed once and
 * installed from the tarball into an empty folder with no network and an empty npm cache
 * (tests/support/package-install.ts); there, as a user runs them: the `mock-chat` bin (its
 * version, `serve` answering with the built widget and the contract documents, `check` on a
 * capture), `chat-widget/contract` and `chat-widget/mock` from plain Node 20 as ES modules and
 * through `require`, TypeScript (this project's compiler, node16 and bundler resolution, the
 * package's declarations checked too), and the two example suites of mock-server/README.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../cli/version.js';
import { childOutput } from '../support/changes.js';
import { cleanEnv, type Installed, packAndInstall, run } from '../support/package-install.js';
import { repoRoot } from '../support/specs.js';

let pkg: Installed;
const children: ChildProcess[] = [];
beforeAll(async () => {
  pkg = await packAndInstall();
}, 180_000);
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  pkg?.remove();
});

/** Without this run's vitest variables either: a child vitest must not think it is one of its workers. */
const consumerEnv = () => ({
  ...Object.fromEntries(Object.entries(cleanEnv()).filter(([name]) => !/^(VITEST|TEST$|NODE_OPTIONS$)/.test(name))),
  NO_COLOR: '1',
});
const inConsumer = (command: string, args: string[], stdin?: string) =>
  run(command, args, { cwd: pkg.consumer, env: consumerEnv(), ...(stdin ? { stdin } : {}) });
const bin = () => path.join(pkg.consumer, 'node_modules', '.bin', 'mock-chat');
const node = (script: string, type: 'module' | 'commonjs') =>
  inConsumer(process.execPath, [`--input-type=${type}`, '-e', script]);

/** Links a package of this checkout into the consumer: the test runner and client an integrator's suite has. */
function provide(name: string): void {
  const target = path.join(pkg.consumer, 'node_modules', name);
  mkdirSync(path.dirname(target), { recursive: true });
  symlinkSync(path.join(repoRoot, 'node_modules', name), target, 'dir');
}

describe('the packed package', () => {
  it('ships the built Node side, the built widget and agent console, the specs, the scenarios and the demo, and depends on nothing', () => {
    const manifest = JSON.parse(readFileSync(path.join(pkg.consumer, 'node_modules/chat-widget/package.json'), 'utf8'));
    expect(manifest.dependencies ?? {}).toEqual({});
    for (const file of [
      'build/cli/mock-chat.js',
      'build/mock-server/index.js',
      'build/mock-server/index.d.ts',
      'build/cjs/mock-server/index.js',
      'build/contract/index.js',
      'cli/bin/mock-chat.js',
      'dist/widget/embed.js',
      'dist/agent-console/index.html',
      'specs/chat-socket.asyncapi.yaml',
      'generated/chat-socket.schema.json',
      'mock-server/scenarios/happy-path.yaml',
      'mock-server/files/model-brochure.pdf',
      'demo/index.html',
    ]) {
      expect(pkg.files, `${file} (run npm run build first)`).toContain(file);
    }
    expect(pkg.files.filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
    expect(pkg.files.filter((f) => f.startsWith('tests/') || f.startsWith('widget/'))).toEqual([]);
    // Nothing came from a registry: the tarball is all there is.
    expect(readFileSync(path.join(pkg.consumer, 'package-lock.json'), 'utf8').match(/"node_modules\//g)).toHaveLength(
      1,
    );
    expect(pkg.tarballBytes).toBeLessThan(2 * 1024 * 1024);
  });

  it('mock-chat runs: --version, check on a capture (0 and 1), and serve answering with the widget, the agent console and the contract', async () => {
    const version = await inConsumer(bin(), ['--version']);
    expect(version.stdout.trim()).toBe(VERSION);

    const frame = (body: object) =>
      JSON.stringify({ direction: 'client', frame: { apiVersion: '1.0', type: 'request', authToken: '', body } });
    writeFileSync(path.join(pkg.consumer, 'clean.jsonl'), `${frame({ method: 'ping' })}\n`);
    writeFileSync(path.join(pkg.consumer, 'bad.jsonl'), `${frame({ method: 'ping', colour: 'red' })}\n`);
    expect((await inConsumer(bin(), ['check', 'clean.jsonl'])).code).toBe(0);
    const bad = await inConsumer(bin(), ['check', 'bad.jsonl', '--profile', 'strict']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('bad.jsonl:1: /body/colour is not allowed');

    const serve = spawn(bin(), ['serve', '--port', '0'], { cwd: pkg.consumer, env: consumerEnv() });
    children.push(serve);
    const ready = await childOutput(serve).shows(/ready at (http:\/\/\S+)/, 30_000);
    const url = ready.slice('ready at '.length);
    const availability = await fetch(`${url}/conversation/check-availability-v2`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'locale=en-us&chatLiteFlag=false&triagePreChat=false&hideOnMobiles=false&ifEnergyPage=false',
    });
    expect(availability.status).toBe(200);
    expect((await fetch(`${url}/widget/embed.js`)).status).toBe(200);
    // The agent console, served from the package's own build.
    const agentConsole = await fetch(`${url}/__mock/agent`);
    expect(agentConsole.status).toBe(200);
    const script = /src="(\/__mock\/agent\/assets\/[^"]+\.js)"/.exec(await agentConsole.text())?.[1];
    expect((await fetch(`${url}${script}`)).status).toBe(200);
    expect((await fetch(`${url}/`)).headers.get('content-type')).toContain('text/html');
    expect(await (await fetch(`${url}/__mock/contract/chat-socket.asyncapi.yaml`)).text()).toMatch(/^asyncapi: 3/m);
    expect(
      ((await (await fetch(`${url}/__mock/scenarios`)).json()) as { scenarios: unknown[] }).scenarios.length,
    ).toBeGreaterThan(20);
    serve.kill('SIGTERM');
  });

  it('imports chat-widget/contract and chat-widget/mock from plain Node 20 as ES modules and with require()', async () => {
    const esm = await node(
      `import { checkServerFrame } from 'chat-widget/contract';
       import { startMockServer } from 'chat-widget/mock';
       const server = await startMockServer({ scenario: 'typing' });
       const answer = await fetch(server.url + '/__mock/sessions');
       console.log(JSON.stringify({ ok: checkServerFrame({}).ok, status: answer.status, scenario: server.scenario }));
       await server.close();`,
      'module',
    );
    expect(esm.stderr).toBe('');
    expect(JSON.parse(esm.stdout)).toEqual({ ok: false, status: 200, scenario: 'typing' });
    const cjs = await node(
      `const { checkClientFrame, CLIENT_METHODS } = require('chat-widget/contract');
       const { startMockServer, builtInScenarioNames } = require('chat-widget/mock');
       startMockServer({}).then(async (server) => {
         console.log(JSON.stringify({ methods: CLIENT_METHODS.length > 0, ok: checkClientFrame({}).ok,
           scenarios: builtInScenarioNames().includes('happy-path'), port: server.port > 0 }));
         await server.close();
       });`,
      'commonjs',
    );
    expect(cjs.stderr).toBe('');
    expect(JSON.parse(cjs.stdout)).toEqual({ methods: true, ok: false, scenarios: true, port: true });
  });

  it('type-checks with TypeScript, node16 (ES module and CommonJS files) and bundler resolution, declarations included', async () => {
    // A consumer with only @types/node, as a Node TypeScript project has.
    provide('@types/node');
    const ts = path.join(pkg.consumer, 'ts');
    mkdirSync(ts);
    writeFileSync(
      path.join(ts, 'suite.ts'),
      `import { checkServerFrame, type ServerFrame } from 'chat-widget/contract';
import { startMockServer, WaitForTimeout, type FrameHit, type MockServer } from 'chat-widget/mock';
export async function wait(): Promise<FrameHit> {
  const server: MockServer = await startMockServer({ scenario: 'happy-path', speed: 20 });
  const ok: boolean = checkServerFrame({} as ServerFrame).ok;
  if (!ok) throw new WaitForTimeout(0, server.sessions({ method: 'newMessage' }));
  return server.waitFor({ direction: 'server', method: 'newMessage' }, { timeout: 1000 });
}
`,
    );
    writeFileSync(
      path.join(ts, 'suite.cts'),
      `import { checkClientFrame } from 'chat-widget/contract';
import { startMockServer, type MockSession } from 'chat-widget/mock';
export async function one(guid: number): Promise<MockSession> {
  checkClientFrame({});
  return (await startMockServer({})).session(guid);
}
`,
    );
    const config = (module: string, resolution: string, include: string[]) =>
      JSON.stringify({
        compilerOptions: {
          module,
          moduleResolution: resolution,
          target: 'es2022',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: ['node'],
        },
        include,
      });
    writeFileSync(path.join(pkg.consumer, 'tsconfig.node16.json'), config('node16', 'node16', ['ts']));
    writeFileSync(path.join(pkg.consumer, 'tsconfig.bundler.json'), config('esnext', 'bundler', ['ts/suite.ts']));
    const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
    for (const project of ['tsconfig.node16.json', 'tsconfig.bundler.json']) {
      const result = await inConsumer(process.execPath, [tsc, '-p', project]);
      expect(result.stdout, project).toBe('');
      expect(result.code, project).toBe(0);
    }
    // Each run reads @types/node and the package's declarations: seconds alone, a minute on a busy machine.
  }, 240_000);

  it('runs the node:test and vitest examples of mock-server/README.md, as written there', async () => {
    provide('ws');
    provide('vitest');
    const readme = readFileSync(path.join(repoRoot, 'mock-server/README.md'), 'utf8');
    const examples = [...readme.matchAll(/<!-- example: (\S+) \(([^)]*)\) -->\n```js\n([\s\S]*?)```/g)];
    expect(examples.map((m) => m[1])).toEqual(['chat.node-test.mjs', 'chat.vitest.test.mjs']);
    for (const [, name, , code] of examples) writeFileSync(path.join(pkg.consumer, name as string), code as string);
    const nodeTest = await inConsumer(process.execPath, ['--test', 'chat.node-test.mjs']);
    expect(nodeTest.stdout, nodeTest.stderr).toMatch(/# pass 1\n# fail 0/);
    const vitest = await inConsumer(process.execPath, [
      path.join(pkg.consumer, 'node_modules/vitest/vitest.mjs'),
      'run',
      'chat.vitest.test.mjs',
      '--root',
      pkg.consumer,
    ]);
    expect(`${vitest.stdout}${vitest.stderr}`).toMatch(/Tests\s+1 passed \(1\)/);
    expect(vitest.code).toBe(0);
  }, 180_000);
});
