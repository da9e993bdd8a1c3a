/** The commander program in-process: typed parsers, choices and exit codes through exitOverride(). */

import { CommanderError } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../cli/io.js';
import { parseBytes, parsePort, parseSpeed } from '../../cli/parsers.js';
import { builtInScenarioNames } from '../../mock-server/index.js';
import { badScenario, brokenCapture, cleanCapture, violatingCapture } from './fixtures.js';
import { inProcess } from './in-process.js';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

describe('typed option parsers', () => {
  it.each([
    ['--port', 'abc', /--port <port>.*argument 'abc' is invalid. must be an integer from 0 to 65535/],
    ['--port', '70000', /must be an integer from 0 to 65535/],
    ['--speed', '0', /must be a positive number/],
    ['--seed', '1.5', /must be an integer/],
    ['--contract', 'lenient', /Allowed choices are strict, warn/],
    ['--log', 'xml', /Allowed choices are pretty, json/],
  ])('given serve %s %s, when parsed, then commander throws a usage error', async (option, value, message) => {
    const h = inProcess();
    const error = await h.parse('serve', option, value).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommanderError);
    expect((error as CommanderError).exitCode).not.toBe(0);
    expect(h.err()).toMatch(message);
  });

  it('parses ports, speeds and byte sizes', () => {
    expect(parsePort('0')).toBe(0);
    expect(parseSpeed('2.5')).toBe(2.5);
    expect(parseBytes('64k')).toBe(65536);
    expect(parseBytes('1m')).toBe(1048576);
  });

  it('reports an unknown command as a usage error', async () => {
    const h = inProcess();
    await expect(h.parse('explode')).rejects.toMatchObject({ code: 'commander.unknownCommand' });
  });

  it('answers --help with exit code 0 through exitOverride', async () => {
    const h = inProcess();
    await expect(h.parse('--help')).rejects.toMatchObject({ exitCode: 0 });
    expect(h.out()).toContain('Exit codes: 0 clean, 1 contract or scenario violations, 2 unusable input');
  });
});

describe('commands in-process', () => {
  it('list --format json gives every scenario with its story', async () => {
    const h = inProcess();
    await h.parse('list', '--format', 'json');
    const list = JSON.parse(h.out()) as { name: string; story: string }[];
    expect(list).toHaveLength(builtInScenarioNames().length);
    expect(list.every((s) => s.story.length > 20)).toBe(true);
    expect(h.run.code).toBe(EXIT.clean);
  });

  it('check sets 0, 1 and 2 and --format json lists violations with lines', async () => {
    const clean = inProcess();
    await clean.parse('check', cleanCapture());
    expect(clean.run.code).toBe(EXIT.clean);
    const bad = inProcess();
    await bad.parse('check', violatingCapture(), '--format', 'json', '--profile', 'strict');
    expect(bad.run.code).toBe(EXIT.violations);
    const report = JSON.parse(bad.out());
    expect(report.files[0].violations[0]).toMatchObject({ line: 2, direction: 'client', pointer: '/body/colour' });
    const broken = inProcess();
    await broken.parse('check', brokenCapture());
    expect(broken.run.code).toBe(EXIT.unusable);
  });

  it('validate sets 1 for a scenario that breaks the contract', async () => {
    const h = inProcess();
    await h.parse('validate', badScenario());
    expect(h.run.code).toBe(EXIT.violations);
    expect(h.out()).toMatch(/bad\.yaml:9:13: conversation\[1\]\.body\.role: `role: boss` must be one of/);
  });

  it('serve starts a server on a free port and prints its URL and its agent console', async () => {
    const h = inProcess();
    await h.parse('serve', '--port', '0', '--scenario', 'typing', '--log', 'json', '--seed', '3');
    const server = h.run.serve?.server;
    expect(server).toBeDefined();
    if (server) servers.push(server);
    expect(JSON.parse(h.out().trim().split('\n')[0] as string)).toMatchObject({
      url: server?.url,
      console: `${server?.url}/__mock/agent`,
      message: expect.stringContaining('typing'),
    });
  });
});
