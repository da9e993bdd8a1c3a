// Generated from specs/agent-console.schema.json and specs/chat-socket.asyncapi.yaml by `npm run generate` (scripts/generate.ts). Do not edit.

/**
 * What a person at mock-chat's agent console does to one chat session: the JSON body of POST /__mock/sessions/GUID/action (mock-server/README.md, The agent console).
 */
export type ConsoleAction =
  | TakeOverAction
  | JoinAction
  | TypingAction
  | SayAction
  | ShareAction
  | PushPageAction
  | LeaveAction
  | EndAction
  | RouteCancelAction
  | ErrorAction
  | CloseAction
  | AcknowledgementsAction
  | PongsAction;

/**
 * The console plays the session from now on: its scenario's script (and every rule of it) stops for good. Every action that speaks for the contact centre's people does this first.
 */
export interface TakeOverAction {
  action: "takeOver";
}
/**
 * newParticipant: a new agent joins with this name and role (as a live agent, or as the bot with the reference deployments' id AvayaAutomatedResource). The answer carries the agent's id.
 */
export interface JoinAction {
  action: "join";
  /**
   * displayName (at most 50 characters, the product's namesMaxCharCount).
   */
  name: string;
  /**
   * Default active_participant.
   */
  role?: "active_participant" | "passive_participant" | "supervisor_observe" | "supervisor_barge";
  /**
   * live_agent (default) or bot: the senderType of the agent's messages.
   */
  senderType?: "live_agent" | "bot";
}
/**
 * isTyping as an agent present. The console sends true as its person types and false once they stop or send; the widget also clears the indicator itself after agentTypingTimeout.
 */
export interface TypingAction {
  action: "typing";
  /**
   * The id of an agent present (a participant of the session), e.g. the id `join` answered with.
   */
  agent: string;
  isTyping: boolean;
}
/**
 * newMessage as an agent present (its senderType, the time now), kept in the transcript.
 */
export interface SayAction {
  action: "say";
  /**
   * The id of an agent present (a participant of the session), e.g. the id `join` answered with.
   */
  agent: string;
  /**
   * What the visitor reads, as written (no templates).
   */
  text: string;
}
/**
 * newAgentFileTransfer of the built-in brochure (mock-server/files/model-brochure.pdf) as scenarios share it: uuid, workRequestId and the download address.
 */
export interface ShareAction {
  action: "share";
  /**
   * The id of an agent present (a participant of the session), e.g. the id `join` answered with.
   */
  agent: string;
}
/**
 * newPushPageMessage: a page for the visitor to open (displayName, pagePushURL, pagePushDestination newTab, timestamp).
 */
export interface PushPageAction {
  action: "pushPage";
  /**
   * The id of an agent present (a participant of the session), e.g. the id `join` answered with.
   */
  agent: string;
  /**
   * An http or https address.
   */
  url: string;
}
/**
 * participantLeave with the participants still present.
 */
export interface LeaveAction {
  action: "leave";
  /**
   * The id of an agent present (a participant of the session), e.g. the id `join` answered with.
   */
  agent: string;
  /**
   * leaveReason (none: no reason given).
   */
  reason?: "transfer" | "requeue" | "escalate" | "transfer_to_user" | "other";
  /**
   * endChatFlag: the chat is over.
   */
  endChat?: boolean;
}
/**
 * Ends the chat: closeConversation, then the socket closed with 1000 (Chat ended by agent).
 */
export interface EndAction {
  action: "end";
}
/**
 * routeCancel: no suitable agent; the service then closes the socket as the session's afterRouteCancel says (default 1000 at once).
 */
export interface RouteCancelAction {
  action: "routeCancel";
}
/**
 * An error frame. Code 1 is not fatal to the widget; 503 is maintenance; any other code ends the chat in the widget.
 */
export interface ErrorAction {
  action: "error";
  code: number;
  /**
   * errorMessage (default by code: 1 Invalid message: sent from the agent console, 2 Session key is invalid or expired, 503 Contact centre is shutting down for maintenance, other Internal server error).
   */
  message?: string;
}
/**
 * Closes the socket. 1000 ends the session; other codes keep it renewable (4001: the vendor's reconnect and renew); 1006 drops the TCP connection without a close frame, as a scenario's drop: true.
 */
export interface CloseAction {
  action: "close";
  /**
   * A close code a server may send, or 1006 for a drop.
   */
  code: number;
  reason?: string;
}
/**
 * Pauses (on: false) or resumes (on: true) the service's acknowledgements of the session's requests.
 */
export interface AcknowledgementsAction {
  action: "acknowledgements";
  on: boolean;
}
/**
 * Pauses (on: false) or resumes (on: true) the service's answers to the session's pings.
 */
export interface PongsAction {
  action: "pongs";
  on: boolean;
}
