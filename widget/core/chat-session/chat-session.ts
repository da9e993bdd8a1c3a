/**
 * One chat, from the chat request (or the resume of a stored session) to its end: it wires the
 * session machine (connection/), the delivery authority, the on-hold player, typing timers and
 * the session store to the reducer's events.
 */

import { assertNever } from '../../../contract/assert-never.js';
import type { NotificationFrame, WebOnHoldComfortGroup, WebOnHoldUrlGroup } from '../../../generated/chat-socket.js';
import type { WidgetEvent } from '../chat/events.js';
import { messageText } from '../chat/messages.js';
import { agentsPresent as agentsIn } from '../chat/participants.js';
import { sanitizeMessage } from '../chat/sanitize.js';
import { createConnection, type FinalClose } from '../connection/connection.js';
import { createDelivery, type Failure } from '../connection/delivery.js';
import {
  closeConversationFrame,
  isTypingFrame,
  newMessageFrame,
  renewChatFrame,
  requestChatFrame,
} from '../connection/frames.js';
import type { TimerHandle } from '../env.js';
import { isFirstChatConfirmation } from '../forms/lead.js';
import { createOnHoldPlayer } from '../onhold/player.js';
import { formatText } from '../texts.js';
import { createAgentTypingTimer, createCustomerTypingSignal } from '../typing/typing.js';
import { fileDownloadUrl } from './file-url.js';
import { errorCard, finalCloseOutcome } from './final-close.js';
import type { ChatSession, ChatSessionOptions } from './types.js';

export type { ChatSession, ChatSessionOptions } from './types.js';

/** Activity is stamped at most this often (a replay of 2,000 frames is one write, not 2,000). */
const ACTIVITY_STAMP_INTERVAL = 1_000;

