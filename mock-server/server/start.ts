/**
 * startMockServer: one node:http server with the REST calls and the /chat WebSocket on one
 * port. Resolves once listening to { url, port, sessions(), waitFor(), reset(), close() };
 * close() is idempotent and leaves no socket, session, watcher or timer behind.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { assertNever } from '../../contract/assert-never.js';
import type { Profile } from '../../contract/profile-check.js';
import { Timers } from '../clock.js';
import { MockChatError } from '../errors.js';
import { ConsoleFeeds } from '../live/console-feed.js';
import { CONSOLE_PATH } from '../live/console-route.js';
import { LiveConsole } from '../live/live-console.js';
import { createLogger, type Logger, type LogMode } from '../log.js';
import { createCaptureWriter } from '../proxy/capture.js';
import { createRandom } from '../random.js';
import { loadScenarios, type ScenarioRef, scenarioFilesIn } from '../scenario/load.js';
import type { RunnerEvent } from '../scenario/runner.js';
import { builtInScenarioLabel, builtInScenarioPath, repoRoot } from '../scenario/source.js';
import type { Scenario } from '../scenario/types.js';
import { type ChatSession, JOURNAL_BYTES, type SessionDeps, type TranscriptEntry } from '../session/chat-session.js';
import { SessionRegistry } from '../session/registry.js';
import { type MockSession, SessionControl, type WaitOptions } from '../session/session-control.js';
import {
  type FrameHit,
  type FrameMatch,
  type SessionQuery,
  type SessionReport,
  Verification,
} from '../session/verification.js';
import { Connection } from '../socket/connection.js';
import type { ContractMode, SocketContext } from '../socket/context.js';
import { ScenarioCatalog } from './catalog.js';
import { type HttpContext, route } from './http-server.js';
import { requestUrl, sendFailure } from './http-util.js';
import { createOriginPolicy } from './origin-policy.js';
import { watchScenarios } from './watch.js';

export interface MockServerOptions {
  /**
   * A built-in name (default happy-path), a .yaml path, a folder of .yaml files, or a parsed
   * scenario object; or a list of them. Every one is served by its name; the first runs.
   */
  scenario?: ScenarioRef | readonly ScenarioRef[];
  /** Reload scenario files (and folders) when they change, for new sessions. */
  watch?: boolean;
  /** Which client frames are accepted: tolerant (default; what a real server accepts) or strict. */
  profile?: Profile;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Divides every scenario delay: 10 = ten times faster. Default 1. */
  speed?: number;
  /** strict (default): client frames that break the profile get an error frame code 1; warn: log only. */
  contract?: ContractMode;
  /** silent (default), pretty, json, or a function receiving each log line. */
  log?: LogMode | ((line: string) => void);
  /** Where log lines go (default stdout). */
  logOut?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Capture file (JSON lines): every socket's open, frames and close, the format `mock-chat check` reads. */
  record?: string;
  /**
   * Seed of everything random (guids, keys, ids): the same seed gives the same sessions, and
   * makes every key predictable. Without it they come from node:crypto.
   */
  seed?: number;
  /** Largest client frame in bytes (default 64 KiB); bigger ones close with 1009. */
  maxPayload?: number;
  /** Built widget served at /widget/ (default <repo>/dist/widget). */
  widgetRoot?: string;
  /** Demo pages served at / (default <repo>/demo). */
  demoRoot?: string;
  /** The built agent console served at /__mock/agent (default <repo>/dist/agent-console). */
  consoleRoot?: string;
  /**
   * Extra headers sent with the demo site's HTML pages, e.g.
   * `{ 'Content-Security-Policy': "script-src 'self'" }` to prove the widget runs under a strict CSP.
   */
  pageHeaders?: Record<string, string>;
  /** Transcript entries kept per session for a renew's replay (default 1000; the oldest fall off). */
  transcriptLimit?: number;
  /** Real milliseconds a session no socket holds stays renewable (default 300000). */
  sessionTtlMs?: number;
  /** Transcript bytes (as JSON) kept per session (default 1 MiB; the oldest entries fall off). */
  transcriptBytes?: number;
  /** Chat sessions held at once (default 10000; sockets: twice that); see session/registry.ts. */
  maxSessions?: number;
  /** Bytes waiting to be sent to one socket before the client counts as not reading and is closed (default 1 MiB). */
  maxBufferedBytes?: number;
  /** Bytes (as JSON) of frames the verification API keeps per session and direction (default 256 KiB). */
  journalBytes?: number;
  /**
   * Real milliseconds a socket may stay silent after its upgrade (no requestChat, renewChat or
   * ping: no frame at all) before it is closed with 4408 and stops counting toward the socket
   * cap (default 30 s).
   */
  firstFrameTimeoutMs?: number;
  /**
   * Origins besides the server's own and loopback pages allowed to use /__mock/* and /chat
   * (`*` for any); see server/origin-policy.ts.
   */
  allowOrigins?: readonly string[];
}

