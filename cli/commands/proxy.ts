/**
 * mock-chat proxy --target ws(s)://HOST/chat: a live checking proxy between a real client and a
 * real contact centre (see mock-server/proxy/proxy.ts). Prints where to point the client, every
 * frame with its violations as it passes, and a summary when stopped.
 */
import type { Profile } from '../../contract/profile-check.js';
import { MockChatError } from '../../mock-server/errors.js';
import type { LogMode } from '../../mock-server/log.js';
import { proxySummary, type RunningProxy, startProxy } from '../../mock-server/proxy/proxy.js';
import { type CliIo, EXIT, type ExitCode } from '../io.js';

export interface ProxyCommandOptions {
  target: string;
  restTarget?: string;
  port: number;
  host: string;
  profile: Profile;
  record?: string;
  log: LogMode;
}

export async function proxy(
  io: CliIo,
  options: ProxyCommandOptions,
): Promise<{ code: ExitCode; proxy?: RunningProxy }> {
  let running: RunningProxy;
  try {
    running = await startProxy({ ...options, logOut: io.stdout });
  } catch (error) {
    if (!(error instanceof MockChatError)) throw error;
    io.err(`${error.message}\n`);
    return { code: EXIT.unusable };
  }
  io.out(
    `mock-chat proxy: ready at ${running.url} (socket ${running.socketUrl}) -> ${options.target}; checking in the ${options.profile} profile${options.record ? `, recording to ${options.record}` : ''}\n` +
      `mock-chat proxy: point the widget at it: chatWidgetConfig.options.apiEndpointsDomain = '${running.url}' (the availability answer's webChatUrl is rewritten to the proxy)\n`,
  );
  return { code: EXIT.clean, proxy: running };
}

/** Stops on the first SIGINT/SIGTERM with the summary; a second one exits at once. */
export function stopProxyOnSignals(running: RunningProxy, io: CliIo, exit: (code: number) => void): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return exit(130);
    stopping = true;
    io.err(`${proxySummary(running.counts())}\n`);
    const failed = running.counts().violations > 0;
    running.close().then(
      () => exit(failed ? EXIT.violations : EXIT.clean),
      () => exit(EXIT.unusable),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
