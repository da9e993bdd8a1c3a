/** Issue 24: the UI maps only the messages that are new or changed since the last transcript it drew. */
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../widget/core/chat/state.js';
import en from '../../../widget/ui/i18n/catalogues/i18n-en.js';
import { toUiMessages } from '../../../widget/ui/messages.js';

const agentLine = (n: number): ChatMessage => ({
  kind: 'live_agent',
  id: `m${n}`,
  text: `line ${n}`,
  timestamp: 1_700_000_000_000 + n,
  displayName: 'Sam',
});

describe('toUiMessages maps only new or changed messages (issue 24)', () => {
  it('an append keeps every earlier UI message as it was; a changed one is mapped again; a drop at the top lines up', () => {
    const catalogue = en;
    const first = Array.from({ length: 1_000 }, (_, i) => agentLine(i));
    const drawn = toUiMessages(first, catalogue);
    expect(toUiMessages(first, catalogue)).toBe(drawn);
    const appended = [...first, agentLine(1_000)];
    const next = toUiMessages(appended, catalogue);
    expect(next).toHaveLength(1_001);
    expect(next.slice(0, 1_000).every((m, i) => m === drawn[i])).toBe(true);
    expect(next[1_000]?.text).toBe('line 1000');
    const changed = appended.map((m, i) => (i === 500 ? { ...m, text: 'edited' } : m));
    const redrawn = toUiMessages(changed, catalogue);
    expect(redrawn[500]?.text).toBe('edited');
    expect(redrawn[499]).toBe(next[499]);
    // The transcript cap drops the oldest: what is left keeps its UI objects.
    const capped = changed.slice(500);
    const afterDrop = toUiMessages(capped, catalogue);
    expect(afterDrop[0]).toBe(redrawn[500]);
    expect(afterDrop.at(-1)).toBe(redrawn.at(-1));
  });
});
