import { describe, expect, it } from 'vitest';
import { parseIncoming } from '../../../widget/core/connection/incoming.js';

describe('incoming frames (sections 4 and 8)', () => {
  it('§7 a valid notification is accepted, extra properties included', () => {
    const frame = { apiVersion: '1.0', type: 'notification', body: { method: 'pong' }, extra: 1 };
    expect(parseIncoming(JSON.stringify(frame))).toEqual({ ok: true, frame });
  });

  it('§8 an unknown message type is a TypeError', () => {
    const result = parseIncoming(JSON.stringify({ apiVersion: '1.0', type: 'queueStatus', body: {} }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toBeInstanceOf(TypeError);
      expect(result.error.message).toContain('/type');
    }
  });

  it('§8 an unknown notification method is a TypeError', () => {
    const frame = { apiVersion: '1.0', type: 'notification', body: { method: 'coBrowseStatus' } };
    const result = parseIncoming(JSON.stringify(frame));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toBeInstanceOf(TypeError);
      expect(result.error.message).toContain('/body/method');
    }
  });

  it('a known method with a bad field is an Error naming the pointer', () => {
    const frame = {
      apiVersion: '1.0',
      type: 'notification',
      body: { method: 'requestChat', guid: 'x', authenticationKey: 'k', workRequestId: 'w' },
    };
    const result = parseIncoming(JSON.stringify(frame));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).not.toBeInstanceOf(TypeError);
      expect(result.error.message).toContain('/body/guid');
    }
  });

  it('non-JSON and non-text data are TypeErrors; bytes are decoded', () => {
    expect(parseIncoming('{oops').ok).toBe(false);
    expect(parseIncoming(42).ok).toBe(false);
    const bytes = new TextEncoder().encode(
      JSON.stringify({ apiVersion: '1.0', type: 'notification', body: { method: 'ping' } }),
    );
    expect(parseIncoming(bytes).ok).toBe(true);
    expect(parseIncoming(bytes.buffer).ok).toBe(true);
  });

  it('a frame over the size limit is refused before parsing, counted in UTF-8 bytes', () => {
    const frame = (message: string) =>
      JSON.stringify({
        apiVersion: '1.0',
        type: 'notification',
        body: { method: 'newMessage', senderType: 'live_agent', type: 'text', timestamp: 1, message },
      });
    const small = frame('x'.repeat(100));
    expect(parseIncoming(small, small.length).ok).toBe(true);
    expect(parseIncoming(small, small.length - 1).ok).toBe(false);
    const accented = frame('é'.repeat(100));
    const bytes = new TextEncoder().encode(accented).length;
    expect(parseIncoming(accented, bytes).ok).toBe(true);
    const refused = parseIncoming(accented, bytes - 1);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toContain('larger than');
    expect(parseIncoming(frame('x'.repeat(70_000))).ok).toBe(false);
  });
});
