/** What the socket side shares with the rest of the server. */
import type { Logger } from '../log.js';
import type { Scenario } from '../scenario/types.js';
import type { SessionDeps } from '../session/chat-session.js';
import type { SessionRegistry } from '../session/registry.js';

export type ContractMode = 'strict' | 'warn';

export interface SocketContext {
  contract: ContractMode;
  log: Logger;
  registry: SessionRegistry;
  sessionDeps: SessionDeps;
}

export type { Scenario };
