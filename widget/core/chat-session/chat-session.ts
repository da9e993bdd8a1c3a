/**
 * One chat, from the chat request (or the resume of a stored session) to its end: it wires the
 * connection, outbox, on-hold player, typing timers and session store to the reducer's events.
 */
import type { NotificationFrame } from '../../../generated/chat-socket.js';
import { messageText } from '../chat/messages.js';
import { sanitizeMessage } from '../chat/sanitize.js';
import { createConnection, type FinalClose } from '../connection/connection.js';
import { createDelivery } from '../connection/delivery.js';
import {
  closeConversationFrame,
  isTypingFrame,
  newMessageFrame,
  renewChatFrame,
  requestChatFrame,
} from '../connection/frames.js';
import type { TimerHandle } from '../env.js';
import { createOnHoldPlayer } from '../onhold/player.js';
import { formatText, TEXTS } from '../texts.js';
import { createAgentTypingTimer, createCustomerTypingSignal } from '../typing/typing.js';
import { fileDownloadUrl } from './file-url.js';
import { errorCard, finalCloseOutcome } from './final-close.js';
import type { ChatSession, ChatSessionOptions } from './types.js';

export type { ChatSession, ChatSessionOptions } from './types.js';

export function createChatSession(options: ChatSessionOptions): ChatSession {
  const { env, settings, dispatch, session, details } = options;
  let credentials = options.resume
    ? { guid: options.resume.guid, authenticationKey: options.resume.authenticationKey }
    : null;
  let contextId = options.resume?.contextId ?? session.contextId();
  /** Read before this chat stamps anything: the lead goes out only for a chat with no earlier request. */
  const earlierTimestamp = session.lastChatRequestTimestamp();
  let ownTimestamp: number | null = options.resume?.lastChatRequestTimestamp ?? null;
  let confirmed = options.resume !== null;
  let subjectSent = false;
  let nextMessageId = 1;
  /** The notice of a fatal error frame; shown on the error card when the chat never started. */
  let fatalText: string | null = null;
  let connectTimer: TimerHandle | null = null;
  /** Gives up waiting for the answer to the post-renew ping (a server that never answers pings). */
  let replayTimer: TimerHandle | null = null;
  const delivery = createDelivery();

  const onHold = createOnHoldPlayer({
    env,
    onComfortMessage: (text) => dispatch({ type: 'onHoldMessage', text, at: env.now() }),
    onUrlMessage: (description, urls) => dispatch({ type: 'onHoldUrls', description, urls, at: env.now() }),
  });
  const agentTyping = createAgentTypingTimer(env, settings.agentTypingTimeout, () =>
    dispatch({ type: 'agentTypingCleared' }),
  );
  const typingSignal = createCustomerTypingSignal(
    env,
    settings.timeBetweenMsgs,
    () => credentials !== null && connection.send(isTypingFrame()),
  );

  function stamp(): void {
    ownTimestamp = env.now();
    session.touch(ownTimestamp);
  }

  function clearConnectTimer(): void {
    if (connectTimer !== null) env.timers.clearTimeout(connectTimer);
    connectTimer = null;
  }

  function clearReplayTimer(): void {
    if (replayTimer !== null) env.timers.clearTimeout(replayTimer);
    replayTimer = null;
  }

  /** Sent is not delivered: messages stay pending until acknowledged or seen in a replay. */
  function flushOutbox(): void {
    if (credentials === null || !connection.isOpen()) return;
    const sent = delivery.flush((text) => connection.send(newMessageFrame(text)));
    if (sent.length > 0) stamp();
  }

  function delivered(ids: readonly string[]): void {
    dispatch({ type: 'customerMessagesDelivered', ids });
  }

  /** The replay after a renew is over: what the server did not show goes out again, in order. */
  function replayComplete(): void {
    clearReplayTimer();
    delivery.replayComplete();
    flushOutbox();
  }

  /**
   * Every renew asks for the full transcript (the reference clients do only after a refresh):
   * it shows what was missed while away and which messages in flight arrived. A ping right
   * after it is the barrier: its answer comes after the whole replay.
   */
  function renew(guid: number, authenticationKey: string): void {
    connection.send(renewChatFrame(guid, authenticationKey, true));
    delivery.loggedIn(true);
    clearReplayTimer();
    if (!connection.barrier(replayComplete)) return;
    replayTimer = env.timers.setTimeout(() => {
      replayTimer = null;
      env.logger.warn('chat socket: no answer to the ping after renewChat; re-sending unconfirmed messages');
      replayComplete();
    }, settings.pingTimer * 2);
  }

  function queueMessage(raw: string): void {
    const text = sanitizeMessage(raw);
    if (text === '') return;
    const id = `c${nextMessageId++}`;
    dispatch({ type: 'customerMessageQueued', id, text, at: env.now() });
    delivery.queue({ id, text });
    flushOutbox();
  }

  function login(repeat: boolean): void {
    // Stamped before the frame goes out: the server closes the other tab's socket as soon as
    // it reads a renewChat, and that tab must already find this newer timestamp.
    stamp();
    if (credentials === null) {
      connection.send(
        requestChatFrame({
          details,
          settings,
          userAgent: env.userAgent,
          pageUrl: env.location.href,
          workRequestId: contextId,
        }),
      );
      delivery.loggedIn(false);
    } else {
      renew(credentials.guid, credentials.authenticationKey);
    }
    if (repeat) dispatch({ type: 'reconnected', at: env.now() });
    if (credentials !== null && options.getState().chat.status.kind === 'connecting') {
      dispatch({ type: 'chatConfirmed' });
    }
    flushOutbox();
  }

  function agentsPresent(): boolean {
    return options.getState().chat.participants.length > 0;
  }

  function onNotification(frame: NotificationFrame): void {
    const body = frame.body;
    const at = env.now();
    switch (body.method) {
      case 'requestChat': {
        clearConnectTimer();
        credentials = { guid: body.guid, authenticationKey: body.authenticationKey };
        contextId = body.workRequestId;
        session.saveConfirmed({ guid: body.guid, authenticationKey: body.authenticationKey, contextId });
        const first = !confirmed;
        confirmed = true;
        dispatch({ type: 'chatConfirmed' });
        onHold.configure(body.webOnHoldComfortGroups?.[0], body.webOnHoldURLs?.[0]);
        if (!agentsPresent()) onHold.start();
        if (first && earlierTimestamp === null) options.onFirstConfirmation(body.workRequestId, details);
        flushOutbox();
        return;
      }
      case 'routeCancel':
        connection.stopRetrying();
        finishWith(() => {
          session.clear();
          dispatch({
            type: 'chatFailed',
            card: { tone: 'error', title: TEXTS.noSuitableAgents, body: TEXTS.failureBody },
          });
        });
        connection.close();
        return;
      case 'newParticipant': {
        const firstAgent = !options.getState().chat.agentEverJoined;
        dispatch({ type: 'participantJoined', body, at });
        if (firstAgent) env.analytics({ name: 'chat_started', detail: { agentId: body.agentId } });
        if (body.webOnHoldComfortGroup?.[0] !== undefined) onHold.configure(body.webOnHoldComfortGroup[0], undefined);
        if (agentsPresent()) onHold.stop();
        return;
      }
      case 'participantLeave':
        dispatch({ type: 'participantLeft', body, at });
        if (body.endChatFlag === true) {
          connection.stopRetrying();
          onHold.stop();
        } else if (!agentsPresent()) {
          onHold.start();
        }
        return;
      case 'isTyping':
        if (body.isTyping) {
          dispatch({ type: 'agentTyping', agentId: body.agentId });
          agentTyping.typing();
        }
        return;
      case 'newMessage': {
        const verdict = delivery.serverMessage(body, messageText(body));
        if (verdict.kind === 'known') return;
        if (verdict.kind === 'delivered') {
          delivered([verdict.id]);
          return;
        }
        dispatch({ type: 'messageReceived', body });
        if (agentsPresent()) onHold.stop();
        if (body.senderType === 'live_agent') {
          agentTyping.cancel();
          sendSubjectOnce();
        }
        return;
      }
      case 'closeConversation':
        connection.stopRetrying();
        onHold.stop();
        session.clear();
        dispatch({ type: 'chatEnded', reason: 'agentClosed', notice: null, at });
        return;
      case 'newAgentFileTransfer': {
        const url = fileDownloadUrl(body, settings.fileDownloadUrl, settings.apiEndpointsDomain, contextId);
        if (url === null) {
          env.onError(new Error('chat socket: newAgentFileTransfer without a uuid or a safe http(s) address'));
          return;
        }
        dispatch({ type: 'fileShared', agentName: body.agentName, fileName: body.name, url, at });
        return;
      }
      case 'ping':
      case 'pong':
        return;
    }
  }

  /** Section 4: the optional subject goes out once, after the first agent message. */
  function sendSubjectOnce(): void {
    if (subjectSent) return;
    subjectSent = true;
    const subject = details.subject?.trim();
    if (subject) queueMessage(subject);
  }

  let finished = false;
  function finishWith(effect: () => void): void {
    if (finished) return;
    finished = true;
    clearConnectTimer();
    clearReplayTimer();
    onHold.stop();
    agentTyping.cancel();
    effect();
    options.onFinished();
  }

  function onFinalClose(close: FinalClose): void {
    finishWith(() => {
      const outcome = finalCloseOutcome(close, {
        status: options.getState().chat.status.kind,
        confirmed,
        fatalText,
        at: env.now(),
      });
      if (outcome.clearSession) session.clear();
      if (outcome.event !== null) dispatch(outcome.event);
    });
  }

  const connection = createConnection({
    env,
    settings,
    url: options.url,
    previouslyConnected: options.resume !== null,
    ownTimestamp: () => ownTimestamp,
    storedTimestamp: () => session.lastChatRequestTimestamp(),
    handlers: {
      onOpen: login,
      onNotification,
      onAcknowledgement(method) {
        if (method !== 'newMessage') return;
        const id = delivery.acknowledged();
        if (id !== null) delivered([id]);
      },
      onFatalError(code, message) {
        session.clear();
        const text = code === 503 ? TEXTS.maintenance : formatText(TEXTS.errorCode, code, message);
        fatalText = text;
        dispatch({ type: 'systemNotice', text, at: env.now() });
      },
      onSocketError: () => dispatch({ type: 'systemNotice', text: TEXTS.connectionError, at: env.now() }),
      onReconnecting(attempt) {
        clearReplayTimer();
        delivery.socketLost();
        dispatch({ type: 'reconnecting', attempt, at: env.now() });
      },
      onFinalClose,
    },
  });

  if (options.resume !== null) {
    dispatch({ type: 'chatResumed', at: env.now() });
  } else {
    dispatch({ type: 'chatRequested' });
    // Section 4, widget modes: no confirmation within maxWaitTime seconds → error card, back to logon.
    connectTimer = env.timers.setTimeout(() => {
      connectTimer = null;
      finishWith(() => {
        session.clear();
        dispatch({ type: 'chatFailed', card: errorCard() });
      });
      connection.close();
    }, settings.maxWaitTime * 1000);
  }
  connection.connect();

  function dispose(): void {
    finished = true;
    clearConnectTimer();
    clearReplayTimer();
    onHold.dispose();
    agentTyping.dispose();
    connection.dispose();
  }

  return {
    sendMessage: queueMessage,
    customerTyping() {
      typingSignal.typed();
    },
    endChat() {
      connection.send(closeConversationFrame());
      session.clear();
      finishWith(() => {});
      connection.close();
      dispose();
    },
    dispose,
  };
}
