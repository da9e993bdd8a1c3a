import { describe, expect, it } from 'vitest';
import {
  decideWaitTime,
  displayedWaitMinutes,
  readServiceMetrics,
} from '../../../widget/core/availability/wait-time.js';
import { TEXTS } from '../../../widget/core/texts.js';

const rules = { maxWaitTime: 600, minWaitTime: 0, minAgentCount: 1, defaultWaitTime: 1, ewtMapId: '1' };

function response(EWT: string, ResourceStaffedCount: string, mapId = '1') {
  return {
    success: true,
    ccPrerequisite: { serviceMetricsResponseMap: { [mapId]: { metrics: { EWT, ResourceStaffedCount } } } },
  };
}

describe('wait-time window (section 4 rule 7)', () => {
  it('§4 rule 7: displayed wait is max(floor(EWT/60), 1) minutes', () => {
    expect(displayedWaitMinutes(0)).toBe(1);
    expect(displayedWaitMinutes(59)).toBe(1);
    expect(displayedWaitMinutes(119)).toBe(1);
    expect(displayedWaitMinutes(120)).toBe(2);
    expect(displayedWaitMinutes(599)).toBe(9);
  });

  it('§4 rule 7: chat is offered when EWT < maxWaitTime, EWT >= minWaitTime and staffed >= minAgentCount', () => {
    expect(decideWaitTime({ ewt: 150, staffed: 1 }, rules)).toEqual({ offered: true, waitMinutes: 2 });
  });

  it('§4 rule 7: EWT at or above maxWaitTime is not available', () => {
    expect(decideWaitTime({ ewt: 600, staffed: 3 }, rules)).toEqual({ offered: false, reason: 'notAvailable' });
  });

  it('§4 rule 7: EWT below minWaitTime is not available', () => {
    expect(decideWaitTime({ ewt: 5, staffed: 3 }, { ...rules, minWaitTime: 10 })).toEqual({
      offered: false,
      reason: 'notAvailable',
    });
  });

  it('§4 rule 7: fewer staffed agents than minAgentCount shows the no-agents message', () => {
    expect(decideWaitTime({ ewt: 30, staffed: 0 }, rules)).toEqual({ offered: false, reason: 'noAgents' });
    expect(TEXTS.noAgents).toBe('No agents are currently available. Please try again later');
    expect(TEXTS.notAvailable).toBe('The chat is not currently available. Please try again later');
  });

  it('§4 rule 7: without metrics the wait is unknown and defaultWaitTime minutes are shown', () => {
    expect(decideWaitTime(null, { ...rules, defaultWaitTime: 3 })).toEqual({ offered: true, waitMinutes: 3 });
  });

  it('§3 reads the metrics (strings) of the widget’s ewtMapId', () => {
    expect(readServiceMetrics(response('42', '3'), '1')).toEqual({ ewt: 42, staffed: 3 });
    expect(readServiceMetrics(response('42', '3', '2'), '2')).toEqual({ ewt: 42, staffed: 3 });
    expect(readServiceMetrics(response('42', '3', '2'), '1')).toBeNull();
    expect(readServiceMetrics(response('soon', '3'), '1')).toBeNull();
    expect(readServiceMetrics({ success: true }, '1')).toBeNull();
  });
});
