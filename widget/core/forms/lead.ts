import type { components } from '../../../generated/widget-http.js';
import { DEFAULTS } from '../config/defaults.js';
import type { CustomerDetails } from '../customer-details.js';
import type { Logger } from '../env.js';
import { hyphenLocale } from '../locale/locale-parts.js';
import { type FormsHttp, postJson } from './http.js';

export type LeadRequest = components['schemas']['LeadRequest'];
type LeadFormData = components['schemas']['LeadFormData'];

export interface LeadPayloadInput {
  customerDetails: CustomerDetails;
  /** The chat's workRequestId (context id). */
  contextID: string;
  /** Page locale in any spelling; sent as "en-US". Default: section 9 chat locale. */
  locale?: string;
  useEngagementPlaceholderData?: boolean;
  /** Default section 9 pageType ('Sales'). */
  pageType?: string;
  /** Default section 9 attributes; sent joined by commas. */
  attributes?: readonly string[];
}

const STRING_DETAILS = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'postalCode',
  'zip',
  'province',
  'city',
  'getUpdates',
  'subject',
] as const;

/**
 * Section 7, the lead body (the stringified-JSON reading): the customer details with the phone
 * object and the attributes joined by commas. Session-only details (displayName,
 * isContinuingAfterRefresh) are not lead data; the marketing flag travels as "true"/"false"
 * because the contract's formData holds strings.
 */
export function buildLeadPayload(input: LeadPayloadInput): LeadRequest {
  const details = input.customerDetails;
  const formData: LeadFormData = {};
  for (const key of STRING_DETAILS) {
    const value = details[key];
    if (value !== undefined && value !== '') formData[key] = value;
  }
  if (details.phone !== undefined) formData.phone = { ...details.phone };
  if (details.getBrandUpdates !== undefined) formData.getBrandUpdates = String(details.getBrandUpdates);
  if (details.topic !== undefined && details.topic !== '') formData.topic = details.topic;
  formData.attributes = (input.attributes ?? DEFAULTS.attributes).join(',');
  return {
    useEngagementPlaceholderData: input.useEngagementPlaceholderData ?? false,
    formId: input.pageType ?? DEFAULTS.pageType,
    formData,
    locale: input.locale === undefined ? DEFAULTS.chatLocale : hyphenLocale(input.locale),
    contextID: input.contextID,
  };
}

/**
 * Section 7: the lead is sent once, when a chat request is first confirmed with a
 * workRequestId and no earlier last-request timestamp (a renewed or resumed chat is not new).
 */
export function isFirstChatConfirmation(workRequestId: string | null | undefined, earlierTimestamp: unknown): boolean {
  return (
    typeof workRequestId === 'string' &&
    workRequestId !== '' &&
    (earlierTimestamp === undefined || earlierTimestamp === null)
  );
}

export interface LeadSubmitterOptions {
  http: FormsHttp;
  /** Where failures that are only logged go (the core's env.logger). */
  logger: Pick<Logger, 'error'>;
  /** chatWidgetParams.leadPath; default section 9. */
  leadPath?: string;
}

export interface LeadSubmitter {
  /** Sends the lead unless this submitter already sent one. Never throws; errors are only logged. */
  submit(payload: LeadRequest): Promise<void>;
  readonly sent: boolean;
}

export function createLeadSubmitter(options: LeadSubmitterOptions): LeadSubmitter {
  const path = (options.leadPath ?? DEFAULTS.leadPath) as '/cua-api/forms/lead';
  let sent = false;
  return {
    get sent() {
      return sent;
    },
    async submit(payload) {
      if (sent) return;
      // Marked before the request so a second confirmation during the call cannot double it.
      sent = true;
      try {
        const { response, error } = await postJson(options.http, path, payload);
        if (!response.ok) options.logger.error(`lead: POST ${path} answered ${response.status}`, error);
      } catch (cause) {
        options.logger.error(`lead: POST ${path} failed`, cause);
      }
    },
  };
}