/** Defaults of the caps, documented in mock-server/README.md. */
export const LIMITS = {
  maxSessions: 10_000,
  maxBufferedBytes: 1024 * 1024,
  sessionTtlMs: 300_000,
  journalBytes: JOURNAL_BYTES,
  firstFrameTimeoutMs: 30_000,
} as const;

/** Close code of a socket that sent nothing in time (as HTTP 408 Request Timeout). */
const SILENT = 4408;
/** How long a socket closed for silence has to answer the close before it is cut. */
const CLOSE_GRACE_MS = 1000;

export interface MockServer {
  /** http://host:port */
  url: string;
  /** ws://host:port/chat */
  socketUrl: string;
  /** http://host:port/__mock/agent: the agent console, where a person plays any session. */
  consoleUrl: string;
  port: number;
  host: string;
  /** The name of the scenario answering now. */
  readonly scenario: string;
  /** How many sessions the server holds now (cheap; sessions() is the full report). */
  readonly liveSessions: number;
  /**
   * Every session (recently ended ones too): scenario, step position, frames received and sent;
   * a query narrows it to one session, direction, method, or what came after a cursor.
   */
  sessions(query?: SessionQuery): SessionReport[];
  /** The newest journal number: `since: server.cursor` selects only frames recorded from now on. */
  readonly cursor: number;
  /** Resolves once `predicate` holds for the sessions (re-checked on every change). */
  waitFor(predicate: (sessions: SessionReport[]) => boolean, timeoutMs?: number): Promise<SessionReport[]>;
  /** Resolves with the first frame the match selects (any direction unless it says), once there is one. */
  waitFor(match: FrameMatch, options?: WaitOptions): Promise<FrameHit>;
  /** One session by its guid: its journal, waits on it, its own scenario switch and reset. */
  session(guid: number): MockSession;
  /** Switches the running scenario for new sessions and availability answers (every test's). */
  switchScenario(name: string): void;
  /** Ends every session (sockets closed with 1012), forgets the ended ones, and goes back to the first scenario. */
  reset(): void;
  /** A copy of the transcript of the live session with this guid (every newMessage, in order). */
  transcript(guid: number): TranscriptEntry[] | undefined;
  close(): Promise<void>;
}

