// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserEnvironment } from '../../../widget/core/browser-environment.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('browserEnvironment: the one place that reads browser globals', () => {
  it('wires window timers, storage, location, user agent and WebSocket', () => {
    vi.useFakeTimers();
    const env = browserEnvironment();
    const fired = vi.fn();
    const once = env.timers.setTimeout(fired, 100);
    const every = env.timers.setInterval(fired, 50);
    vi.advanceTimersByTime(100);
    expect(fired).toHaveBeenCalledTimes(3);
    env.timers.clearTimeout(once);
    env.timers.clearInterval(every);
    vi.advanceTimersByTime(1000);
    expect(fired).toHaveBeenCalledTimes(3);
    env.storage?.setItem('probe', '1');
    expect(window.localStorage.getItem('probe')).toBe('1');
    expect(env.location.href).toBe(window.location.href);
    expect(env.location.hostname).toBe(window.location.hostname);
    expect(env.location.pathname).toBe(window.location.pathname);
    expect(env.location.protocol).toBe(window.location.protocol);
    expect(env.userAgent).toBe(window.navigator.userAgent);
    expect(env.WebSocket).toBe(window.WebSocket);
    expect(env.now()).toBe(Date.now());
    env.analytics({ name: 'noop' });
  });

  it('fetch goes through window.fetch at call time', async () => {
    const spy = vi.spyOn(window, 'fetch').mockResolvedValue(new Response('ok'));
    const env = browserEnvironment();
    const response = await env.fetch('https://api.example.com/x');
    expect(await response.text()).toBe('ok');
    expect(spy).toHaveBeenCalledWith('https://api.example.com/x', undefined);
  });

  it('beforeunload: confirms with the handler text, and unregisters', () => {
    const env = browserEnvironment();
    let text: string | null = "You're about to end your session, are you sure?";
    const unregister = env.onBeforeUnload(() => text);
    const event = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    text = null;
    const quiet = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(quiet);
    expect(quiet.defaultPrevented).toBe(false);
    unregister();
  });

  it('a blocked localStorage leaves storage null; overrides win; errors go to the console', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    const onError = vi.fn();
    const env = browserEnvironment({ onError });
    expect(env.storage).toBeNull();
    expect(env.onError).toBe(onError);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    browserEnvironment().onError(new TypeError('unknown method'));
    expect(consoleError).toHaveBeenCalled();
  });
});
