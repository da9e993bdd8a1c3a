import type { StatusCard } from '../chat/state.js';
import { DEFAULTS } from '../config/defaults.js';
import type { Logger } from '../env.js';
import { type CoreTexts, TEXTS } from '../texts.js';
import type { CallbackRequest } from './callback-payload.js';
import { type FormsHttp, postJson } from './http.js';

type CardTexts = Pick<CoreTexts, 'successTitle' | 'successBody' | 'failureTitle' | 'failureBody'>;

/** The status card after a callback request (section 8), in the page's language (English by default). */
export function callbackCard(ok: boolean, texts: CardTexts = TEXTS): StatusCard {
  return ok
    ? { tone: 'success', title: texts.successTitle, body: texts.successBody }
    : { tone: 'error', title: texts.failureTitle, body: texts.failureBody };
}

export interface CallbackResult {
  ok: boolean;
  card: StatusCard;
}

export interface SubmitCallbackOptions {
  http: FormsHttp;
  /** Where failures that are only logged go (the core's env.logger). */
  logger: Pick<Logger, 'error'>;
  /** chatWidgetParams.callbackPath; default section 9. */
  callbackPath?: string;
  /** The card's texts in the page's language; default English. */
  texts?: CardTexts;
}

/**
 * Section 7, the callback call. Never throws: the result is a value with the card to show,
 * and a failure (error status or network error) is logged, as the spec asks.
 */
export async function submitCallback(
  payload: CallbackRequest,
  options: SubmitCallbackOptions,
): Promise<CallbackResult> {
  // A deployment may move the call; the body and answer keep the contract's shape.
  const path = (options.callbackPath ?? DEFAULTS.callbackPath) as '/cua-api/forms/callback';
  try {
    const { response, error } = await postJson(options.http, path, payload);
    // Any 2xx is success (section 9: HTTP client defaults); an error body may be empty.
    if (response.ok) return { ok: true, card: callbackCard(true, options.texts) };
    options.logger.error(`callback: POST ${path} answered ${response.status}`, error);
  } catch (cause) {
    options.logger.error(`callback: POST ${path} failed`, cause);
  }
  return { ok: false, card: callbackCard(false, options.texts) };
}
