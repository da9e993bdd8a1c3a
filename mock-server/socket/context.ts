/** What the socket side shares with the rest of the server. */
import type { Profile } from '../../contract/profile-check.js';
import type { Logger } from '../log.js';
import type { CaptureWriter } from '../proxy/capture.js';
import type { Scenario } from '../scenario/types.js';
import type { SessionDeps } from '../session/chat-session.js';
import type { SessionRegistry } from '../session/registry.js';

export type ContractMode = 'strict' | 'warn';

export interface SocketLimits {
  /** Bytes waiting to be sent to one client before it counts as not reading and is closed. */
  maxBufferedBytes: number;
}

export interface SocketContext {
  /** What happens to a client frame that breaks the profile: an error frame (strict) or a log line (warn). */
  contract: ContractMode;
  /** Which client frames are accepted: tolerant (what a real server accepts) or strict (the widget's contract). */
  profile: Profile;
  limits: SocketLimits;
  log: Logger;
  /** serve --record: every socket's open, frames and close. */
  capture?: CaptureWriter;
  registry: SessionRegistry;
  sessionDeps: SessionDeps;
}

export type { Scenario };
