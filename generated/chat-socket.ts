// Generated from specs/chat-socket.asyncapi.yaml by `npm run generate` (scripts/generate.ts). Do not edit.
/* Frame types: narrow with switch (frame.type) and switch (frame.body.method). */

/**
 * Any frame on the chat socket: a client frame or a server frame.
 */
export type ChatSocketFrame = ClientFrame | ServerFrame;
/**
 * Message protocol version. Always "1.0" (some older clients send the number 1).
 */
export type ApiVersion = "1.0";
/**
 * Token carried by every client frame; empty string when the deployment uses none.
 */
export type AuthToken = string;
/**
 * The body of any client frame, told apart by method.
 */
export type ClientBody =
  | RequestChatRequestBody
  | RenewChatRequestBody
  | NewMessageRequestBody
  | IsTypingRequestBody
  | PingRequestBody
  | CloseConversationRequestBody;
/**
 * The chat session id issued by the service in the requestChat notification. At most
 * 2^53 - 1 (Number.MAX_SAFE_INTEGER): a JavaScript client reads a larger guid as another
 * number and renews a chat that is not its own.
 *
 */
export type Guid = number;
/**
 * The secret issued with the guid; needed to renew the chat.
 */
export type AuthenticationKey = string;
/**
 * Any frame the service sends, told apart by type.
 */
export type ServerFrame = NotificationFrame | AcknowledgementFrame | ErrorFrame;
/**
 * The body of any notification, told apart by method.
 */
export type NotificationBody =
  | RequestChatNotificationBody
  | RouteCancelNotificationBody
  | NewParticipantNotificationBody
  | IsTypingNotificationBody
  | NewMessageNotificationBody
  | CloseConversationNotificationBody
  | ParticipantLeaveNotificationBody
  | PingNotificationBody
  | PongNotificationBody
  | NewAgentFileTransferNotificationBody
  | NewPushPageMessageNotificationBody;
/**
 * The contact-centre context id of the chat.
 */
export type WorkRequestId = string;
/**
 * The role of an agent-side participant. Active participants are always shown to the
 * customer; observing supervisors only when the observe notification is on; barging
 * supervisors only when the barge notification is on and observe is off.
 *
 */
export type ParticipantType = "active_participant" | "passive_participant" | "supervisor_observe" | "supervisor_barge";
/**
 * All agent-side participants now in the chat; empty when only the customer remains.
 */
export type Participants = Participant[];
/**
 * Who wrote a message. `other` covers any non-agent, non-bot system sender.
 */
export type SenderType = "customer" | "live_agent" | "bot" | "other";
/**
 * A `text` message carries `message`; a `widget` message carries `data.text`.
 */
export type MessageType = "text" | "widget";
/**
 * Why a participant left. `escalate` is the bot handing over to a live agent. Servers
 * send these in lower case; the widget still lower-cases before comparing.
 *
 */
export type LeaveReason = "transfer" | "requeue" | "escalate" | "transfer_to_user" | "other";

/**
 * Any frame the widget sends. Closed at every level.
 */
export interface ClientFrame {
  apiVersion: ApiVersion;
  /**
   * Client frames are always requests.
   */
  type: "request";
  authToken: AuthToken;
  body: ClientBody;
}
/**
 * Start a chat. Tolerant profile: older clients reconnect by sending it again with the
 * `guid` and `authenticationKey` they hold (the service renews that session or answers
 * error 2), and any field but `intrinsics` may be left out.
 *
 */
export interface RequestChatRequestBody {
  /**
   * Start a chat.
   */
  method: "requestChat";
  /**
   * The browser's user-agent string.
   */
  deviceType: string;
  /**
   * Contact-centre route point (default Sales_prod).
   */
  routePointIdentifier: string;
  /**
   * Contact-centre workflow; often empty.
   */
  workFlowType: string;
  /**
   * Whether to email a transcript; the widget sends false.
   */
  requestTranscript: boolean;
  /**
   * The stored context id of an earlier chat, or null.
   */
  workRequestId: string | null;
  /**
   * The URL of the page the chat started on.
   */
  calledParty: string;
  /**
   * How long the service keeps the chat after the customer leaves, in hours (default 0).
   */
  leaseTime: number;
  intrinsics: RequestChatIntrinsics;
  /**
   * Routing priority, 1 highest to 10 lowest (default 5).
   */
  priority: number;
  customData: CustomData;
}
/**
 * The customer details and routing attributes of a chat request.
 */
