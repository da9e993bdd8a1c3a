/**
 * The environment every call of the AsyncAPI CLI runs with: no telemetry, no update
 * check, no config warnings. Nothing may leave this machine.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function asyncapiEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...base,
    ASYNCAPI_METRICS_CONFIG_PATH: path.join(root, '.asyncapi-analytics'),
    ASYNCAPI_SKIP_NEW_VERSION_CHECK: 'true',
    SUPPRESS_NO_CONFIG_WARNING: '1',
  };
}
