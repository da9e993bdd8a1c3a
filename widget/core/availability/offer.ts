/**
 * What an availability outcome offers (section 4 rules 3-7), decided once for both readers:
 * the start chunk, which draws the button before the core is loaded, and the core, which
 * takes over the same outcome. Pure.
 */
import { assertNever } from '../../../contract/assert-never.js';
import type { AvailabilityState, Variant } from '../chat/state.js';
import type { PageConfig } from '../config/page-config.js';
import { resolveSettings, type WidgetSettings } from '../config/settings.js';
import type { AvailabilityOutcome } from './poller.js';
import { decideWaitTime, readServiceMetrics, type UnavailableReason } from './wait-time.js';

/** The core's texts for the not-offered reasons; the start chunk has none (it shows none). */
export type UnavailableTexts = Readonly<Record<UnavailableReason, string>>;

/** What an availability outcome comes to: the offer (availability state) and the settings it brings. */
export interface ResolvedOutcome {
  availability: AvailabilityState;
  /** The answer's chatWidgetParams; null when the request failed. */
  params: Record<string, unknown> | null;
  /** Settings with those params under the page options (defaults < chatWidgetParams < page options). */
  settings: WidgetSettings;
  /** Absent when the request failed. */
  variant?: Variant;
  useEngagementPlaceholderData?: boolean;
}

/** The look: the page's options.useLatestTDS (boolean) wins over the server's, as page options win (section 3). */
export function variantFor(pageOptions: Record<string, unknown>, serverSaysLatest: boolean): Variant {
  const override = pageOptions.useLatestTDS;
  return (typeof override === 'boolean' ? override : serverSaysLatest) ? 'newer' : 'older';
}

/**
 * Rules 3-7 applied to an outcome. Chat-lite pages (section 1): when chat cannot be offered
 * for any reason (rule 4, a failed call, rule 7's window), the callback form is; elsewhere
 * nothing is.
 */
export function resolveOutcome(
  outcome: AvailabilityOutcome,
  page: Pick<PageConfig, 'options' | 'chatLite'>,
  texts: UnavailableTexts | null = null,
): ResolvedOutcome {
  const notOffered = (message: string | null): AvailabilityState =>
    page.chatLite ? { status: 'chatLite' } : { status: 'unavailable', message };
  if (outcome.kind === 'failed') {
    return { availability: notOffered(null), params: null, settings: resolveSettings({}, page.options) };
  }
  const response = outcome.response;
  const params = { ...(response.chatWidgetParams ?? {}) };
  const settings = resolveSettings(params, page.options);
  const common = {
    params,
    settings,
    variant: variantFor(page.options, response.useLatestTDS === true),
    useEngagementPlaceholderData: response.useEngagementPlaceholderData === true,
  };
  switch (outcome.kind) {
    case 'chatLite':
      return { availability: { status: 'chatLite' }, ...common };
    case 'unavailable':
      return { availability: notOffered(texts?.notAvailable ?? null), ...common };
    case 'success': {
      const decision = decideWaitTime(readServiceMetrics(response, settings.ewtMapId), settings);
      const availability: AvailabilityState = decision.offered
        ? { status: 'available', waitMinutes: decision.waitMinutes }
        : notOffered(texts?.[decision.reason] ?? null);
      return { availability, ...common };
    }
    default:
      return assertNever(outcome, 'availability outcome');
  }
}
