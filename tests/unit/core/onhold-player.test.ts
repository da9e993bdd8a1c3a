import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOnHoldPlayer, sortedComfortMessages } from '../../../widget/core/onhold/player.js';
import { testEnvironment } from './support/fake-env.js';

const comfort = {
  delay: 10,
  messages: [
    { message: 'third', sequence: 3 },
    { message: 'first', sequence: 1 },
    { message: 'second', sequence: 2 },
  ],
};
const urls = { description: 'While you wait', holdTime: 25, urls: [{ url: 'https://example.com/a' }] };

function setup() {
  const played: string[] = [];
  const player = createOnHoldPlayer({
    env: testEnvironment(),
    onComfortMessage: (text) => played.push(text),
    onUrlMessage: (description, list) => played.push(`${description}: ${list.join(',')}`),
  });
  return { player, played };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('on-hold player (section 4, on-hold)', () => {
  it('§4 on-hold: comfort messages play sorted by sequence, cycling, every delay seconds', () => {
    expect(sortedComfortMessages(comfort)).toEqual(['first', 'second', 'third']);
    const { player, played } = setup();
    player.configure(comfort, undefined);
    player.start();
    vi.advanceTimersByTime(9_999);
    expect(played).toEqual([]);
    vi.advanceTimersByTime(40_001);
    expect(played).toEqual(['first', 'second', 'third', 'first', 'second']);
  });

  it('on-hold URLs that are not http(s) are dropped', () => {
    const { player, played } = setup();
    player.configure(undefined, { ...urls, urls: [{ url: 'javascript:alert(1)' }, { url: 'https://example.com/b' }] });
    player.start();
    vi.advanceTimersByTime(25_000);
    expect(played).toEqual(['While you wait: https://example.com/b']);
  });

  it('§4 on-hold: URL messages repeat every holdTime seconds', () => {
    const { player, played } = setup();
    player.configure(undefined, urls);
    player.start();
    vi.advanceTimersByTime(50_000);
    expect(played).toEqual(['While you wait: https://example.com/a', 'While you wait: https://example.com/a']);
  });

  it('§4 chat lifecycle: stopped when an agent joins, restarted (continuing the cycle) when only the customer remains', () => {
    const { player, played } = setup();
    player.configure(comfort, urls);
    player.start();
    player.start();
    vi.advanceTimersByTime(10_000);
    expect(player.isPlaying()).toBe(true);
    player.stop();
    expect(player.isPlaying()).toBe(false);
    vi.advanceTimersByTime(100_000);
    expect(played).toEqual(['first']);
    player.start();
    vi.advanceTimersByTime(10_000);
    expect(played).toEqual(['first', 'second']);
    player.dispose();
  });

  it('a replacement group while playing restarts with the new messages; zero delay plays nothing', () => {
    const { player, played } = setup();
    player.configure(comfort, undefined);
    player.start();
    player.configure({ delay: 5, messages: [{ message: 'new', sequence: 1 }] }, undefined);
    vi.advanceTimersByTime(10_000);
    expect(played).toEqual(['new', 'new']);
    player.stop();
    player.configure({ delay: 0, messages: [{ message: 'never', sequence: 1 }] }, { ...urls, holdTime: 0 });
    player.start();
    vi.advanceTimersByTime(100_000);
    expect(player.isPlaying()).toBe(false);
    expect(played).toEqual(['new', 'new']);
  });
});
