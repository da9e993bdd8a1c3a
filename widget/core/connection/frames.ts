/** Typed builders of every client frame of section 7. Each result passes checkClientFrame. */
import type { ClientBody, ClientFrame, ClientFrameOf, CustomField } from '../../../generated/chat-socket.js';
import { DEFAULTS } from '../config/defaults.js';
import type { WidgetSettings } from '../config/settings.js';
import type { CustomerDetails } from '../customer-details.js';

function request<B extends ClientBody>(body: B): Omit<ClientFrame, 'body'> & { body: B } {
  return { apiVersion: DEFAULTS.apiVersion, type: 'request', authToken: '', body };
}

export interface RequestChatContext {
  details: CustomerDetails;
  settings: Pick<WidgetSettings, 'routePointIdentifier' | 'leaseTime' | 'priority' | 'attributes'>;
  userAgent: string;
  pageUrl: string;
  /** The stored context id of an earlier chat, or null. */
  workRequestId: string | null;
  textDirection?: 'LTR' | 'RTL' | '';
}

/** customFields: title/value pairs, always containing getUpdates (at most 10, titles unique). */
export function customFields(details: CustomerDetails): CustomField[] {
  const fields: CustomField[] = [{ title: 'getUpdates', value: details.getUpdates ?? 'Yes' }];
  const extras: [string, string | undefined][] = [
    ['postalCode', details.postalCode ?? details.zip],
    ['province', details.province],
    ['city', details.city],
    ['subject', details.subject],
  ];
  for (const [title, value] of extras) {
    if (value !== undefined && value !== '') fields.push({ title, value: value.slice(0, 255) });
  }
  return fields;
}

export function requestChatFrame(context: RequestChatContext): ClientFrameOf<'requestChat'> {
  const { details, settings } = context;
  return request({
    method: 'requestChat',
    deviceType: context.userAgent,
    routePointIdentifier: settings.routePointIdentifier,
    workFlowType: '',
    requestTranscript: false,
    workRequestId: context.workRequestId,
    calledParty: context.pageUrl,
    leaseTime: settings.leaseTime,
    intrinsics: {
      channelAttribute: 'Chat',
      textDirection: context.textDirection ?? 'LTR',
      attributes: settings.attributes.slice(0, 10),
      email: details.email ?? '',
      name: details.firstName ?? details.displayName ?? '',
      lastName: details.lastName ?? '',
      phoneNumber: details.phoneNumber ?? '',
      getBrandUpdates: details.getBrandUpdates ?? (details.getUpdates ?? 'Yes') === 'Yes',
      topic: details.topic ?? '',
      customFields: customFields(details),
    },
    priority: settings.priority,
    customData: {},
  });
}

export function renewChatFrame(guid: number, authenticationKey: string, fullTranscript: boolean) {
  return request({ method: 'renewChat', guid, authenticationKey, requestFullTranscript: fullTranscript });
}

export function newMessageFrame(message: string): ClientFrameOf<'newMessage'> {
  return request({ method: 'newMessage', message, type: 'text', data: { message }, customData: {} });
}

export function isTypingFrame(): ClientFrameOf<'isTyping'> {
  return request({ method: 'isTyping', isTyping: true });
}

export function pingFrame(): ClientFrameOf<'ping'> {
  return request({ method: 'ping' });
}

export function closeConversationFrame(): ClientFrameOf<'closeConversation'> {
  return request({ method: 'closeConversation' });
}
