import { describe, expect, it } from 'vitest';
import { selectHeaderName, selectMode } from '../../../widget/core/chat/selectors.js';
import { customer, visits } from './support/core-over-mock.js';

const open = visits();

describe('happy-path over a real socket', () => {
  it('offers chat, confirms the request, the agent joins and answers every customer message', async () => {
    const v = await open('happy-path');
    v.core.start();
    const offered = await v.until((s) => s.availability.status !== 'checking');
    expect(offered.availability).toEqual({ status: 'available', waitMinutes: 1 });
    expect(offered.flags.variant).toBe('newer');
    v.core.openDialog();
    v.core.startChat(customer);
    await v.until((s) => s.chat.status.kind === 'active');
    expect(v.texts()).toContain('An agent has joined the chat');
    await v.until((s) => s.chat.messages.some((m) => m.kind === 'live_agent'));
    v.core.sendMessage('Do you have a Model Y in stock?');
    await v.until((s) => s.chat.messages.filter((m) => m.kind === 'live_agent').length >= 2);
    const state = v.state();
    expect(selectMode(state)).toBe('chat');
    expect(selectHeaderName(state)).toBe('Sam');
    expect(state.chat.messages.filter((m) => m.kind === 'customer')).toEqual([
      expect.objectContaining({ text: 'Do you have a Model Y in stock?', delivery: 'delivered' }),
    ]);
    expect(v.texts().at(-1)).toContain('Do you have a Model Y in stock?');
    expect(v.env.onError).not.toHaveBeenCalled();
  });
});
