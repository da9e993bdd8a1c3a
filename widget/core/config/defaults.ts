/**
 * Every business constant of the product spec, section 9, in one place. Deployment
 * configuration (chatWidgetParams) and page options may override any of them; nothing else
 * in the widget hard-codes these numbers.
 */
export const DEFAULTS = {
  /** Availability polling interval, ms. */
  availabilityPollInterval: 15_000,
  /** Availability polls before giving up. */
  maxAttempts: 1,
  /** Viewport width at or below which hide-on-mobile hides the widget, px. */
  mobileWidthCutoff: 599,
  /** Page-level default locale (normalised form). */
  locale: 'en-us',
  /** Locale in chat defaults (form locale, callback formLocale). */
  chatLocale: 'en-US',
  /** Seconds; chat is offered only when EWT is below it. Also the connect timeout (x1000 ms). */
  maxWaitTime: 600,
  /** Seconds; chat is offered only when EWT is at least this. */
  minWaitTime: 0,
  /** Fewest staffed agents for chat to be offered. */
  minAgentCount: 1,
  /** Minutes shown when no wait time is known. */
  defaultWaitTime: 1,
  /** ms before an agent's typing indicator clears. */
  agentTypingTimeout: 5_000,
  /** ms between pings. */
  pingTimer: 5_000,
  /** ms before the widget resets after a chat ends. */
  resetTimer: 5_000,
  /** ms between reconnect attempts. */
  retryInterval: 3_000,
  /** Reconnect attempts before 'Unable to reconnect, chat has ended'. */
  maxNumberOfRetries: 200,
  /** Seconds a stored session stays resumable after its last activity. */
  refreshTimeoutSeconds: 300,
  /** ms between two customer typing signals. */
  timeBetweenMsgs: 10_000,
  /** ms the status card stays visible. */
  statusCardShowTime: 10_000,
  /** requestChat priority (1 highest .. 10 lowest). */
  priority: 5,
  /** requestChat lease time, hours. */
  leaseTime: 0,
  /** Longest first or last name, characters. */
  namesMaxCharCount: 50,
  /** Shortest phone number, characters. */
  phoneMinLength: 4,
  /** ms of idle typing before a touched field is validated. */
  validationIdleDelay: 2_000,
  /** Password length rule (reference validator). */
  passwordMinLength: 8,
  passwordMaxLength: 100,
  /** Card expiry year range (reference validator). */
  cardExpiryYearMin: 1900,
  cardExpiryYearMax: 2200,
  /** formId of the callback submission. */
  callbackFormId: '179',
  /** requestChat route point. */
  routePointIdentifier: 'Sales_prod',
  /** formId of the lead submission. */
  pageType: 'Sales',
  /** Routing attributes of requestChat and the lead. */
  attributes: ['Country.US', 'Language.English', 'LOB.Sales', 'Concern.Drive'] as readonly string[],
  /** Message protocol version. */
  apiVersion: '1.0',
  /** Close codes after which the widget does not reconnect. */
  normalCloseCodes: [1000, 1005] as readonly number[],
  /** Close codes that, with a newer stored timestamp from another tab, mean "transferred". */
  transferCloseCodes: [1006, 1001] as readonly number[],
  /** ms between closing the dialog and running close callbacks. */
  modalCloseDelay: 500,
  /** Key of serviceMetricsResponseMap the widget reads. */
  ewtMapId: '1',
  /** Paths of the calls the product spec leaves "not shown" (see specs/widget-http.openapi.yaml). */
  availabilityPath: '/conversation/check-availability-v2',
  countryDataPath: '/cua-api/drive/country-data',
  callbackPath: '/cua-api/forms/callback',
  leadPath: '/cua-api/forms/lead',
  fileDownloadUrl: '/cua-api/chat/files/{workRequestId}/{uuid}',
  /** Participant visibility (section 6): bot shown, observers hidden, barging supervisors shown. */
  suppressChatbotPresence: false,
  notifyObserve: false,
  notifyBarge: true,
  /** Largest server frame the widget reads, bytes (the mock's client limit too); bigger ones are refused. */
  maxIncomingFrameBytes: 65_536,
  /** agentId of the contact centre's bot (protocol notes: reference deployments). */
  botAgentId: 'AvayaAutomatedResource',
  /** Open the dialog directly, without the minimizable bubble. */
  bypassBubble: false,
  /** Widget version logged at start-up. */
  widgetVersion: '1.1.24',
} as const;

export type Defaults = typeof DEFAULTS;
