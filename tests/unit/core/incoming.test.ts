import { describe, expect, it } from 'vitest';
import { type Incoming, parseIncoming } from '../../../widget/core/connection/incoming.js';

function refused(result: Incoming): Error {
  if (result.kind !== 'refused') throw new Error(`expected a refused frame, got ${result.kind}`);
  return result.error;
}

function accepted(result: Incoming) {
  if (result.kind !== 'frame') throw new Error(`expected a frame, got ${JSON.stringify(result)}`);
  return result.frame;
}

const notification = (body: Record<string, unknown>) =>
  JSON.stringify({ apiVersion: '1.0', type: 'notification', body });

describe('incoming frames (sections 4 and 8)', () => {
  it('§7 a valid notification is accepted, extra properties included', () => {
    const frame = { apiVersion: '1.0', type: 'notification', body: { method: 'pong' }, extra: 1 };
    expect(parseIncoming(JSON.stringify(frame))).toEqual({ kind: 'frame', frame });
  });

  it('§8 an unknown message type is a TypeError', () => {
    const error = refused(parseIncoming(JSON.stringify({ apiVersion: '1.0', type: 'surprise', body: {} })));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toContain('/type');
  });

  it('§8 an unknown notification method is a TypeError', () => {
    const error = refused(parseIncoming(notification({ method: 'teleport' })));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toContain('/body/method');
  });

  it("an older server's newChatAcknowledgement and the protocol notes' out-of-scope notifications are ignored, not errors", () => {
    expect(parseIncoming(JSON.stringify({ type: 'newChatAcknowledgement', body: { guid: 7 } }))).toEqual({
      kind: 'ignored',
      what: 'newChatAcknowledgement',
    });
    for (const method of ['queueStatus', 'coBrowseStatus', 'newCoBrowseSessionKeyMessage']) {
      expect(parseIncoming(notification({ method, position: 2 }))).toEqual({
        kind: 'ignored',
        what: `notification ${method}`,
      });
    }
  });

  it('a pushed page (newPushPageMessage, vendor-documented) is a frame of the contract, not an ignored one', () => {
    const pushed = { method: 'newPushPageMessage', displayName: 'Sam', pagePushURL: 'https://example.com/' };
    expect(accepted(parseIncoming(notification(pushed))).body).toMatchObject(pushed);
  });

  it('enums are read case-insensitively and unknown senders and leave reasons take the catch-all', () => {
    const message = accepted(
      parseIncoming(
        notification({ method: 'newMessage', senderType: 'LIVE_AGENT', type: 'TEXT', timestamp: 1, message: 'Hi' }),
      ),
    );
    expect(message.body).toMatchObject({ senderType: 'live_agent', type: 'text' });
    const system = accepted(
      parseIncoming(
        notification({ method: 'newMessage', senderType: 'system', type: 'text', timestamp: 1, message: 'Recorded' }),
      ),
    );
    expect(system.body).toMatchObject({ senderType: 'other' });
    const joined = accepted(
      parseIncoming(
        notification({
          method: 'newParticipant',
          agentId: 'a',
          displayName: 'Sam',
          role: 'ACTIVE_PARTICIPANT',
          participants: [{ id: 'a', name: 'Sam', type: 'Active_Participant' }],
        }),
      ),
    );
    expect(joined.body).toMatchObject({ role: 'active_participant', participants: [{ type: 'active_participant' }] });
    const transfer = accepted(
      parseIncoming(
        notification({ method: 'participantLeave', agentId: 'a', participants: [], leaveReason: 'TRANSFER' }),
      ),
    );
    expect(transfer.body).toMatchObject({ leaveReason: 'transfer' });
    const timeout = accepted(
      parseIncoming(
        notification({ method: 'participantLeave', agentId: 'a', participants: [], leaveReason: 'timeout' }),
      ),
    );
    expect(timeout.body).toMatchObject({ leaveReason: 'other' });
  });

  it("the vendor's documented newMessage: no senderType is `other`, no type with a string message is `text`, seconds become milliseconds", () => {
    const documented = accepted(
      parseIncoming(notification({ method: 'newMessage', displayName: 'Frank', message: 'Hi', timestamp: 1427294421 })),
    );
    expect(documented.body).toEqual({
      method: 'newMessage',
      displayName: 'Frank',
      message: 'Hi',
      timestamp: 1427294421000,
      senderType: 'other',
      type: 'text',
    });
    // Milliseconds stay milliseconds; 1e11 ms is 1973, 1e11 s the year 5138: below it is seconds.
    const ms = accepted(parseIncoming(notification({ method: 'newMessage', message: 'x', timestamp: 1427294421000 })));
    expect(ms.body).toMatchObject({ timestamp: 1427294421000 });
    expect(
      accepted(parseIncoming(notification({ method: 'newMessage', message: 'x', timestamp: 1e11 }))).body,
    ).toMatchObject({
      timestamp: 1e11,
    });
    // No message at all gets no made-up type or text: the contract says what is missing.
    expect(refused(parseIncoming(notification({ method: 'newMessage', timestamp: 1 }))).message).toMatch(
      /\/body\/(type|message) is required/,
    );
    const pushed = accepted(
      parseIncoming(
        notification({ method: 'newPushPageMessage', pagePushURL: 'https://x.example/', timestamp: 1427294421 }),
      ),
    );
    expect(pushed.body).toMatchObject({ timestamp: 1427294421000 });
  });

  it('a confirmation without workRequestId (older servers) is a confirmation whose context id is not known', () => {
    const older = accepted(parseIncoming(notification({ method: 'requestChat', guid: 7, authenticationKey: 'k' })));
    expect(older.body).toEqual({ method: 'requestChat', guid: 7, authenticationKey: 'k' });
    // Everything else of it is still checked.
    expect(
      refused(parseIncoming(notification({ method: 'requestChat', guid: 'x', authenticationKey: 'k' }))).message,
    ).toContain('/body/guid');
    expect(refused(parseIncoming(notification({ method: 'requestChat', guid: 7 }))).message).toContain(
      'authenticationKey',
    );
  });

  it('a participant role nobody knows is still refused: the widget cannot tell whether to show it', () => {
    const error = refused(
      parseIncoming(
        notification({ method: 'newParticipant', agentId: 'a', displayName: 'Sam', role: 'wizard', participants: [] }),
      ),
    );
    expect(error.message).toContain('/body/role');
  });

  it('a known method with a bad field is an Error naming the pointer', () => {
    const error = refused(
      parseIncoming(notification({ method: 'requestChat', guid: 'x', authenticationKey: 'k', workRequestId: 'w' })),
    );
    expect(error).not.toBeInstanceOf(TypeError);
    expect(error.message).toContain('/body/guid');
  });

  it('non-JSON and non-text data are TypeErrors; bytes are decoded', () => {
    expect(refused(parseIncoming('{oops'))).toBeInstanceOf(TypeError);
    expect(refused(parseIncoming(42))).toBeInstanceOf(TypeError);
    const bytes = new TextEncoder().encode(notification({ method: 'ping' }));
    expect(parseIncoming(bytes).kind).toBe('frame');
    expect(parseIncoming(bytes.buffer).kind).toBe('frame');
  });

  it('a frame over the size limit is refused before parsing, counted in UTF-8 bytes', () => {
    const frame = (message: string) =>
      notification({ method: 'newMessage', senderType: 'live_agent', type: 'text', timestamp: 1, message });
    const small = frame('x'.repeat(100));
    expect(parseIncoming(small, small.length).kind).toBe('frame');
    expect(parseIncoming(small, small.length - 1).kind).toBe('refused');
    const accented = frame('é'.repeat(100));
    const bytes = new TextEncoder().encode(accented).length;
    expect(parseIncoming(accented, bytes).kind).toBe('frame');
    expect(refused(parseIncoming(accented, bytes - 1)).message).toContain('larger than');
    expect(parseIncoming(frame('x'.repeat(70_000))).kind).toBe('refused');
  });
});
