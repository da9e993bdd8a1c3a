/**
 * The widget core against `vendor-shapes`, the contact centre that writes every frame as the
 * vendor's documentation does, over a real socket. What works today: the chat opens, the agent's
 * join shows, pings are answered and the socket stays up; the frames the widget cannot read yet
 * (a confirmation without workRequestId, a newMessage without senderType and type) are reported
 * with their place and end nothing. Reading those shapes, and what the visitor then sees (the
 * greeting, the pushed page, closeConversation result true, a refused renew), is issue 20's
 * chat machine work; its tests extend this file.
 */
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../../widget/core/texts.js';
import { customer, visits } from './support/core-over-mock.js';

const open = visits();

const reported = (calls: unknown[][]) => calls.map((call) => String((call[0] as Error)?.message ?? call[0]));

describe('vendor-shapes: the vendor’s documented frames (what the widget reads today)', () => {
  it('opens the chat and shows the join; the documented frames it cannot read yet are reported, not fatal', async () => {
    const v = await open('vendor-shapes', { speed: 20 });
    v.core.start();
    await v.until((s) => s.availability.status === 'available');
    v.core.openDialog();
    v.core.startChat(customer);
    await v.until((s) => s.chat.messages.some((m) => 'text' in m && m.text === TEXTS.agentJoined));
    // Whatever the server sent before this pong (the documented greeting among it) has been read.
    await v.roundTrip();
    const state = v.state();
    expect(state.chat.status.kind).toBe('active');
    expect(state.chat.connection.kind).toBe('online');
    expect(reported(v.env.onError.mock.calls)).toEqual([
      'chat socket: frame breaks the contract: /body/workRequestId is required but missing',
      'chat socket: frame breaks the contract: /body/senderType is required but missing',
    ]);
    // The server got nothing from the widget that breaks the strict contract (no error frame back).
    const [session] = v.server.sessions();
    expect(session?.sent.some((s) => (s.frame as { type: string }).type === 'error')).toBe(false);
    expect(session?.received[0]?.frame).toMatchObject({ body: { method: 'requestChat' } });
  });
});