function refuseUpgrade(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

const oneLine = (error: unknown) => (error as Error)?.message ?? String(error);

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') {
        reject(
          new MockChatError(
            'PORT_IN_USE',
            `port ${port} on ${host} is already in use`,
            'stop the process holding it, or pass --port 0 to pick a free port',
          ),
        );
      } else {
        reject(
          new MockChatError(
            'LISTEN_FAILED',
            `cannot listen on ${host}:${port}: ${error.message}`,
            'check --host and --port',
          ),
        );
      }
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const speed = options.speed ?? 1;
  if (!(speed > 0) || !Number.isFinite(speed)) {
    throw new MockChatError('BAD_OPTION', `speed must be a positive number, got ${speed}`, 'pass e.g. --speed 10');
  }
  const refs: readonly ScenarioRef[] = Array.isArray(options.scenario)
    ? options.scenario
    : [(options.scenario as ScenarioRef | undefined) ?? 'happy-path'];
  const served = uniqueNames(refs.flatMap(loadScenarios));
  const catalog = new ScenarioCatalog(served);
  const host = options.host ?? '127.0.0.1';
  const contract = options.contract ?? 'strict';
  const profile = options.profile ?? 'tolerant';
  const log = createLogger({ mode: options.log ?? 'silent', out: options.logOut });
  const capture = options.record ? createCaptureWriter(options.record, (message) => log.warn(message)) : undefined;
  for (const scenario of served) warnIfShadowing(scenario, log);
  const random = createRandom(options.seed);
  const registry = new SessionRegistry({
    ttlMs: options.sessionTtlMs ?? LIMITS.sessionTtlMs,
    maxSessions: options.maxSessions ?? LIMITS.maxSessions,
    onError: (error) => log.warn(`[mock-chat] a session timer failed: ${oneLine(error)}`),
  });
  const serverTimers = new Timers(speed, (error) => log.warn(`[mock-chat] a server timer failed: ${oneLine(error)}`));
  const origins = createOriginPolicy({ allowOrigins: options.allowOrigins, bindHost: host });
  const verification = new Verification(() => registry.all());
  /** Per scenario name: until when its new sockets are refused (a `refuse` step of one of its sessions). */
  const refusedUntil = new Map<string, number>();

  const sessionDeps: SessionDeps = {
    speed,
    ...(options.transcriptLimit ? { transcriptLimit: options.transcriptLimit } : {}),
    ...(options.transcriptBytes ? { transcriptBytes: options.transcriptBytes } : {}),
    ...(options.journalBytes ? { journalBytes: options.journalBytes } : {}),
    random,
    newGuid: () => registry.uniqueGuid(() => random.int(100_000, 2_000_000_000)),
    now: () => Date.now(),
    refuse: (session, seconds) => {
      const name = session.scenario.name;
      refusedUntil.set(name, Math.max(refusedUntil.get(name) ?? 0, Date.now() + serverTimers.scale(seconds)));
    },
    ended: (session) => {
      registry.remove(session);
      verification.ended(session);
    },
    failed: (session, error) => log.warn(`[mock-chat] ${session.label}: the conversation failed: ${oneLine(error)}`),
    lost: (session, frame, at, why) =>
      log.frame({
        time: new Date(),
        session: session.label,
        direction: 'server',
        frame,
        note: `not sent: ${why}${at ? ` (scenario step at ${at})` : ''}`,
      }),
    event: (session, event) => logEvent(log, session, event),
    changed: () => verification.changed(),
    nextSeq: () => verification.nextSeq(),
  };
  const live = new LiveConsole({ registry, log: (message) => log.info(message) });
  const control = new SessionControl({
    registry,
    verification,
    scenario: (name) => catalog.byName(name),
    act: (guid, action) => live.act(guid, action),
    log: (message) => log.info(message),
  });
  const socketContext: SocketContext = {
    contract,
    profile,
    log,
    ...(capture ? { capture } : {}),
    registry,
    sessionDeps,
    limits: { maxBufferedBytes: options.maxBufferedBytes ?? LIMITS.maxBufferedBytes },
  };
  const roots = {
    widgetRoot: options.widgetRoot ?? path.join(repoRoot, 'dist', 'widget'),
    demoRoot: options.demoRoot ?? path.join(repoRoot, 'demo'),
    ...(options.pageHeaders ? { pageHeaders: options.pageHeaders } : {}),
  };
  const httpContext: HttpContext = {
    catalog,
    registry,
    contract,
    log,
    timers: serverTimers,
    roots,
    origins,
    switchScenario,
    verification,
    control,
    reset: () => reset(),
    live,
    agentConsole: {
      consoleRoot: options.consoleRoot ?? path.join(repoRoot, 'dist', 'agent-console'),
      feeds: new ConsoleFeeds({ verification, control }),
    },
  };

  // One guard per entry point: nothing a request or upgrade carries can end the process.
  const server = createServer((req, res) => {
    route(req, res, httpContext).catch((error: unknown) => {
      log.warn(`[http] ${req.method} ${req.url} failed: ${oneLine(error)}`);
      sendFailure(res, 500, 'mock-chat internal error');
    });
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload ?? 64 * 1024 });
  // Sockets before requestChat, and a renewing socket beside the one it replaces, count too;
  // sockets that send nothing at all are closed after firstFrameMs, so they cannot fill it.
  const maxSockets = 2 * (options.maxSessions ?? LIMITS.maxSessions);
  const firstFrameMs = options.firstFrameTimeoutMs ?? LIMITS.firstFrameTimeoutMs;
  let connections = 0;
  /** Each socket's Connection: the server ends sockets through it, so the capture says the server did. */
  const connectionOf = new WeakMap<WebSocket, Connection>();

  /** Closes `ws` with 4408 unless a frame arrives within firstFrameMs; cut if it does not answer the close. */
  const closeIfSilent = (ws: WebSocket, label: string) => {
    const seconds = `${Math.round(firstFrameMs / 100) / 10} s`;
    const silent = setTimeout(() => {
      log.warn(
        `[socket] ${label}: closed with ${SILENT}: no frame within ${seconds} of opening (--first-frame-timeout)`,
      );
      ws.close(SILENT, `No frame within ${seconds}: send requestChat or renewChat`);
      const cut = setTimeout(() => ws.terminate(), CLOSE_GRACE_MS);
      ws.once('close', () => clearTimeout(cut));
    }, firstFrameMs);
    const heard = () => clearTimeout(silent);
    ws.once('message', heard);
    ws.once('close', heard);
  };

  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => {});
    const url = requestUrl(req);
    if (url === undefined) return refuseUpgrade(socket, '400 Bad Request');
    if (url.pathname !== '/chat') return refuseUpgrade(socket, '404 Not Found');
    const allowed = origins.check(req);
    if (!allowed.ok) {
      log.warn(`[socket] refused an upgrade: ${allowed.why} (mock-chat serve --allow-origin)`);
      return refuseUpgrade(socket, '403 Forbidden');
    }
    if (wss.clients.size >= maxSockets) return refuseUpgrade(socket, '503 Service Unavailable');
    let chosen: Scenario;
    try {
      chosen = catalog.select(req, url, (why) => log.info(`[socket] ${why}`));
    } catch (error) {
      if (!(error instanceof MockChatError)) throw error;
      log.warn(`[socket] refused an upgrade: ${error.reason}; ${error.fix}`);
      return refuseUpgrade(socket, '404 Not Found');
    }
    // A scenario that refuses connections refuses its own clients only, not every client of the server.
    if (Date.now() < (refusedUntil.get(chosen.name) ?? 0)) return refuseUpgrade(socket, '503 Service Unavailable');
    // The Host header names this server (the origin policy checked it): file addresses use it.
    const serverUrl = `http://${req.headers.host ?? `${hostForUrl}:${port}`}`;
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = new Connection(++connections, ws, chosen, socketContext, serverUrl);
      connectionOf.set(ws, connection);
      log.info(`[socket] ${connection.label} opened (${chosen.name})`);
      closeIfSilent(ws, connection.label);
    });
  };
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      upgrade(req, socket, head);
    } catch (error) {
      log.warn(`[socket] upgrade ${req.url} failed: ${oneLine(error)}`);
      refuseUpgrade(socket, '500 Internal Server Error');
    }
  });

  await listen(server, options.port ?? 0, host);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const hostForUrl = host.includes(':') ? `[${host}]` : host;

  const unwatch = options.watch ? watchFiles(refs, catalog, log, served) : () => {};

  /** The running scenario, for every new session and availability answer (a `refuse` step's refusal ends). */
  function switchScenario(name: string): Scenario {
    const scenario = catalog.switchTo(name);
    refusedUntil.clear();
    log.info(`[mock-chat] scenario switched to ${scenario.name}`);
    return scenario;
  }

  function reset(): void {
    // A clean close, not a dropped connection: clients see the service restart (1012).
    for (const client of wss.clients) connectionOf.get(client)?.close(1012, 'Mock server reset');
    registry.dispose();
    verification.reset();
    catalog.reset();
    refusedUntil.clear();
    log.info(`[mock-chat] reset: every session ended; scenario ${catalog.current.name}`);
  }

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      unwatch();
      verification.dispose();
      serverTimers.dispose();
      registry.dispose();
      for (const client of wss.clients) connectionOf.get(client)?.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await capture?.close();
      await log.close();
    })();
    return closing;
  };

  return {
    url: `http://${hostForUrl}:${port}`,
    socketUrl: `ws://${hostForUrl}:${port}/chat`,
    consoleUrl: `http://${hostForUrl}:${port}${CONSOLE_PATH}`,
    port,
    host,
    get scenario() {
      return catalog.current.name;
    },
    get liveSessions() {
      return registry.size;
    },
    sessions: (query) => verification.sessions(query),
    get cursor() {
      return verification.cursor;
    },
    waitFor: ((condition: ((sessions: SessionReport[]) => boolean) | FrameMatch, options?: number | WaitOptions) =>
      typeof condition === 'function'
        ? verification.waitFor(condition, typeof options === 'number' ? options : options?.timeout)
        : verification.waitForFrame(
            condition,
            typeof options === 'number' ? options : options?.timeout,
          )) as MockServer['waitFor'],
    session: (guid) => control.session(guid),
    switchScenario: (name) => void switchScenario(name),
    reset,
    transcript(guid) {
      const entries = registry.get(guid)?.transcript;
      return entries === undefined ? undefined : entries.map((entry) => ({ ...entry }));
    },
    close,
  };
}

