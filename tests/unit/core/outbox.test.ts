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

  it('an entry in flight stays until acknowledged; a lost socket puts it back to waiting', () => {
    const outbox = createOutbox();
    const wire: string[] = [];
    const send = (text: string) => wire.push(text) > 0;
    outbox.enqueue({ id: 'c1', text: 'one' });
    outbox.enqueue({ id: 'c2', text: 'two' });
    expect(outbox.flush(send)).toEqual(['c1', 'c2']);
    expect(outbox.pending().map((e) => e.id)).toEqual(['c1', 'c2']);
    expect(outbox.acknowledge()).toEqual({ id: 'c1', text: 'one' });
    outbox.socketLost();
    // Not in flight any more: an acknowledgement cannot be for it, only a resend or a replay.
    expect(outbox.acknowledge()).toBeNull();
    expect(outbox.flush(send)).toEqual(['c2']);
    expect(wire).toEqual(['one', 'two', 'two']);
  });

  it('a replayed customer message confirms the oldest entry only when its text matches', () => {
    const outbox = createOutbox();
    outbox.enqueue({ id: 'c1', text: 'one' });
    outbox.enqueue({ id: 'c2', text: 'two' });
    expect(outbox.confirmOldest('two')).toBeNull();
    expect(outbox.confirmOldest('one')).toEqual({ id: 'c1', text: 'one' });
    expect(outbox.pending().map((e) => e.id)).toEqual(['c2']);
    expect(createOutbox().confirmOldest('x')).toBeNull();
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
