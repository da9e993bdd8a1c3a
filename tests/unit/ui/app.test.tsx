// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { initialState } from '../../../widget/core/chat/initial-state.js';
import { chatIn, renderApp, stateWith } from './support/render-app.js';

afterEach(cleanup);

const open = { status: 'open', endChatPrompt: false } as const;

describe('App: what the core state shows', () => {
  it('given availability is still being checked, no button', () => {
    renderApp(initialState());
    expect(screen.queryByRole('button', { name: /chat/i })).toBeNull();
  });

  it('given chat is offered, the button opens the dialog through the core', async () => {
    const { core } = renderApp(stateWith({}));
    await userEvent.click(screen.getByRole('button', { name: /chat/i }));
    expect(core.openDialog).toHaveBeenCalledOnce();
  });

  it('given the dialog is open in triage, the topics show and a topic navigates', async () => {
    const { core } = renderApp(stateWith({ dialog: open, views: ['topics'] }, { triage: true }));
    expect(screen.getByRole('dialog', { name: 'Question Center' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Vehicle' }));
    expect(core.navigate).toHaveBeenCalledWith('vehicle');
  });

  it('given two views of history, the back button calls core.back', async () => {
    const { core } = renderApp(stateWith({ dialog: open, views: ['topics', 'vehicle'] }, { triage: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(core.back).toHaveBeenCalledOnce();
  });

  it('once a chat has started (triage, the form behind it), no Back button in the chat header', () => {
    const triage = { dialog: open, views: ['topics', 'form'] };
    renderApp(stateWith({ ...triage, chat: chatIn({ kind: 'active' }) }, { triage: true }));
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    cleanup();
    renderApp(stateWith({ ...triage, chat: chatIn({ kind: 'connecting', resumed: false }) }, { triage: true }));
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('the header names the agent who is present, an agent over a barging supervisor, nobody once they left', () => {
    const base = stateWith({ dialog: open, chat: chatIn({ kind: 'active' }) });
    const sam = { id: 'agent-7', name: 'Sam', type: 'active_participant' as const };
    const bea = { id: 'sup-2', name: 'Bea', type: 'supervisor_barge' as const };
    const title = () => screen.getByRole('heading', { level: 2 }).textContent;
    renderApp({ ...base, chat: { ...base.chat, participants: [sam, bea] } });
    expect(title()).toBe('Sam');
    cleanup();
    renderApp({ ...base, chat: { ...base.chat, status: { kind: 'waiting' }, participants: [] } });
    expect(title()).toBe('Question Center');
  });

  it('given the bubble is bypassed, no minimize button', () => {
    renderApp(stateWith({ dialog: open }, { bypassBubble: true }));
    expect(screen.queryByRole('button', { name: 'Minimize chat' })).toBeNull();
  });

  it("given 'End Chat?' is asked, Yes and No answer the core", async () => {
    const { core } = renderApp(
      stateWith({ dialog: { status: 'open', endChatPrompt: true }, chat: chatIn({ kind: 'active' }) }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(core.confirmEndChat).toHaveBeenCalledWith(true);
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(core.confirmEndChat).toHaveBeenCalledWith(false);
  });

  it('in chat mode the header shows the agent with the subheader, and the list is a log', () => {
    const base = stateWith({ dialog: open, chat: chatIn({ kind: 'active' }) });
    renderApp({
      ...base,
      chat: {
        ...base.chat,
        status: { kind: 'active' },
        participants: [{ id: 'agent-7', name: 'Sam', type: 'active_participant' }],
        messages: [{ kind: 'live_agent', id: 'm1', text: 'Hi', timestamp: 1, displayName: 'Sam' }],
      },
    });
    expect(screen.getByRole('dialog', { name: 'Question Center' }).textContent).toContain('Sam');
    expect(screen.getByRole('log').textContent).toContain('Hi');
    expect((screen.getByRole('textbox', { name: 'Type message' }) as HTMLTextAreaElement).disabled).toBe(false);
  });

  it('while loading, the loader overlay shows over the form', () => {
    renderApp(stateWith({ dialog: open, chat: chatIn({ kind: 'connecting', resumed: false }) }));
    expect(screen.getByRole('status').textContent).toContain('Connecting');
  });

  it('after a transfer to another tab, no button and no composer', () => {
    const base = stateWith({ dialog: open, chat: chatIn({ kind: 'active' }) });
    const fake = renderApp({ ...base, chat: { ...base.chat, status: { kind: 'transferred' } } });
    expect(screen.queryByRole('textbox', { name: 'Type message' })).toBeNull();
    fake.set({
      ...base,
      dialog: { status: 'closed', endChatPrompt: false },
      chat: { ...base.chat, status: { kind: 'transferred' } },
    });
    expect(screen.queryByRole('button', { name: /chat/i })).toBeNull();
  });

  it('a status card shows its title and text; the body scroll is locked only while open', () => {
    const fake = renderApp(
      stateWith({
        dialog: open,
        statusCard: { tone: 'error', title: 'Something went wrong!', body: 'Please try again later.' },
      }),
    );
    expect(screen.getByRole('alert').textContent).toContain('Please try again later.');
    expect(document.body.style.overflow).toBe('hidden');
    fake.set(stateWith({ dialog: { status: 'closed', endChatPrompt: false } }));
    expect(document.body.style.overflow).toBe('');
  });
});