/** Two scenarios served under one name would make `?scenario=` ambiguous. */
function uniqueNames(scenarios: Scenario[]): Scenario[] {
  const seen = new Map<string, string>();
  for (const scenario of scenarios) {
    const earlier = seen.get(scenario.name);
    if (earlier !== undefined && earlier !== scenario.source) {
      throw new MockChatError(
        'BAD_OPTION',
        `two scenarios are named "${scenario.name}" (${earlier} and ${scenario.source})`,
        'give each scenario file its own name:',
      );
    }
    seen.set(scenario.name, scenario.source);
  }
  return scenarios;
}

/** A file scenario named like a built-in is served instead of it: allowed (to adapt one), but said. */
function warnIfShadowing(scenario: Scenario, log: Logger): void {
  if (builtInScenarioPath(scenario.name) !== undefined && scenario.source !== builtInScenarioLabel(scenario.name)) {
    log.warn(
      `[mock-chat] scenario ${scenario.name} from ${scenario.source} is served instead of the built-in of the same name; rename it to keep both`,
    );
  }
}

/**
 * serve --watch: the files and folders among the refs, reloaded on change. A changed file plays
 * for new sessions; a renamed scenario (its `name:` edited) is served by its new name only; a
 * deleted file is no longer served (if it was running, the first scenario still loaded runs).
 */
