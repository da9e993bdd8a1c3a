/**
 * What the service does with each client request before the scenario sees it: start a
 * session on requestChat (or, from an older client carrying guid and authenticationKey, renew
 * the session they name), reattach one on renewChat (closing the old socket as a transfer
 * does, replaying the transcript when asked), refuse chat frames before requestChat, answer
 * pings and queueStatus requests, acknowledge, refuse a message over the session's length, and
 * end the chat on closeConversation.
 */
import { assertNever } from '../../contract/assert-never.js';
import type { AcceptedClientFrame, AcceptedClientMethod } from '../../generated/chat-socket.js';
import { acknowledgement, errorFrame, notification, type ServiceFrame } from '../scenario/frames.js';
import { ChatSession } from '../session/chat-session.js';
import { RENEW_REFUSED } from '../session/registry.js';
import type { Connection } from './connection.js';
import type { SocketContext } from './context.js';
import { CHAT_NOT_STARTED, RENEW_REFUSED_CODE, SESSION_KEY_INVALID } from './service-errors.js';

const CHAT_ALREADY_STARTED = 'Invalid message: Chat already started';
/** The error code of a requestChat refused because the server holds --max-sessions live chats. */
const TOO_MANY_SESSIONS_CODE = 429;
const tooManySessions = (limit: number) =>
  `Too many chat sessions: this mock holds at most ${limit} (mock-chat serve --max-sessions)`;
const messageTooLong = (max: number) => `Invalid message: the message must be 1 to ${max} characters`;

/** The options of the connection's session, else of the scenario the connection plays. */
const optionsOf = (conn: Connection) => conn.session?.options ?? conn.scenario.session;

function acknowledge(conn: Connection, frame: AcceptedClientFrame): void {
  const options = optionsOf(conn);
  if (options.acknowledge.includes(frame.body.method)) {
    conn.send(acknowledgement(frame.body.method, options.acknowledgeAccepted));
  }
}

function pingAnswer(conn: Connection): ServiceFrame | undefined {
  const answer = optionsOf(conn).pingAnswer;
  switch (answer) {
    case 'none':
      return undefined;
    case 'pongAsRequest':
      return { apiVersion: '1.0', type: 'request', body: { method: 'pong' } };
    case 'pong':
    case 'ping':
      return notification({ method: answer });
    default:
      return assertNever(answer, 'ping answer');
  }
}

/**
 * Moves `session` to this socket (renewChat, or an older client's requestChat reconnect): the old
 * socket is closed as a transfer does, the session is held again.
 */
function reattach(conn: Connection, session: ChatSession, ctx: SocketContext): void {
  const old = session.socket;
  if (old && old !== conn) {
    old.session = undefined;
    if (session.options.renewClosesOld === 'drop') old.terminate();
    else old.close(1001, 'Chat session transferred');
  }
  if (conn.session && conn.session !== session) conn.session.detach(conn);
  session.attach(conn);
  ctx.registry.held(session);
}

function renewChat(
  conn: Connection,
  frame: AcceptedClientFrame & { body: { method: 'renewChat' } },
  ctx: SocketContext,
): void {
  const body = frame.body;
  // Warn mode lets a renewChat through with fields of any type.
  const session = ctx.registry.renewable(Number(body.guid), String(body.authenticationKey));
  if (!session) {
    conn.send(errorFrame(RENEW_REFUSED_CODE, RENEW_REFUSED));
    return;
  }
  reattach(conn, session, ctx);
  acknowledge(conn, frame);
  if (body.requestFullTranscript === true) session.replayTranscript(conn);
  session.receive(frame);
}

/** The guid and key an older client's requestChat carries to reconnect, if it carries both. */
function reconnectKeys(body: object): { guid: number; authenticationKey: string } | undefined {
  const { guid, authenticationKey } = body as { guid?: unknown; authenticationKey?: unknown };
  if (guid === undefined && authenticationKey === undefined) return undefined;
  return { guid: Number(guid), authenticationKey: String(authenticationKey) };
}

/**
 * An older client reconnects by sending requestChat again with the guid and key it holds: the
 * session they name moves to this socket and its confirmation is sent again (nothing replayed),
 * or error 2 in the vendor's words.
 */
