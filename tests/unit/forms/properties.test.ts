import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildForm, createFormController, isValidEmail, isValidPostalCode } from '../../../widget/core/forms/index.js';
import { hostTimers } from '../../support/host-timers.js';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

const fieldNames = ['firstName', 'lastName', 'email', 'phoneNumber', 'postalCode', 'productInterested'] as const;
const command = fc.oneof(
  fc.record({
    kind: fc.constant('change' as const),
    name: fc.constantFrom(...fieldNames),
    value: fc.constantFrom('', ' ', 'Ada', 'ada@example.com', '2025550143', '94105', 'x'.repeat(60)),
  }),
  fc.record({ kind: fc.constant('blur' as const), name: fc.constantFrom(...fieldNames) }),
  fc.record({ kind: fc.constant('toggle' as const), option: fc.constantFrom('Model S', 'Solar Roof') }),
  fc.record({ kind: fc.constant('idle' as const), ms: fc.integer({ min: 0, max: 3000 }) }),
);

describe('§5 controller invariants (property)', () => {
  it('§5 for any sequence of commands: errors only on touched fields, always lower-cased, submit disabled exactly while invalid', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
        const form = createFormController({
          fields: buildForm({ form: 'callback', country: 'US', chinaRegion: false }),
          country: 'US',
          timers: hostTimers,
        });
        for (const step of commands) {
          if (step.kind === 'change') form.change(step.name, step.value);
          else if (step.kind === 'blur') form.blur(step.name);
          else if (step.kind === 'toggle') form.toggle('productInterested', step.option);
          else vi.advanceTimersByTime(step.ms);
          const snapshot = form.getSnapshot();
          for (const field of snapshot.fields) {
            if (field.error !== undefined) {
              expect(field.touched).toBe(true);
              expect(field.error).toBe(field.error.toLowerCase());
            }
          }
          expect(snapshot.submitDisabled).toBe(!snapshot.valid);
        }
        form.dispose();
        expect(vi.getTimerCount()).toBe(0);
      }),
      { numRuns: 60 },
    );
  });
});

describe('§5 rule properties', () => {
  it('§5 email (property): any address containing < > " \' or / is rejected', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.constantFrom('<', '>', '"', "'", '/'), fc.nat(), (email, character, at) => {
        const position = at % (email.length + 1);
        expect(isValidEmail(`${email.slice(0, position)}${character}${email.slice(position)}`)).toBe(false);
      }),
    );
  });

  it('§5 postal code default pattern (property): letters, digits, hyphen and space are accepted, anything else rejected', () => {
    const allowed = fc.string({ unit: fc.constantFrom(...'AZaz09- '.split('')), minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(allowed, (code) => {
        fc.pre(code.trim() !== '');
        expect(isValidPostalCode(code, 'AE')).toBe(true);
      }),
    );
    fc.assert(
      fc.property(allowed, fc.constantFrom('#', '_', '.', '/', 'é'), (code, bad) => {
        expect(isValidPostalCode(`${code}${bad}`, 'AE')).toBe(false);
      }),
    );
  });
});