function watchFiles(refs: readonly ScenarioRef[], catalog: ScenarioCatalog, log: Logger, served: readonly Scenario[]) {
  const targets: { file?: string; folder?: string }[] = refs
    .filter((ref): ref is string => typeof ref === 'string')
    .flatMap((ref): { file?: string; folder?: string }[] => {
      if (scenarioFilesIn(ref).length > 0) return [{ folder: ref }];
      return /\.ya?ml$/i.test(ref) ? [{ file: ref }] : [];
    });
  /** The name each watched file is served by now. */
  const nameOf = new Map(served.map((scenario) => [scenario.source, scenario.name]));
  const failed = (file: string, problems: readonly string[]) => {
    log.warn(`[mock-chat] ${file} changed but does not load; new sessions keep the last good version:`);
    for (const line of problems) log.warn(`  ${line}`);
  };
  return watchScenarios(targets, {
    failed,
    loaded(scenario, file) {
      const previous = nameOf.get(file);
      const other = [...nameOf].find(([source, name]) => name === scenario.name && source !== file)?.[0];
      if (other !== undefined) {
        failed(file, [
          `${file}: two scenarios are named "${scenario.name}" (${other} and ${file}); give each file its own name:`,
        ]);
        return;
      }
      catalog.replace(scenario, previous);
      nameOf.set(file, scenario.name);
      if (previous === undefined) {
        log.info(
          `[mock-chat] scenario ${scenario.name} added from ${file}: new sessions pick it with ?scenario=${scenario.name}`,
        );
        warnIfShadowing(scenario, log);
      } else if (previous !== scenario.name) {
        log.info(
          `[mock-chat] scenario ${previous} is now named ${scenario.name} (${file}): ?scenario=${previous} no longer answers; new sessions play ${scenario.name}`,
        );
        warnIfShadowing(scenario, log);
      } else log.info(`[mock-chat] scenario ${scenario.name} reloaded from ${file}: new sessions play it`);
    },
    removed(file) {
      const name = nameOf.get(file);
      if (name === undefined) return;
      nameOf.delete(file);
      const wasRunning = catalog.current.name === name;
      const running = catalog.remove(name);
      log.info(
        `[mock-chat] ${file} was deleted: scenario ${name} is no longer served${wasRunning ? `; new sessions play ${running.name}` : ''}`,
      );
    },
  });
}

/** What a conversation did, in the log: one line each. */
function logEvent(log: Logger, session: ChatSession, event: RunnerEvent): void {
  const who = `[scenario ${session.scenario.name}] ${session.label}`;
  switch (event.kind) {
    case 'finished': {
      const rules =
        event.rules === 0
          ? 'no rule answers from here on'
          : `${event.rules} rule${event.rules === 1 ? '' : 's'} still answer${event.rules === 1 ? 's' : ''}`;
      log.info(`${who}: the conversation finished (its last step: ${event.at}); ${rules}`);
      return;
    }
    case 'expectTimedOut':
      log.info(`${who}: expect ${event.method} at ${event.at}: nothing arrived in time; otherwise`);
      return;
    case 'ruleEnded':
      log.info(`${who}: the rule at ${event.at} stopped answering: ${event.why}`);
      return;
    case 'handedOver':
      log.info(`${who}: waits for a person at the agent console (/__mock/agent), live step at ${event.at}`);
      return;
    case 'unanswered':
      if (event.kept) log.info(`${who}: a ${event.method} frame is not answered now: ${event.why}`);
      // A customer's message nobody answers is worth a warning; typing signals usually are not.
      else if (event.method === 'newMessage') log.warn(`${who}: a newMessage frame was not answered: ${event.why}`);
      else log.info(`${who}: a ${event.method} frame was not answered: ${event.why}`);
      return;
    default:
      assertNever(event, 'runner event');
  }
}