export interface RequestChatIntrinsics {
  /**
   * Always "Chat".
   */
  channelAttribute: "Chat";
  /**
   * Direction of the customer's language; empty when unknown.
   */
  textDirection: "LTR" | "RTL" | "";
  /**
   * Routing attributes as "Key.Value" (default Country.US, Language.English, LOB.Sales, Concern.Drive). More than 10 is known to fail.
   *
   * @maxItems 10
   */
  attributes: string[];
  /**
   * Customer email; empty when the form hides it (China region).
   */
  email: string;
  /**
   * Customer first name (namesMaxCharCount).
   */
  name: string;
  /**
   * Customer last name; may be empty.
   */
  lastName: string;
  /**
   * Customer phone number in E.164 form, or empty.
   */
  phoneNumber: string;
  /**
   * The brand's marketing-updates flag (the customer's getUpdates answer). Deployments
   * spell the brand name in place of "Brand"; this contract uses getBrandUpdates.
   *
   */
  getBrandUpdates: boolean;
  /**
   * The triage topic the customer chose; often empty.
   */
  topic: string;
  /**
   * Extra form values as title/value pairs; always contains getUpdates.
   *
   * @maxItems 10
   */
  customFields: CustomField[];
}
export interface CustomField {
  /**
   * Field name; unique within the list.
   */
  title: string;
  /**
   * Field value.
   */
  value: string;
}
/**
 * Deployment-specific values; the widget sends an empty object and ignores what it receives.
 */
export interface CustomData {
  [k: string]: unknown | undefined;
}
export interface RenewChatRequestBody {
  /**
   * Rejoin an existing chat.
   */
  method: "renewChat";
  guid: Guid;
  authenticationKey: AuthenticationKey;
  /**
   * True only when resuming after a page refresh; the service then replays every past message.
   */
  requestFullTranscript: boolean;
}
export interface NewMessageRequestBody {
  /**
   * A customer message.
   */
  method: "newMessage";
  /**
   * The sanitised message text; empty messages are never sent.
   */
  message: string;
  /**
   * Customers send text only.
   */
  type: "text";
  data: NewMessageRequestData;
  customData: CustomData;
}
export interface NewMessageRequestData {
  /**
   * The same text as the body's message.
   */
  message: string;
}
export interface IsTypingRequestBody {
  /**
   * The customer is typing.
   */
  method: "isTyping";
  /**
   * Always true; sent at most once per timeBetweenMsgs (10 s).
   */
  isTyping: boolean;
}
export interface PingRequestBody {
  /**
   * Keep-alive.
   */
  method: "ping";
}
export interface CloseConversationRequestBody {
  /**
   * The customer ends the chat.
   */
  method: "closeConversation";
}
/**
 * Any notification. Open; extra properties are accepted and ignored.
 */
export interface NotificationFrame {
  apiVersion: ApiVersion;
  /**
   * Something happened in the chat.
   */
  type: "notification";
  body: NotificationBody;
}
/**
 * The chat is confirmed. Real deployments send both on-hold arrays every time (empty
 * arrays are legal): the vendor's reference client reads element 0 of each and breaks
 * without them.
 *
 */
export interface RequestChatNotificationBody {
  /**
   * The chat request is confirmed.
   */
  method: "requestChat";
  guid: Guid;
  authenticationKey: AuthenticationKey;
  workRequestId: WorkRequestId;
  intrinsics?: RequestChatNotificationIntrinsics;
  /**
   * Whether the service accepted the customer's email.
   */
  isEmailValid?: boolean;
  /**
   * Comfort message groups; the widget plays element 0.
   */
  webOnHoldComfortGroups?: WebOnHoldComfortGroup[];
  /**
   * URL groups; the widget shows element 0.
   */
  webOnHoldURLs?: WebOnHoldUrlGroup[];
}
/**
 * Echo of the request's intrinsics; the widget reads name.
 */
export interface RequestChatNotificationIntrinsics {
  /**
   * The customer's first name as the service recorded it.
   */
  name?: string;
}
/**
 * Comfort messages played while the customer waits for an agent. The widget uses element 0.
 */
