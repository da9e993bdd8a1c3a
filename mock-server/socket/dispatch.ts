/**
 * What the service does with each client request before the scenario sees it: start a
 * session on requestChat, reattach one on renewChat (closing the old socket as a transfer
 * does, replaying the transcript when asked), refuse chat frames before requestChat,
 * answer pings, acknowledge, and end the chat on closeConversation.
 */
import { assertNever } from '../../contract/assert-never.js';
import type { ClientFrame, RenewChatRequestBody } from '../../generated/chat-socket.js';
import { acknowledgement, errorFrame, notification } from '../scenario/frames.js';
import { ChatSession } from '../session/chat-session.js';
import { RENEW_REFUSED } from '../session/registry.js';
import type { Connection } from './connection.js';
import type { SocketContext } from './context.js';
import { CHAT_NOT_STARTED, RENEW_REFUSED_CODE } from './service-errors.js';

const CHAT_ALREADY_STARTED = 'Invalid message: Chat already started';
/** The error code of a requestChat refused because the server holds --max-sessions live chats. */
const TOO_MANY_SESSIONS_CODE = 429;
const tooManySessions = (limit: number) =>
  `Too many chat sessions: this mock holds at most ${limit} (mock-chat serve --max-sessions)`;

/** The options of the connection's session, else of the scenario the connection plays. */
const optionsOf = (conn: Connection) => conn.session?.options ?? conn.scenario.session;

function acknowledge(conn: Connection, frame: ClientFrame): void {
  if (optionsOf(conn).acknowledge.includes(frame.body.method)) conn.send(acknowledgement(frame.body.method));
}

function renewChat(conn: Connection, frame: ClientFrame, body: RenewChatRequestBody, ctx: SocketContext): void {
  // Warn mode lets a renewChat through with fields of any type.
  const session = ctx.registry.renewable(Number(body.guid), String(body.authenticationKey));
  if (!session) {
    conn.send(errorFrame(RENEW_REFUSED_CODE, RENEW_REFUSED));
    return;
  }
  const old = session.socket;
  if (old && old !== conn) {
    old.session = undefined;
    if (session.options.renewClosesOld === 'drop') old.terminate();
    else old.close(1001, 'Chat session transferred');
  }
  if (conn.session && conn.session !== session) conn.session.detach(conn);
  session.attach(conn);
  ctx.registry.held(session);
  acknowledge(conn, frame);
  if (body.requestFullTranscript === true) session.replayTranscript(conn);
  session.receive(frame);
}

export function handleClientFrame(conn: Connection, frame: ClientFrame, ctx: SocketContext): void {
  const body = frame.body;
  // A half-open socket: what arrives on it never reaches the service (a renew on another socket does).
  if (conn.session?.silenced(conn)) return;
  switch (body.method) {
    case 'ping': {
      const answer = optionsOf(conn).pingAnswer;
      if (answer !== 'none') conn.send(notification({ method: answer }));
      conn.session?.receive(frame);
      return;
    }
    case 'requestChat': {
      if (conn.session) {
        conn.send(errorFrame(1, CHAT_ALREADY_STARTED));
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
      return;
    }
    case 'renewChat':
      renewChat(conn, frame, body, ctx);
      return;
    case 'closeConversation': {
      acknowledge(conn, frame);
      conn.send(notification({ method: 'closeConversation' }));
      conn.close(1000, 'Chat closed by customer');
      conn.session?.end();
      return;
    }
    case 'newMessage':
    case 'isTyping': {
      if (!conn.session) {
        conn.send(errorFrame(1, CHAT_NOT_STARTED));
        return;
      }
      acknowledge(conn, frame);
      conn.session.receive(frame);
      return;
    }
    default:
      // The connection hands over only frames whose method the contract knows.
      assertNever(body, 'client method');
  }
}
