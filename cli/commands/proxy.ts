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
  maxPayload: number;
  connectTimeout: number;
  idleTimeout: number;
  maxBuffered: number;
  requestTimeout: number;
  maxResponse: number;
  maxConnections: number;
}

export async function proxy(
  io: CliIo,
  options: ProxyCommandOptions,
): Promise<{ code: ExitCode; proxy?: RunningProxy }> {
  let running: RunningProxy;
  try {
    running = await startProxy({
      target: options.target,
      restTarget: options.restTarget,
      port: options.port,
      host: options.host,
      profile: options.profile,
      record: options.record,
      log: options.log,
      logOut: io.stdout,
      maxPayload: options.maxPayload,
      connectTimeoutMs: options.connectTimeout,
      idleTimeoutMs: options.idleTimeout,
      maxBufferedBytes: options.maxBuffered,
      requestTimeoutMs: options.requestTimeout,
      maxResponseBytes: options.maxResponse,
      maxConnections: options.maxConnections,
    });
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

/**
 * Stops on the first SIGINT/SIGTERM: both sides of every socket closed (a close handshake
 * each), then the summary, then exit 1 when a frame broke the profile, else 0. A second signal
 * exits at once.
 */
export function stopProxyOnSignals(running: RunningProxy, io: CliIo, exit: (code: number) => void): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return exit(130);
    stopping = true;
    io.err(`mock-chat proxy: ${signal}, closing every socket\n`);
    const summarise = (code: ExitCode) => {
      io.err(`${proxySummary(running.counts())}\n`);
      exit(code);
    };
    running.close().then(
      () => summarise(running.counts().violations > 0 ? EXIT.violations : EXIT.clean),
      () => summarise(EXIT.unusable),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
