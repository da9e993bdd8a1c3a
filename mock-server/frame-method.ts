/**
 * What a frame is about, for grouping and queries: its `body.method`, `error` for an error frame,
 * `newChatAcknowledgement` for that legacy frame, or `?` when it names none. Never throws,
 * whatever the frame is (it may be anything a client or a capture holds).
 */
export function frameMethod(frame: unknown): string {
  const f = frame as { type?: unknown; body?: { method?: unknown } } | null;
  if (typeof f !== 'object' || f === null) return '?';
  if (f.type === 'error') return 'error';
  if (f.type === 'newChatAcknowledgement') return 'newChatAcknowledgement';
  const body = f.body;
  return typeof body === 'object' && body !== null && typeof body.method === 'string' ? body.method : '?';
}
