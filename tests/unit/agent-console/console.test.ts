/**
 * The console's state and commands over a fake feed, fetch and clock: what it asks the server,
 * what it shows and says, and that the typing signal follows the chosen session and agent.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ConsoleEnv, createAgentConsole, type FeedHandlers } from '../../../agent-console/core/console.js';
import { IDLE_MS } from '../../../agent-console/core/typing-signal.js';
import type { FeedEvent } from '../../../mock-server/live/console-api.js';
import { entry, overview } from './fixtures.js';

interface Fake {
  env: ConsoleEnv;
  feeds: { url: string; handlers: FeedHandlers; closed: boolean }[];
  posts: { url: string; body: Record<string, unknown> }[];
  /** The answer to the next POSTs: status and body. */
  answer: (body: Record<string, unknown>) => { status: number; body: unknown };
  push(event: FeedEvent): void;
}

function fake(): Fake {
  const result: Fake = {
    feeds: [],
    posts: [],
    answer: (body) => ({
      status: 200,
      body: { success: true, guid: 1, action: body.action, controlledBy: 'console', frames: [] },
    }),
    push(event) {
      result.feeds.at(-1)?.handlers.message(JSON.stringify(event));
    },
    env: {
      base: 'http://mock',
      fetch: async (url, init) => {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        result.posts.push({ url, body });
        const { status, body: answer } = result.answer(body);
        return new Response(JSON.stringify(answer), { status });
      },
      openFeed(url, handlers) {
        const feed = { url, handlers, closed: false };
        result.feeds.push(feed);
        return {
          close: () => {
            feed.closed = true;
          },
        };
      },
      now: () => Date.now(),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
    },
  };
  return result;
}

const jo = { id: 'console-agent-1', name: 'Jo', type: 'active_participant' as const };

beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-11-27T10:00:00.000Z') }));
afterEach(() => vi.useRealTimers());

describe('the agent console', () => {
  it('follows the feed: live once the snapshot is in, saying who waits; choosing a chat watches its frames', () => {
    const f = fake();
    const agentConsole = createAgentConsole(f.env);
    expect(f.feeds[0]?.url).toBe('http://mock/__mock/agent/events');
    expect(agentConsole.getSnapshot().connection).toBe('connecting');
    f.push({ type: 'snapshot', sessions: [overview(1, { customerName: 'Ada' })], watched: null });
    expect(agentConsole.getSnapshot()).toMatchObject({
      connection: 'open',
      announcement: { text: 'Ada waits for a person to join' },
    });
    agentConsole.select(1);
    expect(f.feeds[0]?.closed).toBe(true);
    expect(f.feeds[1]?.url).toBe('http://mock/__mock/agent/events?watch=1');
    const hello = entry('client', { method: 'newMessage', message: 'hello' });
    f.push({
      type: 'snapshot',
      sessions: [overview(1, { customerName: 'Ada' })],
      watched: { guid: 1, frames: [hello] },
    });
    expect(agentConsole.getSnapshot().model.frames).toEqual([hello]);
    f.feeds[1]?.handlers.error();
    expect(agentConsole.getSnapshot().connection).toBe('lost');
    agentConsole.dispose();
    expect(f.feeds[1]?.closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('acts on the chosen chat: a join makes that agent the speaker; a refusal shows the server’s words', async () => {
    const f = fake();
    const agentConsole = createAgentConsole(f.env);
    f.push({ type: 'snapshot', sessions: [overview(7)], watched: null });
    agentConsole.select(7);
    f.answer = (body) => ({
      status: 200,
      body: {
        success: true,
        guid: 7,
        action: body.action,
        controlledBy: 'console',
        frames: [],
        agent: { ...jo, role: jo.type, senderType: 'live_agent' },
      },
    });
    await agentConsole.act({ action: 'join', name: 'Jo' });
    expect(f.posts[0]).toEqual({ url: 'http://mock/__mock/sessions/7/action', body: { action: 'join', name: 'Jo' } });
    f.push({
      type: 'session',
      session: overview(7, { participants: [{ id: 'other', name: 'Sam', type: 'active_participant' }, jo] }),
    });
    expect(agentConsole.speaker()).toBe('console-agent-1');
    agentConsole.speakAs('other');
    expect(agentConsole.speaker()).toBe('other');
    f.answer = () => ({ status: 409, body: { success: false, message: 'agent "other" is not in the chat' } });
    expect(await agentConsole.actAsAgent({ action: 'share' })).toBeUndefined();
    expect(f.posts.at(-1)?.body).toEqual({ action: 'share', agent: 'other' });
    expect(agentConsole.getSnapshot().refusal).toBe('agent "other" is not in the chat');
    agentConsole.dispose();
  });

  it('types as the speaker: true on the first key, false when idle, when sent, or when another chat is chosen', async () => {
    const f = fake();
    const agentConsole = createAgentConsole(f.env);
    f.push({
      type: 'snapshot',
      sessions: [overview(1, { participants: [jo] }), overview(2, { participants: [jo] })],
      watched: null,
    });
    agentConsole.select(1);
    const typing = () =>
      f.posts.filter((p) => p.body.action === 'typing').map((p) => [p.url.split('/').at(-2), p.body.isTyping]);
    agentConsole.typed();
    agentConsole.typed();
    vi.advanceTimersByTime(IDLE_MS);
    expect(typing()).toEqual([
      ['1', true],
      ['1', false],
    ]);
    agentConsole.typed();
    expect(await agentConsole.say('Hello')).toBe(true);
    expect(f.posts.slice(-2).map((p) => p.body)).toEqual([
      { action: 'typing', agent: jo.id, isTyping: false },
      { action: 'say', agent: jo.id, text: 'Hello' },
    ]);
    agentConsole.typed();
    agentConsole.select(2);
    expect(typing().slice(-2)).toEqual([
      ['1', true],
      ['1', false],
    ]);
    agentConsole.dispose();
  });

  it('will not write without an agent present, and says why', async () => {
    const f = fake();
    const agentConsole = createAgentConsole(f.env);
    f.push({ type: 'snapshot', sessions: [overview(1)], watched: null });
    agentConsole.select(1);
    agentConsole.typed();
    expect(await agentConsole.say('Hello')).toBe(false);
    expect(f.posts).toEqual([]);
    expect(agentConsole.getSnapshot().refusal).toMatch(/join first/);
    agentConsole.dispose();
  });
});
