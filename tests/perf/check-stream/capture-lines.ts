/**
 * Lines of a long capture as `serve --record` writes them, made up for the streaming checks
 * (tests/cli/check-stream.test.ts and the 1 GB benchmark): chats of 500 frames, each on its own
 * connection with its open and close, a customer message and an agent answer in turn, and one
 * frame in 5,000 that breaks the contract, so the report has violations to list.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

const CHAT = 500;
const VIOLATION_EVERY = 5000;
const START = Date.UTC(2026, 10, 21, 20, 0, 0);

/** Line `i` of the capture (without its line end). */
export function captureLine(i: number): string {
  const connection = Math.floor(i / (CHAT + 2)) + 1;
  const at = i % (CHAT + 2);
  const time = new Date(START + i * 10).toISOString();
  const session = 1_000_000 + connection;
  if (at === 0) return JSON.stringify({ event: 'open', connection, time });
  if (at === CHAT + 1) {
    return JSON.stringify({ event: 'close', connection, session, code: 1000, reason: '', by: 'client', time });
  }
  if (at % 2 === 1) {
    const message = `Question ${i}: where is my order?`;
    return JSON.stringify({
      direction: 'client',
      connection,
      session,
      frame: {
        apiVersion: '1.0',
        type: 'request',
        authToken: '',
        body: { method: 'newMessage', message, type: 'text', data: { message }, customData: {} },
      },
      time,
    });
  }
  return JSON.stringify({
    direction: 'server',
    connection,
    session,
    frame: {
      apiVersion: '1.0',
      type: 'notification',
      body: {
        method: 'newMessage',
        displayName: 'Sam',
        timestamp: i % VIOLATION_EVERY === 0 ? 'now' : START + i * 10,
        senderType: 'live_agent',
        type: 'text',
        message: `Answer ${i}: it ships tomorrow.`,
      },
    },
    time,
  });
}

/** Writes a capture of at least `megabytes` MiB to `file`; how many bytes and frames it holds. */
export async function writeCapture(file: string, megabytes: number): Promise<{ bytes: number; frames: number }> {
  const out = createWriteStream(file);
  let bytes = 0;
  let frames = 0;
  for (let i = 0; bytes < megabytes * 1024 * 1024; i++) {
    const line = `${captureLine(i)}\n`;
    bytes += line.length;
    if (line.startsWith('{"direction"')) frames += 1;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { bytes, frames };
}
