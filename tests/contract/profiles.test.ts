/**
 * The contract library's two profiles (issue 15's verification): a violation in the tolerant
 * profile names the values an any-case enum allows, deviations are kept when the frame also
 * breaks the tolerant profile, problems come in document order (array indexes as numbers),
 * and an unknown profile is a clear error instead of a silent tolerant check.
 */
import { describe, expect, it } from 'vitest';
import { checkClientFrame, checkFrame, checkServerFrame } from '../../contract/index.js';

const ROLES = '"active_participant", "passive_participant", "supervisor_observe", "supervisor_barge"';

const newParticipant = (body: Record<string, unknown>) => ({
  apiVersion: '1.0',
  type: 'notification',
  body: {
    method: 'newParticipant',
    agentId: 'a1',
    displayName: 'Bob',
    role: 'active_participant',
    numberOfParticipants: 1,
    participants: [{ id: 'a1', name: 'Bob', type: 'active_participant' }],
    ...body,
  },
});

describe('the tolerant profile in words', () => {
  it('names the allowed values of an any-case enum, not the pattern that implements it', () => {
    const result = checkServerFrame(newParticipant({ participants: [{ id: 'a1', name: 'Bob', type: 'agent' }] }));
    expect(result.ok).toBe(false);
    expect(result.violations).toEqual([
      { pointer: '/body/participants/0/type', problem: `must be one of ${ROLES} (any case)` },
    ]);
    expect(JSON.stringify(result)).not.toContain('pattern');
  });

  it('names a single any-case value too', () => {
    const frame = {
      apiVersion: '1.0',
      type: 'request',
      authToken: '',
      body: { method: 'requestChat', intrinsics: { channelAttribute: 'Voice', name: 'Ada' } },
    };
    expect(checkClientFrame(frame).violations).toContainEqual({
      pointer: '/body/intrinsics/channelAttribute',
      problem: 'must be "Chat" (any case)',
    });
  });

  it('keeps a frame’s deviations when it also has a violation', () => {
    const frame = newParticipant({
      role: 'ACTIVE_PARTICIPANT',
      participants: [{ id: 'a1', name: 'Bob', type: 'agent' }],
    });
    const result = checkServerFrame(frame);
    expect(result.violations.map((v) => v.pointer)).toEqual(['/body/participants/0/type']);
    expect(result.deviations).toEqual([{ pointer: '/body/role', problem: `must be one of ${ROLES}` }]);
    // The violating field is reported once, as a violation, not again as a deviation.
    expect(result.deviations.map((v) => v.pointer)).not.toContain('/body/participants/0/type');
  });

  it('a frame that only deviates is ok, with its deviations', () => {
    const result = checkServerFrame(newParticipant({ role: 'Active_Participant' }));
    expect(result).toEqual({
      ok: true,
      violations: [],
      deviations: [{ pointer: '/body/role', problem: `must be one of ${ROLES}` }],
    });
  });
});

describe('problems in document order', () => {
  it('orders array indexes as numbers: /attributes/2 before /attributes/10', () => {
    const attributes = Array.from({ length: 12 }, (_, i) => (i === 2 || i === 10 ? 5 : 'Country.US'));
    const frame = {
      apiVersion: '1.0',
      type: 'request',
      authToken: '',
      body: { method: 'requestChat', intrinsics: { name: 'Ada', attributes } },
    };
    for (const profile of ['strict', 'tolerant'] as const) {
      const pointers = checkClientFrame(frame, { profile }).violations.map((v) => v.pointer);
      const two = pointers.indexOf('/body/intrinsics/attributes/2');
      const ten = pointers.indexOf('/body/intrinsics/attributes/10');
      expect(two, profile).toBeGreaterThanOrEqual(0);
      expect(ten, profile).toBe(two + 1);
    }
  });
});

describe('an unknown profile or direction', () => {
  it('is a RangeError naming the ones there are, not a silent tolerant check', () => {
    const frame = newParticipant({});
    expect(() => checkServerFrame(frame, { profile: 'lenient' as never })).toThrow(RangeError);
    expect(() => checkServerFrame(frame, { profile: 'lenient' as never })).toThrow(
      'unknown profile "lenient": use "strict" or "tolerant"',
    );
    expect(() => checkClientFrame(frame, { profile: 'Strict' as never })).toThrow(RangeError);
    expect(() => checkFrame('sideways' as never, frame)).toThrow('unknown direction "sideways"');
  });
});
