/** Sessions and journal entries as the live feed carries them, for the console's unit tests. */
import type { SessionOverview } from '../../../mock-server/live/console-api.js';
import type { JournalEntry } from '../../../mock-server/session/session-control.js';

export const T0 = Date.parse('2026-11-27T10:00:00.000Z');
export const at = (ms: number) => new Date(T0 + ms).toISOString();

export function overview(guid: number, change: Partial<SessionOverview> = {}): SessionOverview {
  return {
    guid,
    workRequestId: `WR${guid}`,
    scenario: 'live-agent',
    startedAt: at(guid),
    ended: false,
    socket: 'open',
    customerName: `Visitor ${guid}`,
    participants: [],
    queuedSince: at(guid),
    controlledBy: 'waiting',
    answers: { acknowledgements: true, pongs: true },
    ...change,
  };
}

let seq = 0;
/** One journal entry, `ms` after T0; each gets the next seq. */
export function entry(
  direction: 'client' | 'server',
  body: Record<string, unknown>,
  ms = 0,
  extra: Partial<JournalEntry> = {},
): JournalEntry {
  seq += 1;
  const type = direction === 'client' ? 'request' : body.code !== undefined ? 'error' : 'notification';
  return { seq, time: at(ms), direction, frame: { apiVersion: '1.0', type, body }, ...extra };
}
