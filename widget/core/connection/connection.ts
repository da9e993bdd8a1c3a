/**
 * The socket lifecycle of section 4: open (ping timer, login), close codes, transfer detection,
 * reconnect every retryInterval up to maxNumberOfRetries, error codes. It owns the socket and
 * its timers; what the events mean for the chat is the controller's business.
 */
import type { ClientFrame, NotificationFrame } from '../../../generated/chat-socket.js';
import type { WidgetSettings } from '../config/settings.js';
import { SOCKET_OPEN, type SocketLike, type TimerHandle, type WidgetEnvironment } from '../env.js';
import { pingFrame } from './frames.js';
import { parseIncoming } from './incoming.js';

/** Why the connection is over for good. */
export type FinalClose =
  | { kind: 'closed'; manual: boolean; code: number; everConnected: boolean }
  | { kind: 'retriesExhausted' }
  | { kind: 'transferred' };

export interface ConnectionHandlers {
  /** Open: log in now (requestChat, or renewChat when previously connected). */
  onOpen(repeat: boolean): void;
  onNotification(frame: NotificationFrame): void;
  /** The server acknowledged a request (body.method); acknowledgements come in request order. */
  onAcknowledgement?(method: string): void;
  /** An error frame with a code other than 1; retries are already off and the socket closing. */
  onFatalError(code: number, message: string): void;
  /** A socket error while connected (not during reconnect attempts). */
  onSocketError(): void;
  onReconnecting(attempt: number): void;
  onFinalClose(close: FinalClose): void;
}

export interface ConnectionOptions {
  env: WidgetEnvironment;
  settings: Pick<
    WidgetSettings,
    | 'pingTimer'
    | 'retryInterval'
    | 'maxNumberOfRetries'
    | 'normalCloseCodes'
    | 'transferCloseCodes'
    | 'maxIncomingFrameBytes'
  >;
  url: string;
  /** Starts previously connected when renewing a stored session. */
  previouslyConnected: boolean;
  /** This tab's last request timestamp, and the one in shared storage (another tab may write it). */
  ownTimestamp(): number | null;
  storedTimestamp(): number | null;
  handlers: ConnectionHandlers;
}

export interface Connection {
  connect(): void;
  /** Sends when the socket is open; returns whether it did. */
  send(frame: ClientFrame): boolean;
  /**
   * Sends a ping now and calls `answered` when the server's answer to it arrives on this same
   * socket. The server answers frames in order, so by then it has processed every frame sent
   * before the ping. Forgotten (never called) if the socket goes first. Returns whether sent.
   */
  barrier(answered: () => void): boolean;
  isOpen(): boolean;
  /** No more retries (route cancel, close conversation). */
  stopRetrying(): void;
  /** Closes on purpose: no retry, no chat-ended notice. */
  close(): void;
  dispose(): void;
}

