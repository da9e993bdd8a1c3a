/**
 * Drives the pure chat machine the way its shell does, with nothing real under it: events go
 * in with a time this driver keeps, the effects are collected, the pings it asks for are
 * answered when a test says so (in order, and forgotten with their socket), its timers fire
 * when the time passes, and the views it publishes go through the store's reducer, so a test
 * reads what the visitor would see.
 */
import type { ClientFrame } from '../../../../generated/chat-socket.js';
import {
  type Barrier,
  type Chat,
  type ChatConfig,
  type ChatEffect,
  type ChatEvent,
  type ChatTimer,
  type ReadNotificationBody,
  startChat,
  TIMER_OWNERS,
  transition,
} from '../../../../widget/core/chat/chat-machine.js';
import type { WidgetEvent } from '../../../../widget/core/chat/events.js';
import { defaultFlags, initialState } from '../../../../widget/core/chat/initial-state.js';
import { reduce } from '../../../../widget/core/chat/reducer.js';
import type { ChatMessage, WidgetState } from '../../../../widget/core/chat/state.js';
import { resolveSettings } from '../../../../widget/core/config/settings.js';
import type { FinalClose } from '../../../../widget/core/connection/session-machine.js';
import type { StoredSession } from '../../../../widget/core/session/session-store.js';
import { TEXTS } from '../../../../widget/core/texts.js';
import { confirmed } from './frames.js';

type EventOf<T extends ChatEvent['type']> = Omit<Extract<ChatEvent, { type: T }>, 'type' | 'at'>;

export function chatConfig(
  overrides: Partial<Omit<ChatConfig, 'settings'>> & { settings?: Record<string, unknown> } = {},
): ChatConfig {
  const { settings, ...rest } = overrides;
  return {
    settings: resolveSettings({}, settings ?? {}),
    visibility: defaultFlags().visibility,
    texts: TEXTS,
    details: { firstName: 'Ada', email: 'ada@example.com' },
    userAgent: 'test',
    pageUrl: 'https://example.com/',
    textDirection: 'LTR',
    earlierTimestamp: null,
    ...rest,
  };
}

export function storedSession(extra: Partial<StoredSession> = {}): StoredSession {
  return {
    guid: 42,
    authenticationKey: 'key-42',
    lastChatRequestTimestamp: 1,
    webChatUrl: null,
    contextId: 'WR-1',
    customerDetails: null,
    useLatestTDS: null,
    chatState: null,
    ...extra,
  };
}

export class ChatDriver {
  chat: Chat;
  /** Every effect so far, in order. */
  readonly effects: ChatEffect[] = [];
  /** The store as the visitor's view of it (the views the machine published, through the reducer). */
  state: WidgetState;
  now = 1_000_000;
  /** Pings the machine asked for on the current socket, not answered yet, oldest first. */
  private barriers: Barrier[] = [];
  private timers = new Map<ChatTimer, number>();
  private frames: { frame: ClientFrame; socket: number }[] = [];
  private socket = 0;

  constructor(
    readonly config: ChatConfig = chatConfig(),
    start: { resume: StoredSession } | { contextId: string | null } = { contextId: null },
    flags: Partial<WidgetState['flags']> = {},
  ) {
    this.state = reduce(initialState({ ...defaultFlags(), ...flags }), { type: 'dialogOpened' });
    const step = startChat(start, config, this.now);
    this.chat = step.chat;
    this.publish(step.chat);
    this.take(step.effects);
  }

  /** One event now; returns its effects. */
  run<T extends ChatEvent['type']>(type: T, fields: EventOf<T> = {} as EventOf<T>): ChatEffect[] {
    const event = { type, ...fields, at: this.now } as ChatEvent;
    const step = transition(this.chat, event, this.config);
    const before = this.chat;
    this.chat = step.chat;
    if (step.chat.view !== before.view) this.publish(step.chat);
    this.take(step.effects);
    return step.effects;
  }

  /** The store takes what the shell would dispatch. */
  dispatch(event: WidgetEvent): void {
    this.state = reduce(this.state, event);
  }

  private publish(chat: Chat): void {
    this.dispatch({ type: 'chatChanged', chat: chat.view });
  }

  private take(effects: ChatEffect[]): void {
    for (const effect of effects) {
      this.effects.push(effect);
      switch (effect.type) {
        case 'send':
          this.frames.push({ frame: effect.frame, socket: this.socket });
          break;
        case 'barrier':
          this.barriers.push(effect.barrier);
          break;
        case 'setTimer':
          this.timers.set(effect.timer, this.now + effect.ms);
          break;
        case 'clearTimer':
          this.timers.delete(effect.timer);
          break;
        case 'failed':
          this.dispatch({ type: 'chatFailed', card: effect.card });
          break;
        default:
          break;
      }
    }
  }