export function createChatSession(options: ChatSessionOptions): ChatSession {
  const { env, settings, session, details } = options;
  const texts = options.texts;
  let credentials = options.resume
    ? { guid: options.resume.guid, authenticationKey: options.resume.authenticationKey }
    : null;
  let contextId = options.resume?.contextId ?? session.contextId();
  /** Read before this chat stamps anything: the lead goes out only for a chat with no earlier request. */
  const earlierTimestamp = session.lastChatRequestTimestamp();
  let ownTimestamp: number | null = options.resume?.lastChatRequestTimestamp ?? null;
  let lastActivityStamp = 0;
  let confirmed = options.resume !== null;
  let subjectSent = false;
  let nextMessageId = 1;
  /** The notice of a fatal error frame; shown on the error card when the chat never started. */
  let fatalText: string | null = null;
  /** A renewChat went out and nothing has answered it yet: an error now means the renew was refused. */
  let renewUnanswered = false;
  /** The stored session was refused on this page's first renew: the previous chat is over. */
  let resumeRefused = false;
  /** The service accepted a renew of this chat on this page at least once. */
  let renewAccepted = false;
  /** End Chat was chosen: nothing more is shown or stored; closeConversation still has to reach the server. */
  let ending = false;
  /**
   * Timers and who owns them: the connect timer (maxWaitTime until the chat request is
   * confirmed, across sockets) is this session's and goes when it finishes; the replay wait and
   * the settle timer belong to one socket and are set in the connection's open phase, so they
   * go with that socket (connection.openPhaseTimeout).
   */
  let connectTimer: TimerHandle | null = null;
  /** Gives up waiting for the answer to the post-renew ping (a server that never answers pings). */
  let stopReplayWait: (() => void) | null = null;
  /** Rule 3 of delivery.ts, for servers that never answer pings. */
  let stopSettle: (() => void) | null = null;
  const delivery = createDelivery({ maxSends: settings.maxDeliveryAttempts });
  let onHoldGroups: { comfort: WebOnHoldComfortGroup | null; urls: WebOnHoldUrlGroup | null } = {
    comfort: options.resume?.chatState?.onHold.comfort ?? null,
    urls: options.resume?.chatState?.onHold.urls ?? null,
  };

  const agentsPresent = () => agentsIn(options.getState().chat);

  /** Every state change of this chat goes through here; after End Chat the visitor has moved on. */
  function emit(event: WidgetEvent): void {
    if (!ending) options.dispatch(event);
  }

  const onHold = createOnHoldPlayer({
    env,
    onComfortMessage: (text) => emit({ type: 'onHoldMessage', text, at: env.now() }),
    onUrlMessage: (description, urls) => emit({ type: 'onHoldUrls', description, urls, at: env.now() }),
  });
  onHold.configure(onHoldGroups.comfort ?? undefined, onHoldGroups.urls ?? undefined);
  const agentTyping = createAgentTypingTimer(env, settings.agentTypingTimeout, () =>
    emit({ type: 'agentTypingCleared' }),
  );
  const typingSignal = createCustomerTypingSignal(
    env,
    settings.timeBetweenMsgs,
    () => credentials !== null && connection.send(isTypingFrame()),
  );

  function stamp(): void {
    if (ending) return;
    ownTimestamp = env.now();
    session.touch(ownTimestamp);
    lastActivityStamp = ownTimestamp;
  }

  /** Section 4, page refresh: reading the agent is activity too, not only typing. */
  function stampActivity(): void {
    if (ending || credentials === null) return;
    const now = env.now();
    if (now - lastActivityStamp < ACTIVITY_STAMP_INTERVAL) return;
    lastActivityStamp = now;
    session.touchActivity(now);
  }

  /**
   * This chat is over: a reload must not renew it. Once the visitor has ended it (End Chat),
   * the storage already belongs to what came next (a new chat), whatever the old socket says.
   */
  function forgetStored(): void {
    if (!ending) session.clear();
  }

  /** Participants and on-hold groups go with the stored session, so a reload restores them. */
  function saveChatState(): void {
    if (ending || credentials === null) return;
    session.saveChatState({ participants: [...options.getState().chat.participants], onHold: onHoldGroups });
  }

  function clearTimer(timer: TimerHandle | null): null {
    if (timer !== null) env.timers.clearTimeout(timer);
    return null;
  }

  /** The chat is over: the open phase's timers would go with the socket anyway; not a moment later. */
  function stopSocketTimers(): void {
    stopReplayWait?.();
    stopSettle?.();
    stopReplayWait = null;
    stopSettle = null;
  }

  function delivered(ids: readonly string[]): void {
    if (ids.length > 0) emit({ type: 'customerMessagesDelivered', ids });
  }

  function failed(failures: readonly Failure[]): void {
    if (failures.length > 0) emit({ type: 'customerMessagesFailed', failures });
  }

  /** Sends what may go out; a ping after it proves delivery when its answer comes (delivery.ts rule 2). */
  function flushOutbox(): void {
    if (credentials === null || !connection.isOpen() || ending) return;
    const result = delivery.flush((text) => connection.send(newMessageFrame(text)), env.now());
    failed(result.failed);
    if (result.sent.length === 0) return;
    emit({ type: 'customerMessagesSent', ids: result.sent });
    stamp();
    const marker = delivery.pingMarker();
    connection.barrier(() => delivered(delivery.pingAnswered(marker)));
    scheduleSettle();
  }

  /**
   * delivery.ts rule 3: a server that never answered a ping is not held to answering one; a
   * message is trusted once its socket stayed open livenessTimeout after it went out, and not
   * a moment later (the timer is for the oldest message in flight).
   */
  function scheduleSettle(): void {
    stopSettle?.();
    stopSettle = null;
    const oldest = delivery.oldestInFlight();
    if (oldest === null || connection.answersPings()) return;
    const due = Math.max(0, oldest + settings.livenessTimeout - env.now());
    stopSettle = connection.openPhaseTimeout(due, () => {
      stopSettle = null;
      if (!connection.answersPings()) delivered(delivery.settled(env.now() - settings.livenessTimeout));
      scheduleSettle();
    });
  }

  /** Any answer after a renew (a notification, an acknowledgement, the barrier's pong) accepts it. */
  function answered(): void {
    if (!renewUnanswered) return;
    renewUnanswered = false;
    renewAccepted = true;
  }

  /** The replay after a renew is over: what the server did not show goes out again, in order. */
  function replayComplete(): void {
    stopReplayWait?.();
    stopReplayWait = null;
    delivery.replayComplete();
    flushOutbox();
  }

  /**
   * Every renew asks for the full transcript (the reference clients do only after a refresh):
   * it shows what was missed while away and which messages in flight arrived. A ping right
   * after it is the barrier: its answer comes after the whole replay.
   */
  function renew(guid: number, authenticationKey: string): void {
    renewUnanswered = true;
    connection.send(renewChatFrame(guid, authenticationKey, true));
    delivery.loggedIn(true);
    stopReplayWait?.();
    stopReplayWait = null;
    const barrierSent = connection.barrier(() => {
      answered();
      replayComplete();
    });
    if (!barrierSent) return;
    stopReplayWait = connection.openPhaseTimeout(settings.pingTimer * 2, () => {
      stopReplayWait = null;
      env.logger.warn('chat socket: no answer to the ping after renewChat; re-sending unconfirmed messages');
      replayComplete();
    });
  }

  function queueMessage(raw: string): void {
    if (ending) return;
    const text = sanitizeMessage(raw);
    if (text === '') return;
    if ([...text].length > settings.maxMessageLength) {
      // The composer says so before it gets here; a page calling the core directly is told in the console.
      env.logger.warn(`chat: message of more than ${settings.maxMessageLength} characters not sent`);
      return;
    }
    const id = `c${nextMessageId++}`;
    emit({ type: 'customerMessageQueued', id, text, at: env.now() });
    delivery.queue({ id, text });
    flushOutbox();
  }

  function retryMessage(id: string): void {
    if (ending) return;
    const message = options.getState().chat.messages.find((m) => m.kind === 'customer' && m.id === id);
    if (message === undefined || message.kind !== 'customer' || message.delivery !== 'failed') return;
    if (message.failure === 'tooLong' || message.failure === 'chatEnded') return;
    emit({ type: 'customerMessageRetried', id, at: env.now() });
    delivery.retry({ id, text: message.text });
    flushOutbox();
  }

  /**
   * End Chat reached an open socket: at once, or the next socket while reconnecting (`renew`),
   * which first tells the server which chat (no transcript: nobody will read it). It counts as
   * delivered by the rules of a message (delivery.ts 2 and 3): the answer to a ping sent after
   * it, or, from a server that never answers pings, the socket staying open livenessTimeout.
   * A socket that dies first (a half-open one: the liveness check) is retried and it goes again.
   */
  function deliverEnd(renew: boolean): void {
    if (renew && credentials !== null) {
      connection.send(renewChatFrame(credentials.guid, credentials.authenticationKey, false));
    }
    connection.send(closeConversationFrame());
    connection.barrier(() => connection.endDelivered());
    if (!connection.answersPings()) {
      connection.openPhaseTimeout(settings.livenessTimeout, () => connection.endDelivered());
    }
  }

  function login(repeat: boolean): void {
    // Stamped before the frame goes out: the server closes the other tab's socket as soon as
    // it reads a renewChat, and that tab must already find this newer timestamp.
    stamp();
    if (repeat) emit({ type: 'reconnected', at: env.now(), acknowledging: delivery.acknowledging() });
    if (credentials === null) {
      connection.send(
        requestChatFrame({
          details,
          settings,
          userAgent: env.userAgent,
          pageUrl: env.location.href,
          workRequestId: contextId,
          textDirection: options.textDirection,
        }),
      );
      delivery.loggedIn(false);
    } else {
      renew(credentials.guid, credentials.authenticationKey);
    }
    if (credentials !== null && options.getState().chat.status.kind === 'connecting') {
      emit({ type: 'chatConfirmed' });
      // A reload while queued: the on-hold messages go on.
      if (!agentsPresent()) onHold.start();
    }
    flushOutbox();
  }

  function onNotification(frame: NotificationFrame): void {
    const body = frame.body;
    const at = env.now();
    if (body.method !== 'ping' && body.method !== 'pong') answered();
    switch (body.method) {
      case 'requestChat': {
        connectTimer = clearTimer(connectTimer);
        credentials = { guid: body.guid, authenticationKey: body.authenticationKey };
        contextId = body.workRequestId;
        if (!ending) session.saveConfirmed({ guid: body.guid, authenticationKey: body.authenticationKey, contextId });
        const first = !confirmed;
        confirmed = true;
        emit({ type: 'chatConfirmed' });
        onHoldGroups = { comfort: body.webOnHoldComfortGroups?.[0] ?? null, urls: body.webOnHoldURLs?.[0] ?? null };
        onHold.configure(body.webOnHoldComfortGroups?.[0], body.webOnHoldURLs?.[0]);
        saveChatState();
        if (!agentsPresent()) onHold.start();
        if (first && isFirstChatConfirmation(body.workRequestId, earlierTimestamp)) {
          options.onFirstConfirmation(body.workRequestId, details);
        }
        flushOutbox();
        return;
      }
      case 'routeCancel':
        connection.stopRetrying();
        finishWith(() => {
          forgetStored();
          emit({
            type: 'chatFailed',
            card: { tone: 'error', title: texts().noSuitableAgents, body: texts().failureBody },
          });
        });
        connection.close();
        return;
      case 'newParticipant': {
        const firstAgent = !options.getState().chat.agentEverJoined;
        emit({ type: 'participantJoined', body, at });
        if (firstAgent) env.analytics({ name: 'chat_started', detail: { agentId: body.agentId } });
        if (body.webOnHoldComfortGroup?.[0] !== undefined) {
          onHoldGroups = { ...onHoldGroups, comfort: body.webOnHoldComfortGroup[0] };
          onHold.configure(body.webOnHoldComfortGroup[0], undefined);
        }
        if (agentsPresent()) onHold.stop();
        saveChatState();
        return;
      }
      case 'participantLeave':
        emit({ type: 'participantLeft', body, at });
        if (body.endChatFlag === true) {
          connection.stopRetrying();
          onHold.stop();
        } else if (!agentsPresent()) {
          onHold.start();
        }
        saveChatState();
        return;
      case 'isTyping':
        if (body.isTyping) {
          emit({ type: 'agentTyping', agentId: body.agentId });
          agentTyping.typing();
        }
        return;
      case 'newMessage':
        receiveMessage(body);
        return;
      case 'closeConversation':
        connection.stopRetrying();
        onHold.stop();
        forgetStored();
        failed(delivery.endAll());
        emit({ type: 'chatEnded', reason: 'agentClosed', notice: null, at });
        return;
      case 'newAgentFileTransfer': {
        const url = fileDownloadUrl(body, settings.fileDownloadUrl, settings.apiEndpointsDomain, contextId);
        if (url === null) {
          env.onError(new Error('chat socket: newAgentFileTransfer without a uuid or a safe http(s) address'));
          return;
        }
        emit({ type: 'fileShared', agentName: body.agentName, fileName: body.name, url, at });
        return;
      }
      case 'ping':
      case 'pong':
        return;
      // Ignored for now: the pushed page is shown by the chat machine work to come (issue 20).
      case 'newPushPageMessage':
        return;
      default:
        assertNever(body, 'notification');
    }
  }

  function receiveMessage(body: Extract<NotificationFrame['body'], { method: 'newMessage' }>): void {
    if (body.senderType === 'customer') {
      const verdict = delivery.customerMessageFromServer(messageText(body), body.timestamp);
      if (verdict.kind === 'known') return;
      if (verdict.kind === 'delivered') {
        delivered([verdict.id]);
        return;
      }
    }
    const hadAgents = agentsPresent();
    emit({ type: 'messageReceived', body, acknowledging: delivery.acknowledging() });
    if (agentsPresent()) onHold.stop();
    if (!hadAgents && agentsPresent()) saveChatState();
    if (body.senderType === 'live_agent') {
      agentTyping.cancel();
      sendSubjectOnce();
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
    connectTimer = clearTimer(connectTimer);
    stopSocketTimers();
    onHold.stop();
    agentTyping.cancel();
    // Nothing will carry them now: no message stays 'Sending…' under the chat-ended panel.
    failed(delivery.endAll());
    effect();
    options.onFinished(resumeRefused ? 'resumeRefused' : 'ended');
  }

  function onFinalClose(close: FinalClose): void {
    if (ending) {
      dispose();
      // Its owner lets go of a chat the visitor ended once nothing more can be delivered.
      options.onFinished('ended');
      return;
    }
    finishWith(() => {
      // Any end but a move to another tab leaves nothing to resume: a reload must not renew it.
      if (close.kind !== 'transferred') forgetStored();
      if (resumeRefused) {
        emit({
          type: 'chatFailed',
          card: { tone: 'info', title: texts().previousChatEndedTitle, body: texts().previousChatEndedBody },
        });
        return;
      }
      const outcome = finalCloseOutcome(close, {
        status: options.getState().chat.status.kind,
        confirmed,
        fatalText,
        at: env.now(),
        texts: texts(),
      });
      if (outcome.event !== null) emit(outcome.event);
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
      onActivity: stampActivity,
      onAcknowledgement(method) {
        answered();
        if (method !== 'newMessage') return;
        const id = delivery.acknowledged();
        if (id !== null) delivered([id]);
      },
      onFatalError(code, message) {
        forgetStored();
        if (renewUnanswered) {
          // A refused renew is the end of that chat, not an error the visitor can act on.
          env.logger.warn(`chat socket: renewChat refused (error ${code}: ${message})`);
          if (options.resume !== null && !renewAccepted) resumeRefused = true;
          else fatalText = null;
          return;
        }
        const text = code === 503 ? texts().maintenance : formatText(texts().errorCode, code, message);
        fatalText = text;
        emit({ type: 'systemNotice', text, at: env.now() });
      },
      onSocketError: () => emit({ type: 'systemNotice', text: texts().connectionError, at: env.now() }),
      onSocketLost(code) {
        // A frame refused as too large is never sent again (the server's limit, close 1009).
        if (code === 1009) {
          const failure = delivery.refusedTooLarge();
          if (failure !== null) failed([failure]);
        }
        delivery.socketLost();
      },
      onReconnecting(attempt) {
        emit({ type: 'reconnecting', attempt, at: env.now(), acknowledging: delivery.acknowledging() });
      },
      onEnd: deliverEnd,
      onFinalClose,
    },
  });

  if (options.resume !== null) {
    emit({ type: 'chatResumed', at: env.now(), participants: options.resume.chatState?.participants ?? [] });
  } else {
    emit({ type: 'chatRequested' });
    // Section 4, widget modes: no confirmation within maxWaitTime seconds → error card, back to logon.
    connectTimer = env.timers.setTimeout(() => {
      connectTimer = null;
      finishWith(() => {
        forgetStored();
        emit({ type: 'chatFailed', card: errorCard(undefined, texts()) });
      });
      // The service may hold the request in a queue: tell it the visitor gave up.
      connection.send(closeConversationFrame());
      connection.close();
    }, settings.maxWaitTime * 1000);
  }
  connection.connect();

  function dispose(): void {
    finished = true;
    connectTimer = clearTimer(connectTimer);
    stopSocketTimers();
    onHold.dispose();
    agentTyping.dispose();
    connection.dispose();
  }

  return {
    sendMessage: queueMessage,
    retryMessage,
    customerTyping() {
      typingSignal.typed();
    },
    pageShown() {
      if (!ending && !finished) connection.reconnectNow();
    },
    endChat() {
      if (ending) return;
      session.clear();
      finishWith(() => {});
      ending = true;
      // closeConversation now, or on the next socket while reconnecting (or never, when the
      // attempts run out); the session disposes itself when the connection ends (onFinalClose).
      // A chat the service never confirmed on a socket that is gone cannot be named to it.
      if (credentials === null && !connection.isOpen()) connection.close();
      else connection.end();
      if (connection.phase().kind === 'ended') dispose();
    },
    dispose,
  };
}
