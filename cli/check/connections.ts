/**
 * What `check` reports per connection: which chat session it carried (its guid, from the
 * capture or learnt from the frames), how many frames and violations, and how it ended (code,
 * reason, who closed; a HAR does not record it). Frames of captures that name no connection
 * (older recorders) are one connection, `null`.
 */
import type { FrameDirection } from '../../contract/frame-check.js';
import { type CloseRecord, type FrameRecord, sessionNamedBy } from '../../mock-server/proxy/capture.js';

export interface ConnectionReport {
  /** Its id in the capture; null for frames recorded without one. */
  connection: number | null;
  /** The chat session's guid, once known. */
  session: number | null;
  frames: number;
  violations: number;
  /** How it ended, when the capture says: null while open at the end, or not recorded. */
  closed: { code: number; reason: string; by: FrameDirection } | null;
}

/** Connections listed per file; more are counted, not listed (memory stays bounded). */
export const MAX_CONNECTIONS = 10_000;

export class ConnectionLedger {
  readonly #connections = new Map<number | null, ConnectionReport>();
  #omitted = 0;

  #entry(connection: number | null): ConnectionReport | undefined {
    const known = this.#connections.get(connection);
    if (known) return known;
    if (this.#connections.size >= MAX_CONNECTIONS) return undefined;
    const entry: ConnectionReport = { connection, session: null, frames: 0, violations: 0, closed: null };
    this.#connections.set(connection, entry);
    return entry;
  }

  open(connection: number): void {
    if (!this.#entry(connection)) this.#omitted += 1;
  }

  frame(record: FrameRecord, violations: number): void {
    const entry = this.#entry(record.connection ?? null);
    if (!entry) return;
    entry.frames += 1;
    entry.violations += violations;
    entry.session ??= record.session ?? sessionNamedBy(record.direction, record.frame) ?? null;
  }

  close(record: CloseRecord): void {
    const entry = this.#entry(record.connection);
    if (!entry) return;
    entry.session ??= record.session ?? null;
    entry.closed = { code: record.code, reason: record.reason, by: record.by };
  }

  /** The connections, in the order they appeared. */
  list(): ConnectionReport[] {
    return [...this.#connections.values()];
  }

  /** Connections opened beyond the first MAX_CONNECTIONS: counted, not listed. */
  get omitted(): number {
    return this.#omitted;
  }
}