  /** The socket opened and logged in (the socket machine's `login`). */
  open(repeat = this.socket > 0): ChatEffect[] {
    this.socket += 1;
    this.barriers = [];
    return this.run('loggedIn', { repeat });
  }

  /** A new chat confirmed on its open socket. */
  confirm(extra: Partial<ReadNotificationBody & { method: 'requestChat' }> = {}): ChatEffect[] {
    return this.notify({ ...confirmed(), ...extra } as ReadNotificationBody);
  }

  notify(body: ReadNotificationBody): ChatEffect[] {
    return this.run('notification', { body });
  }

  ack(method = 'newMessage'): ChatEffect[] {
    return this.run('acknowledged', { method });
  }

  error(code: number, message = 'Invalid message', method?: string): ChatEffect[] {
    return this.run('errorFrame', { code, message, method });
  }

  /** The oldest ping the machine asked for is answered (the server answers in order). */
  answerBarrier(): ChatEffect[] {
    const barrier = this.barriers.shift();
    return barrier === undefined ? [] : this.run('barrierAnswered', { barrier });
  }

  answerBarriers(): void {
    while (this.barriers.length > 0) this.answerBarrier();
  }

  get pendingBarriers(): readonly Barrier[] {
    return this.barriers;
  }

  /** The logged-in socket went away; its pings and its timers go with it. */
  drop(code = 1006): ChatEffect[] {
    this.barriers = [];
    for (const [timer] of this.timers) if (TIMER_OWNERS[timer] === 'socket') this.timers.delete(timer);
    return this.run('socketLost', { code });
  }

  ended(close: FinalClose): ChatEffect[] {
    return this.run('connectionEnded', { close });
  }

  /** Time passes; every timer due meanwhile fires at its moment. */
  advance(ms: number): void {
    const target = this.now + ms;
    for (;;) {
      const due = [...this.timers].filter(([, at]) => at <= target).sort((a, b) => a[1] - b[1])[0];
      if (due === undefined) break;
      this.now = Math.max(this.now, due[1]);
      this.timers.delete(due[0]);
      this.run('timerFired', { timer: due[0] });
    }
    this.now = target;
  }

  timerSet(timer: ChatTimer): boolean {
    return this.timers.has(timer);
  }

  /** Client frames sent so far (on every socket, or on the current one), as bodies. */
  sent(current = false): Record<string, unknown>[] {
    return this.frames
      .filter((entry) => !current || entry.socket === this.socket)
      .map((entry) => entry.frame.body as unknown as Record<string, unknown>);
  }

  methods(current = false): string[] {
    return this.sent(current).map((body) => String(body.method));
  }

  /** Texts of the newMessages sent (on every socket, or the current one). */
  wire(current = false): string[] {
    return this.sent(current).flatMap((body) => (body.method === 'newMessage' ? [String(body.message)] : []));
  }

  effectsOf<T extends ChatEffect['type']>(type: T): Extract<ChatEffect, { type: T }>[] {
    return this.effects.filter((e): e is Extract<ChatEffect, { type: T }> => e.type === type);
  }

  /** The transcript as lines: text, or the kind for lines without text. */
  texts(): string[] {
    return this.state.chat.messages.map((m) => ('text' in m ? m.text : m.kind));
  }

  /** Each customer message as `text:delivery`. */
  deliveries(): string[] {
    return this.customer().map((m) => `${m.text}:${m.delivery}`);
  }

  customer(): Extract<ChatMessage, { kind: 'customer' }>[] {
    return this.state.chat.messages.filter(
      (m): m is Extract<ChatMessage, { kind: 'customer' }> => m.kind === 'customer',
    );
  }
}

const STORAGE = new Set(['saveConfirmed', 'saveChatState', 'touch', 'touchActivity', 'clearStored']);

/** The storage writes among a driver's effects. */
export function storeWrites(driver: ChatDriver): ChatEffect[] {
  return driver.effects.filter((effect) => STORAGE.has(effect.type));
}

/** A new chat on an open socket, confirmed. */
export function confirmedChat(
  config: ChatConfig = chatConfig(),
  flags: Partial<WidgetState['flags']> = {},
): ChatDriver {
  const driver = new ChatDriver(config, { contextId: null }, flags);
  driver.open(false);
  driver.confirm();
  return driver;
}
