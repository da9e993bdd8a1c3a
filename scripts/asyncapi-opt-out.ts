/**
 * Run by `npm install` (prepare): turns the AsyncAPI CLI's usage telemetry off for this user,
 * so even a bare `npx asyncapi validate ...` in this project never reaches the network. The
 * CLI reads ~/.asyncapi-analytics and, when it is missing, creates it with tracking ON; we
 * create it first, with tracking off. An existing file is the user's own choice: it is left
 * alone, with a note when it has tracking on (the npm scripts opt out either way).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

const file = process.env.ASYNCAPI_METRICS_CONFIG_PATH ?? path.join(homedir(), '.asyncapi-analytics');
const OFF = { analyticsEnabled: 'false', infoMessageShown: 'true', userID: 'none' };

try {
  if (!existsSync(file)) {
    writeFileSync(file, JSON.stringify(OFF));
    console.log(`asyncapi telemetry: off (${file})`);
  } else if (JSON.parse(readFileSync(file, 'utf8')).analyticsEnabled !== 'false') {
    console.warn(
      `asyncapi telemetry: ${file} has tracking on; this project's npm scripts turn it off, ` +
        'a bare `npx asyncapi` does not: run `npx asyncapi config analytics --disable` to turn it off everywhere',
    );
  }
} catch (error) {
  // A read-only or odd home must never fail the install; the npm scripts still opt out.
  console.warn(`asyncapi telemetry: could not check ${file}: ${String(error)}`);
}
