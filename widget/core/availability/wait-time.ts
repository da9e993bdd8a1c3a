/** Section 4 rule 7: the wait-time window and the displayed minutes. */
import type { components } from '../../../generated/widget-http.js';
import { type CoreTexts, TEXTS } from '../texts.js';

type AvailabilityResponse = components['schemas']['AvailabilityResponse'];

export interface WaitTimeRules {
  maxWaitTime: number;
  minWaitTime: number;
  minAgentCount: number;
  defaultWaitTime: number;
  ewtMapId: string;
}

export type WaitTimeDecision = { offered: true; waitMinutes: number } | { offered: false; message: string };

export interface ServiceMetrics {
  ewt: number;
  staffed: number;
}

/** EWT and ResourceStaffedCount of the widget's map id, parsed; null when absent or not numbers. */
export function readServiceMetrics(response: AvailabilityResponse, ewtMapId: string): ServiceMetrics | null {
  const metrics = response.ccPrerequisite?.serviceMetricsResponseMap?.[ewtMapId]?.metrics;
  if (metrics === undefined) return null;
  const ewt = Number.parseFloat(metrics.EWT);
  const staffed = Number.parseFloat(metrics.ResourceStaffedCount);
  if (!Number.isFinite(ewt) || !Number.isFinite(staffed)) return null;
  return { ewt, staffed };
}

/** Displayed wait: max(floor(EWT / 60), 1) minutes. */
export function displayedWaitMinutes(ewtSeconds: number): number {
  return Math.max(Math.floor(ewtSeconds / 60), 1);
}

/**
 * Chat is offered only when EWT < maxWaitTime, EWT >= minWaitTime and staffed >= minAgentCount.
 * Without metrics the wait is unknown: chat is offered with defaultWaitTime minutes.
 */
export function decideWaitTime(
  metrics: ServiceMetrics | null,
  rules: WaitTimeRules,
  texts: CoreTexts = TEXTS,
): WaitTimeDecision {
  if (metrics === null) return { offered: true, waitMinutes: rules.defaultWaitTime };
  if (metrics.staffed < rules.minAgentCount) return { offered: false, message: texts.noAgents };
  if (metrics.ewt >= rules.maxWaitTime || metrics.ewt < rules.minWaitTime) {
    return { offered: false, message: texts.notAvailable };
  }
  return { offered: true, waitMinutes: displayedWaitMinutes(metrics.ewt) };
}
