/**
 * `--watch`: the served folder or file is followed. An edited file plays for new sessions (a
 * broken edit keeps the last good version), a file added is served, a scenario renamed answers
 * to its new name only, a file deleted is forgotten, and each change is said in the log.
 */
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MockServer } from '../../../mock-server/index.js';
import { logLines } from '../../support/changes.js';
import { clientsClosedAfterEach, saidText as said, start } from './client.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
// Registered after the server's hook, so run before it: the clients close first.
const connect = clientsClosedAfterEach();

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'mock-chat-watch-'));

describe('--watch follows what happens to the files', () => {
  const greeting = (name: string, text: string) =>
    `name: ${name}\nstory: Sam says ${text}.\nagents:\n  sam: { id: agent-7, name: Sam }\nconversation:\n  - expect: requestChat\n  - send: requestChat\n  - join: sam\n  - say: { agent: sam, text: "${text}" }\n`;

  it('an edited file plays for new sessions; a broken edit keeps the last good version', async () => {
    const file = path.join(tempDir(), 'watched.yaml');
    writeFileSync(file, greeting('watched', 'version one'));
    const { lines, log, seen } = logLines();
    server = await start(file, { watch: true, log });
    const first = await connect(server);
    await first.requestChat();
    await first.next(said('version one'));
    // Saved as editors do: a new file renamed over the old one.
    writeFileSync(`${file}.tmp`, greeting('watched', 'version two'));
    renameSync(`${file}.tmp`, file);
    await seen(/scenario watched reloaded from .*watched\.yaml: new sessions play it/);
    const second = await connect(server);
    await second.requestChat();
    await second.next(said('version two'));
    writeFileSync(file, 'name: watched\nstory: broken\nconversation:\n  - dance: 1\n');
    await seen(/watched\.yaml changed but does not load/);
    expect(lines.join('\n')).toMatch(/watched\.yaml:4:5: conversation\[0\]: is not a step/);
    const third = await connect(server);
    await third.requestChat();
    await third.next(said('version two'));
  });

  it('a file added, a scenario renamed, a file deleted: served, renamed, forgotten, and each said', async () => {
    const folder = tempDir();
    writeFileSync(path.join(folder, 'a.yaml'), greeting('qa-a', 'from a'));
    const { lines, log, seen } = logLines();
    server = await start(folder, { watch: true, log });
    const refused = (name: string) => expect(connect(server as MockServer, `?scenario=${name}`)).rejects.toThrow(/404/);

    writeFileSync(path.join(folder, 'b.yaml'), greeting('qa-b', 'from b'));
    await seen(/scenario qa-b added from .*b\.yaml: new sessions pick it with \?scenario=qa-b/);
    const b = await connect(server, '?scenario=qa-b');
    await b.requestChat();
    await b.next(said('from b'));

    writeFileSync(`${path.join(folder, 'a.yaml')}.tmp`, greeting('qa-renamed', 'renamed'));
    renameSync(`${path.join(folder, 'a.yaml')}.tmp`, path.join(folder, 'a.yaml'));
    await seen(/scenario qa-a is now named qa-renamed \(.*a\.yaml\): \?scenario=qa-a no longer answers/);
    await refused('qa-a');
    expect(server.scenario).toBe('qa-renamed');
    const renamed = await connect(server);
    await renamed.requestChat();
    await renamed.next(said('renamed'));

    rmSync(path.join(folder, 'b.yaml'));
    await seen(/b\.yaml was deleted: scenario qa-b is no longer served/);
    await refused('qa-b');
    const listing = (await (await fetch(`${server.url}/__mock/scenarios`)).json()) as { scenarios: { name: string }[] };
    expect(listing.scenarios.map((s) => s.name)).not.toContain('qa-b');
    expect(listing.scenarios.map((s) => s.name)).not.toContain('qa-a');
    expect(lines.join('\n')).not.toMatch(/ENOENT|fix:/);
  });

  it('deleting the running scenario’s file hands new sessions to the next one loaded', async () => {
    const folder = tempDir();
    writeFileSync(path.join(folder, 'a.yaml'), greeting('qa-first', 'first'));
    writeFileSync(path.join(folder, 'b.yaml'), greeting('qa-second', 'second'));
    const { log, seen } = logLines();
    server = await start(folder, { watch: true, log });
    expect(server.scenario).toBe('qa-first');
    rmSync(path.join(folder, 'a.yaml'));
    await seen(/a\.yaml was deleted: scenario qa-first is no longer served; new sessions play qa-second/);
    const client = await connect(server);
    await client.requestChat();
    await client.next(said('second'));
  });
});
