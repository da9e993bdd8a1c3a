import { DEFAULTS } from '../config/defaults.js';
import { TEXTS } from '../texts.js';
import type { CallbackRequest } from './callback-payload.js';
import { type FormsHttp, formsClient } from './http.js';
import type { Logger } from './timers.js';

/** The status card after a callback request (section 8). */
export interface StatusCard {
  kind: 'success' | 'error';
  title: string;
  text: string;
}

export const CALLBACK_SUCCESS_CARD: StatusCard = {
  kind: 'success',
  title: TEXTS.successTitle,
  text: TEXTS.successBody,
};
export const CALLBACK_FAILURE_CARD: StatusCard = {
  kind: 'error',
  title: TEXTS.failureTitle,
  text: TEXTS.failureBody,
};

export type CallbackResult = { ok: true; card: StatusCard } | { ok: false; card: StatusCard };

export interface SubmitCallbackOptions {
  http: FormsHttp;
  logger: Logger;
  /** chatWidgetParams.callbackPath; default section 9. */
  callbackPath?: string;
}

/**
 * Section 7, the callback call. Never throws: the result is a value with the card to show,
 * and a failure (error status or network error) is logged, as the spec asks.
 */
export async function submitCallback(
  payload: CallbackRequest,
  options: SubmitCallbackOptions,
): Promise<CallbackResult> {
  const client = formsClient(options.http);
  // A deployment may move the call; the body and answer keep the contract's shape.
  const path = (options.callbackPath ?? DEFAULTS.callbackPath) as '/cua-api/forms/callback';
  try {
    const { response, error } = await client.POST(path, { body: payload });
    // Any 2xx is success (section 9: HTTP client defaults); an error body may be empty.
    if (response.ok) return { ok: true, card: CALLBACK_SUCCESS_CARD };
    options.logger.error(`callback: POST ${path} answered ${response.status}`, error);
  } catch (cause) {
    options.logger.error(`callback: POST ${path} failed`, cause);
  }
  return { ok: false, card: CALLBACK_FAILURE_CARD };
}
