import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOutbox } from '../../../widget/core/connection/outbox.js';

describe('outbox (section 4: nothing lost, nothing doubled)', () => {
  it('keeps messages while the socket refuses and sends them in order once it accepts', () => {
    const outbox = createOutbox();
    outbox.enqueue({ id: 'c1', text: 'one' });
    outbox.enqueue({ id: 'c2', text: 'two' });
    expect(outbox.flush(() => false)).toEqual([]);
    expect(outbox.pending().map((e) => e.text)).toEqual(['one', 'two']);
    const wire: string[] = [];
    expect(outbox.flush((text) => wire.push(text) > 0)).toEqual(['c1', 'c2']);
    expect(wire).toEqual(['one', 'two']);
    expect(outbox.flush((text) => wire.push(text) > 0)).toEqual([]);
    outbox.enqueue({ id: 'c3', text: 'three' });
    outbox.clear();
    expect(outbox.pending()).toEqual([]);
  });

  it('property: whatever the pattern of drops, every message reaches the wire exactly once, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.boolean()), { maxLength: 40 }), (steps) => {
        const outbox = createOutbox();
        const wire: string[] = [];
        const typed: string[] = [];
        steps.forEach(([text, online], index) => {
          typed.push(text);
          outbox.enqueue({ id: `c${index}`, text });
          outbox.flush((t) => (online ? wire.push(t) > 0 : false));
        });
        outbox.flush((t) => wire.push(t) > 0);
        expect(wire).toEqual(typed);
      }),
    );
  });
});
