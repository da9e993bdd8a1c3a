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
  /** ms between reconnect attempts. */
  retryInterval: 3_000,
  /** Reconnect attempts before 'Unable to reconnect, chat has ended'. */
  maxNumberOfRetries: 200,
  /**
   * Chosen: each retry waits retryInterval ± this fraction of it, drawn at random, so that after
   * a contact-centre restart the visitors do not all reconnect in the same instant.
   */
  retryJitter: 0.3,
  /** Chosen: ms a socket may take to open before the attempt counts as failed. */
  connectTimeout: 10_000,
  /**
   * Chosen: ms a socket must stay open before the retry count resets (the spec's "successful
   * request"); a server or proxy that accepts and drops sooner exhausts maxNumberOfRetries.
   */
  minUptime: 10_000,
  /**
   * Chosen: ms within which the server must answer a ping, once it has answered one in this
   * chat; no answer in time means the socket is dead (half-open) and the widget reconnects.
   */
  livenessTimeout: 10_000,
  /** Chosen: longest customer message, in characters (the composer stops there and says so). */
  maxMessageLength: 4_000,
  /**
   * Chosen: times one message may go out on a socket that then died without proof of it; the
   * next time it fails ('Not delivered', Retry) so a message that breaks the connection cannot loop.
   */
  maxDeliveryAttempts: 5,
  /** Seconds a stored session stays resumable after its last activity. */
  refreshTimeoutSeconds: 300,
  /** ms between two customer typing signals. */
  timeBetweenMsgs: 10_000,
  /** ms the status card stays visible. */
  statusCardShowTime: 10_000,
  /**
   * Chosen: ms a callback POST may take before it counts as failed ('Something went wrong!',
   * the typed data kept and Retry offered). Section 9's HTTP client has no timeout, which left a
   * hung request with the form disabled for ever.
   */
  callbackTimeout: 15_000,
  /**
   * Chosen: the brand site's host name without its suffix (e.g. "www.example"). When set, triage
   * and support links are absolute: https://{siteName}.com, or .cn for a locale ending in CN
   * (section 2, URL building). Empty: links are relative to the page that embeds the widget.
   */
  siteName: '',
  /** Chosen: inputs prefilled by the page (options.prefill) are read-only (section 5 allows it). */
  readOnlyPrefilled: false,
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
  /**
   * Chosen (issue 14): when the chat's code (core, React, forms, views) is fetched. 'intent':
   * when the visitor reaches for the button (pointer over, focus, touch, click), so a page pays
   * only the start chunk until then. 'idle': also at the first idle moment after the page's
   * load once the button shows, unless the connection asks to save data.
   */
  prefetch: 'intent' as 'intent' | 'idle',
  /** Widget version logged at start-up. */
  widgetVersion: '1.1.24',
} as const;

export type Defaults = typeof DEFAULTS;

/**
 * Chosen: the range every duration setting is clamped to, whoever supplies it (page options,
 * chatWidgetParams from the server). A value outside it would either spin (a comfort message
 * every millisecond) or never fire (timers overflow above 2^31 ms). Units as in DEFAULTS.
 */
export const DURATION_LIMITS = {
  availabilityPollInterval: [1_000, 3_600_000],
  maxWaitTime: [1, 86_400],
  minWaitTime: [0, 86_400],
  agentTypingTimeout: [500, 600_000],
  /** The vendor: a client must ping at least every 60 s, or the server may drop it. */
  pingTimer: [1_000, 60_000],
  retryInterval: [100, 600_000],
  connectTimeout: [1_000, 300_000],
  minUptime: [0, 600_000],
  livenessTimeout: [1_000, 600_000],
  refreshTimeoutSeconds: [0, 86_400],
  timeBetweenMsgs: [0, 600_000],
  statusCardShowTime: [0, 600_000],
  callbackTimeout: [1_000, 300_000],
  modalCloseDelay: [0, 10_000],
} as const satisfies Partial<Record<keyof Defaults, readonly [number, number]>>;

/** Chosen: on-hold comfort `delay` and URL `holdTime` come in seconds; the same idea applies. */
export const ON_HOLD_SECONDS_LIMITS = [1, 86_400] as const;

/** Other numeric settings with a range: counts and fractions. */
export const NUMBER_LIMITS = {
  maxNumberOfRetries: [0, 10_000],
  retryJitter: [0, 1],
  /** The vendor's limit: a newMessage outside 1 to 10,000 characters is refused with error 1. */
  maxMessageLength: [1, 10_000],
  maxDeliveryAttempts: [1, 100],
} as const satisfies Partial<Record<keyof Defaults, readonly [number, number]>>;

export function clamp(value: number, [min, max]: readonly [number, number]): number {
  return Math.min(max, Math.max(min, value));
}