export interface WebOnHoldComfortGroup {
  /**
   * Name of the group in the contact centre.
   */
  groupName?: string;
  /**
   * Seconds between two comfort messages.
   */
  delay: number;
  /**
   * How many messages the group holds.
   */
  numberOfMessages?: number;
  /**
   * The messages, in any order.
   */
  messages: OnHoldComfortMessage[];
}
export interface OnHoldComfortMessage {
  /**
   * Text shown to the customer while waiting.
   */
  message: string;
  /**
   * Play order; messages play sorted by sequence, cycling.
   */
  sequence: number;
}
/**
 * Links shown while the customer waits. The widget uses element 0.
 */
export interface WebOnHoldUrlGroup {
  /**
   * Name of the group in the contact centre.
   */
  tag?: string;
  /**
   * Text shown with the links.
   */
  description?: string;
  /**
   * Seconds between two repeats of the URL message.
   */
  holdTime: number;
  /**
   * Order among URL groups.
   */
  sequence?: number;
  /**
   * The links.
   */
  urls: OnHoldUrl[];
}
export interface OnHoldUrl {
  /**
   * An http(s) link shown to the waiting customer.
   */
  url: string;
}
export interface RouteCancelNotificationBody {
  /**
   * No suitable agent; the widget shows 'No suitable agents could be found' and stops retrying.
   */
  method: "routeCancel";
}
export interface NewParticipantNotificationBody {
  /**
   * A participant joined.
   */
  method: "newParticipant";
  /**
   * Id of the participant who joined (the bot's is "AvayaAutomatedResource" in reference deployments).
   */
  agentId: string;
  /**
   * Name shown to the customer.
   */
  displayName: string;
  role: ParticipantType;
  /**
   * How many agent-side participants are now present.
   */
  numberOfParticipants?: number;
  participants: Participants;
  /**
   * A replacement comfort group for later waits (uncertain in reference servers); element 0 is used.
   */
  webOnHoldComfortGroup?: WebOnHoldComfortGroup[];
}
/**
 * One agent-side participant present in the chat (the customer is never listed).
 */
export interface Participant {
  /**
   * The participant's agentId.
   */
  id: string;
  /**
   * The display name shown to the customer.
   */
  name: string;
  type: ParticipantType;
}
export interface IsTypingNotificationBody {
  /**
   * An agent's typing state.
   */
  method: "isTyping";
  /**
   * Who is typing.
   */
  agentId: string;
  /**
   * The widget acts on true and clears the indicator after agentTypingTimeout (5000 ms).
   */
  isTyping: boolean;
}
export interface NewMessageNotificationBody {
  /**
   * A chat message.
   */
  method: "newMessage";
  /**
   * Name of the sender.
   */
  displayName?: string;
  /**
   * The message text (text messages).
   */
  message?: string;
  /**
   * When the message was written, in epoch milliseconds; replayed messages keep their
   * original timestamp. The vendor's documented example is in epoch seconds: a value
   * below 1e11 is seconds.
   *
   */
  timestamp: number;
  senderType: SenderType;
  type: MessageType;
  data?: NewMessageNotificationData;
  customData?: CustomData;
}
/**
 * Payload of a widget message; `text` is what the customer sees.
 */
export interface NewMessageNotificationData {
  /**
   * The text of a widget-type message.
   */
  text?: string;
}
export interface CloseConversationNotificationBody {
  /**
   * The chat is over; the widget stops retrying.
   */
  method: "closeConversation";
  /**
   * The vendor's documented shape carries `result true`; the client then closes the socket itself.
   */
  result?: boolean;
}
export interface ParticipantLeaveNotificationBody {
  /**
   * A participant left.
   */
  method: "participantLeave";
  /**
   * Who left.
   */
  agentId: string;
  /**
   * True when the chat is over and the service will close.
   */
  endChatFlag?: boolean;
  leaveReason?: LeaveReason;
  /**
   * How many agent-side participants remain.
   */
  numberOfParticipants?: number;
  participants: Participants;
}
export interface PingNotificationBody {
  /**
   * Older servers' answer to a ping; ignored.
   */
  method: "ping";
}
export interface PongNotificationBody {
  /**
   * Answer to a ping; ignored.
   */
  method: "pong";
}
/**
 * Carries uuid and workRequestId (the download URL is built from them), or on older servers a full download URL in address.
 */