export function createConnection(options: ConnectionOptions): Connection {
  const { env, settings, handlers } = options;
  let socket: SocketLike | null = null;
  let pingTimer: TimerHandle | null = null;
  let retryTimer: TimerHandle | null = null;
  let previouslyConnected = options.previouslyConnected;
  let everConnected = false;
  let manualClose = false;
  let dontRetry = false;
  let retries = 0;
  let finished = false;
  /** Per socket: pings sent and answered, and the barriers waiting for the answer to ping `at`. */
  let pingsSent = 0;
  let pingsAnswered = 0;
  let barriers: { at: number; answered: () => void }[] = [];

  function resetPings(): void {
    pingsSent = 0;
    pingsAnswered = 0;
    barriers = [];
  }

  function ping(): boolean {
    if (!send(pingFrame())) return false;
    pingsSent += 1;
    return true;
  }

  function pingAnswered(): void {
    // Answers beyond the pings sent (a server pinging on its own) prove nothing.
    if (pingsAnswered >= pingsSent) return;
    pingsAnswered += 1;
    const due = barriers.filter((b) => b.at <= pingsAnswered);
    barriers = barriers.filter((b) => b.at > pingsAnswered);
    for (const barrier of due) barrier.answered();
  }

  function clearPing(): void {
    if (pingTimer !== null) env.timers.clearInterval(pingTimer);
    pingTimer = null;
  }

  function clearRetry(): void {
    if (retryTimer !== null) env.timers.clearTimeout(retryTimer);
    retryTimer = null;
  }

  function send(frame: ClientFrame): boolean {
    if (socket === null || socket.readyState !== SOCKET_OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  function finish(close: FinalClose): void {
    if (finished) return;
    finished = true;
    clearPing();
    clearRetry();
    handlers.onFinalClose(close);
  }

  function handleOpen(): void {
    manualClose = false;
    // A resumed chat opening at once is no reconnection; after a notice of an attempt it is.
    const repeat = everConnected || retries > 0;
    previouslyConnected = true;
    everConnected = true;
    retries = 0;
    clearPing();
    resetPings();
    pingTimer = env.timers.setInterval(ping, settings.pingTimer);
    handlers.onOpen(repeat);
  }

  function handleMessage(data: unknown): void {
    const incoming = parseIncoming(data, settings.maxIncomingFrameBytes);
    if (!incoming.ok) {
      env.logger.warn(incoming.error.message);
      env.onError(incoming.error);
      return;
    }
    const frame = incoming.frame;
    switch (frame.type) {
      case 'notification':
        // Older servers answer a ping with method ping.
        if (frame.body.method === 'pong' || frame.body.method === 'ping') pingAnswered();
        handlers.onNotification(frame);
        return;
      case 'acknowledgement':
        handlers.onAcknowledgement?.(frame.body.method);
        return;
      case 'error':
        if (frame.body.code === 1) {
          env.logger.warn(`chat socket: error 1 (not fatal): ${frame.body.errorMessage}`);
          return;
        }
        dontRetry = true;
        handlers.onFatalError(frame.body.code, frame.body.errorMessage);
        socket?.close(1000);
        return;
    }
  }

  function isTransfer(code: number): boolean {
    if (!settings.transferCloseCodes.includes(code)) return false;
    const stored = options.storedTimestamp();
    const own = options.ownTimestamp();
    return stored !== null && (own === null || stored > own);
  }

  function handleClose(code: number): void {
    clearPing();
    resetPings();
    socket = null;
    if (finished) return;
    const final = manualClose || dontRetry || !previouslyConnected || settings.normalCloseCodes.includes(code);
    if (final) {
      finish({ kind: 'closed', manual: manualClose, code, everConnected });
      return;
    }
    if (isTransfer(code)) {
      finish({ kind: 'transferred' });
      return;
    }
    env.logger.warn(`chat socket closed abnormally (code ${code})`);
    if (retries >= settings.maxNumberOfRetries) {
      finish({ kind: 'retriesExhausted' });
      return;
    }
    retries += 1;
    handlers.onReconnecting(retries);
    retryTimer = env.timers.setTimeout(() => {
      retryTimer = null;
      // Another tab's timestamp reaches this tab's storage asynchronously and may land after
      // the close itself: look again before reconnecting, or the two tabs take the chat back
      // and forth.
      if (isTransfer(code)) finish({ kind: 'transferred' });
      else open();
    }, settings.retryInterval);
  }

  function open(): void {
    if (finished) return;
    let created: SocketLike;
    try {
      created = new env.WebSocket(options.url);
    } catch (error) {
      env.logger.error('chat socket: could not open', error);
      handleClose(1006);
      return;
    }
    socket = created;
    created.onopen = () => {
      if (socket === created) handleOpen();
    };
    created.onmessage = (event) => {
      if (socket === created) handleMessage(event.data);
    };
    created.onerror = (event) => {
      if (socket !== created) return;
      env.logger.warn('chat socket error', event);
      if (retries === 0 && everConnected) handlers.onSocketError();
    };
    created.onclose = (event) => {
      if (socket === created) handleClose(event.code);
    };
  }

  function detach(): SocketLike | null {
    const current = socket;
    if (current !== null) {
      current.onopen = null;
      current.onmessage = null;
      current.onerror = null;
      current.onclose = null;
    }
    socket = null;
    return current;
  }

  return {
    connect() {
      if (socket === null && retryTimer === null && !finished) open();
    },
    send,
    barrier(answered) {
      if (!ping()) return false;
      barriers.push({ at: pingsSent, answered });
      return true;
    },
    isOpen: () => socket !== null && socket.readyState === SOCKET_OPEN,
    stopRetrying() {
      dontRetry = true;
    },
    close() {
      manualClose = true;
      dontRetry = true;
      const current = socket;
      if (current === null) {
        finish({ kind: 'closed', manual: true, code: 1000, everConnected });
        return;
      }
      current.close(1000);
    },
    dispose() {
      finished = true;
      clearPing();
      clearRetry();
      detach()?.close(1000);
    },
  };
}