function reconnectByRequestChat(
  conn: Connection,
  frame: AcceptedClientFrame,
  keys: { guid: number; authenticationKey: string },
  ctx: SocketContext,
): void {
  const session = ctx.registry.renewable(keys.guid, keys.authenticationKey);
  if (!session) {
    conn.send(errorFrame(RENEW_REFUSED_CODE, SESSION_KEY_INVALID, 'requestChat'));
    return;
  }
  reattach(conn, session, ctx);
  acknowledge(conn, frame);
  if (session.confirmation !== undefined) conn.sendStepFrame(session.confirmation, undefined, false, 'reconnect');
  session.receive(frame);
}

function requestChat(conn: Connection, frame: AcceptedClientFrame, ctx: SocketContext): void {
  if (conn.session) {
    conn.send(errorFrame(1, CHAT_ALREADY_STARTED));
    return;
  }
  const keys = reconnectKeys(frame.body);
  if (keys) {
    reconnectByRequestChat(conn, frame, keys, ctx);
    return;
  }
  if (!ctx.registry.makeRoom()) {
    conn.send(errorFrame(TOO_MANY_SESSIONS_CODE, tooManySessions(ctx.registry.limit)));
    conn.close(1013, 'Too many chat sessions');
    return;
  }
  const session = new ChatSession(conn.scenario, ctx.sessionDeps);
  ctx.registry.add(session);
  session.attach(conn);
  acknowledge(conn, frame);
  session.receive(frame);
  session.start();
}

/**
 * Whether a text has more than `max` characters (code points, as a person counts them). A text of
 * at most `max` UTF-16 units has no more code points: counted only beyond that, so a long message
 * costs this session, and the sessions beside it, nothing more.
 */
function longerThan(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let count = 0;
  for (const _ of text) if (++count > max) return true;
  return false;
}

export function handleClientFrame(conn: Connection, frame: AcceptedClientFrame, ctx: SocketContext): void {
  const body = frame.body;
  // A half-open socket: what arrives on it never reaches the service (a renew on another socket does).
  if (conn.session?.silenced(conn)) return;
  switch (body.method) {
    case 'ping': {
      const answer = pingAnswer(conn);
      if (answer) conn.send(answer);
      conn.session?.receive(frame);
      return;
    }
    case 'requestChat':
      requestChat(conn, frame, ctx);
      return;
    case 'renewChat':
      renewChat(conn, { ...frame, body }, ctx);
      return;
    case 'closeConversation': {
      acknowledge(conn, frame);
      conn.send(notification({ method: 'closeConversation' }));
      conn.close(1000, 'Chat closed by customer');
      conn.session?.end();
      return;
    }
    case 'newMessage': {
      const session = chatOf(conn, body.method);
      if (!session) return;
      const max = session.options.maxMessageLength;
      // Warn mode lets a message through as any type; the vendor's server counts the text.
      if (longerThan(String(body.message ?? ''), max)) {
        conn.send(errorFrame(1, messageTooLong(max), 'newMessage'));
        return;
      }
      acknowledge(conn, frame);
      session.receive(frame);
      return;
    }
    case 'queueStatus': {
      const session = chatOf(conn, body.method);
      if (!session) return;
      acknowledge(conn, frame);
      const status = session.queueStatus();
      if (status) conn.send(notification(status));
      session.receive(frame);
      return;
    }
    case 'isTyping':
    case 'coBrowseStatus':
    case 'newPushPageMessage': {
      const session = chatOf(conn, body.method);
      if (!session) return;
      acknowledge(conn, frame);
      session.receive(frame);
      return;
    }
    default:
      // The connection hands over only frames whose method the contract knows.
      assertNever(body, 'client method');
  }
}

/** The chat a request belongs to; before requestChat, error 1 "Chat not started" (naming the request). */
function chatOf(conn: Connection, method: AcceptedClientMethod): ChatSession | undefined {
  if (conn.session) return conn.session;
  conn.send(errorFrame(1, CHAT_NOT_STARTED, method));
  return undefined;
}