export interface NewAgentFileTransferNotificationBody {
  /**
   * The agent shared a file.
   */
  method: "newAgentFileTransfer";
  /**
   * Name of the agent who shared it.
   */
  agentName: string;
  /**
   * The file name shown in the download message.
   */
  name: string;
  /**
   * File id; with workRequestId it builds the download URL.
   */
  uuid?: string;
  workRequestId?: WorkRequestId;
  /**
   * A full download URL (older servers).
   */
  address?: string;
}
/**
 * The agent pushes a page for the customer to open (vendor documentation).
 */
export interface NewPushPageMessageNotificationBody {
  /**
   * A page pushed by the agent.
   */
  method: "newPushPageMessage";
  /**
   * Name of the agent who pushed it.
   */
  displayName?: string;
  /**
   * The page to open; a client opens http and https pages only.
   */
  pagePushURL: string;
  /**
   * Where to open it ("newTab" in the vendor's example).
   */
  pagePushDestination?: string;
  /**
   * When it was pushed; as in newMessage, a value below 1e11 is epoch seconds.
   */
  timestamp?: number;
}
export interface AcknowledgementFrame {
  apiVersion: ApiVersion;
  /**
   * A request was received.
   */
  type: "acknowledgement";
  body: AcknowledgementBody;
}
export interface AcknowledgementBody {
  /**
   * The method of the acknowledged request.
   */
  method: string;
  /**
   * The vendor's documented acknowledgement carries accepted true.
   */
  accepted?: boolean;
}
export interface ErrorFrame {
  apiVersion: ApiVersion;
  /**
   * A request failed.
   */
  type: "error";
  body: ErrorBody;
}
export interface ErrorBody {
  /**
   * 1 = invalid message (not fatal); 503 = maintenance; any other code ends the session.
   */
  code: number;
  /**
   * What went wrong, for the log and the 'Error code {0} occurred ({1})' notice.
   */
  errorMessage: string;
  /**
   * The method of the request this error answers, when the service names it (vendor documentation).
   */
  method?: string;
}

/* The tolerant profile's other requests and notifications (x-profile: tolerant). */

/**
 * Tolerant profile only. The reference client says whether co-browsing is on; the service acknowledges it.
 */
export interface CoBrowseStatusRequestBody {
  /**
   * Co-browse status of the client.
   */
  method: "coBrowseStatus";
  /**
   * Whether co-browsing is on (the reference client sends false).
   */
  isEnabled?: boolean;
}

/**
 * Tolerant profile only. Where the customer is in the queue; answered with a queueStatus notification.
 */
export interface QueueStatusRequestBody {
  /**
   * Ask for the place in the queue.
   */
  method: "queueStatus";
}

/**
 * Tolerant profile only. A client pushes a page; the service acknowledges it.
 */
export interface NewPushPageMessageRequestBody {
  /**
   * Push a page.
   */
  method: "newPushPageMessage";
  /**
   * The page pushed.
   */
  pagePushURL?: string;
}

/**
 * Tolerant profile only. The customer's place in the queue, in the vendor's documented shape; the answer to a queueStatus request. The widget ignores it.
 */
export interface QueueStatusNotificationBody {
  /**
   * The place in the queue.
   */
  method: "queueStatus";
  /**
   * How many customers are ahead, counting this one (1 is next); 0 once an agent has joined.
   */
  positionInQueue: number;
  /**
   * The estimated wait, in seconds.
   */
  estimatedWaitTime: number;
}

/**
 * Tolerant profile only. A co-browse session key, seen on some deployments (fields not documented); the widget ignores it.
 */
export interface NewCoBrowseSessionKeyMessageNotificationBody {
  /**
   * A co-browse session key.
   */
  method: "newCoBrowseSessionKeyMessage";
}

/** A client frame's body.method. */
export type ClientMethod = ClientBody['method'];
/** A notification's body.method. */
export type NotificationMethod = NotificationBody['method'];
/** The client frame whose body has the given method. */
export type ClientFrameOf<M extends ClientMethod> = Omit<ClientFrame, 'body'> & {
  body: Extract<ClientBody, { method: M }>;
};
/** The notification frame whose body has the given method. */
export type NotificationFrameOf<M extends NotificationMethod> = Omit<NotificationFrame, 'body'> & {
  body: Extract<NotificationBody, { method: M }>;
};
/** Every client method, in the order of the spec. */
export const CLIENT_METHODS = [
  "requestChat",
  "renewChat",
  "newMessage",
  "isTyping",
  "ping",
  "closeConversation",
] as const satisfies readonly ClientMethod[];
/** Every notification method, in the order of the spec. */
export const NOTIFICATION_METHODS = [
  "requestChat",
  "routeCancel",
  "newParticipant",
  "isTyping",
  "newMessage",
  "closeConversation",
  "participantLeave",
  "ping",
  "pong",
  "newAgentFileTransfer",
  "newPushPageMessage",
] as const satisfies readonly NotificationMethod[];
/** Whether a value (from the wire, a capture, a scenario) is a client method of the contract. */
export function isClientMethod(value: unknown): value is ClientMethod {
  return (CLIENT_METHODS as readonly unknown[]).includes(value);
}

/** A request other clients of the protocol send and the widget never does (tolerant profile only). */
export type OtherClientBody = CoBrowseStatusRequestBody | QueueStatusRequestBody | NewPushPageMessageRequestBody;
/** Any request body a server accepts in the tolerant profile: the widget's and other clients'. */
export type AcceptedClientBody = ClientBody | OtherClientBody;
export type AcceptedClientMethod = AcceptedClientBody['method'];
/** A client frame a server accepts in the tolerant profile, by its body. */
export type AcceptedClientFrame = Omit<ClientFrame, 'body' | 'apiVersion'> & {
  apiVersion: ClientFrame['apiVersion'] | 1;
  body: AcceptedClientBody;
};
/** Methods of requests only other clients send, in the order of the spec. */
export const OTHER_CLIENT_METHODS = [
  "coBrowseStatus",
  "queueStatus",
  "newPushPageMessage",
] as const satisfies readonly OtherClientBody['method'][];
/** Every method a server accepts from a client in the tolerant profile. */
export const ACCEPTED_CLIENT_METHODS = [...CLIENT_METHODS, ...OTHER_CLIENT_METHODS] as const;
/** Whether a value is the method of a request a server accepts (the widget's or another client's). */
export function isAcceptedClientMethod(value: unknown): value is AcceptedClientMethod {
  return (ACCEPTED_CLIENT_METHODS as readonly unknown[]).includes(value);
}
/** A notification real servers send that the widget does not read (tolerant profile only). */
export type OtherNotificationBody = QueueStatusNotificationBody | NewCoBrowseSessionKeyMessageNotificationBody;
/** Any notification body a real server may send: the widget's and the others. */
export type AcceptedNotificationBody = NotificationBody | OtherNotificationBody;
export type AcceptedNotificationMethod = AcceptedNotificationBody['method'];
/** Methods of notifications the widget does not read, in the order of the spec. */
export const OTHER_NOTIFICATION_METHODS = [
  "queueStatus",
  "newCoBrowseSessionKeyMessage",
] as const satisfies readonly OtherNotificationBody['method'][];
/** Every notification method a real server may send. */
export const ACCEPTED_NOTIFICATION_METHODS = [...NOTIFICATION_METHODS, ...OTHER_NOTIFICATION_METHODS] as const;
/** Every ParticipantType value, in the order of the spec. */
export const PARTICIPANT_TYPE_VALUES = [
  "active_participant",
  "passive_participant",
  "supervisor_observe",
  "supervisor_barge",
] as const satisfies readonly ParticipantType[];
/** Every SenderType value, in the order of the spec. */
export const SENDER_TYPE_VALUES = [
  "customer",
  "live_agent",
  "bot",
  "other",
] as const satisfies readonly SenderType[];
/** Every LeaveReason value, in the order of the spec. */
export const LEAVE_REASON_VALUES = [
  "transfer",
  "requeue",
  "escalate",
  "transfer_to_user",
  "other",
] as const satisfies readonly LeaveReason[];
/** Every MessageType value, in the order of the spec. */
export const MESSAGE_TYPE_VALUES = [
  "text",
  "widget",
] as const satisfies readonly MessageType[];
