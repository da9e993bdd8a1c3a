/**
 * Which messages of a long transcript are in the DOM (issue 24: a constant cost per message).
 * Messages are grouped in blocks of BLOCK_SIZE by their position in the whole chat (the ones
 * the transcript cap dropped count too, so dropping the oldest moves no block boundary). Drawn:
 * - the tail, the last two blocks (26 to 50 messages, more than any dialog is high), always, so
 *   the live region announces every new message wherever the visitor reads;
 * - the reading window, at most READING_BLOCKS blocks the visitor scrolled (or asked) up to.
 * Pure arithmetic on block numbers; MessageList owns the state and the scrolling.
 */

export const BLOCK_SIZE = 25;
/** The most blocks of the reading window (with the tail: at most 150 messages drawn). */
export const READING_BLOCKS = 4;

/** The reading window, in block numbers (inclusive); null while the visitor reads the newest. */
export interface Reading {
  from: number;
  to: number;
}

export interface Drawn {
  /** The chat's first and last block still kept in memory. */
  firstBlock: number;
  lastBlock: number;
  /** Blocks drawn above the tail (the reading window's part above it); empty while none. */
  earlier: readonly number[];
  /** The tail's blocks. */
  tail: readonly number[];
  /** Blocks between the reading window and the tail that are not drawn (a 'Show later messages' control). */
  gap: boolean;
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** What to draw of `count` kept messages after `dropped` dropped ones. */
export function drawnBlocks(dropped: number, count: number, reading: Reading | null): Drawn {
  const firstBlock = Math.floor(dropped / BLOCK_SIZE);
  const lastBlock = count === 0 ? firstBlock : Math.floor((dropped + count - 1) / BLOCK_SIZE);
  const tailFrom = Math.max(firstBlock, lastBlock - 1);
  const tail = range(tailFrom, lastBlock);
  if (reading === null) return { firstBlock, lastBlock, earlier: [], tail, gap: false };
  const from = Math.min(Math.max(reading.from, firstBlock), tailFrom);
  const to = Math.min(reading.to, tailFrom - 1);
  return { firstBlock, lastBlock, earlier: range(from, to), tail, gap: to >= from && to < tailFrom - 1 };
}

/** The first block drawn. */
export function topBlock(drawn: Drawn): number {
  return drawn.earlier[0] ?? (drawn.tail[0] as number);
}

/** One block further up: the reading window grows up, and loses its lowest block past READING_BLOCKS. */
export function earlier(drawn: Drawn, reading: Reading | null): Reading {
  const from = topBlock(drawn) - 1;
  const to = reading === null ? (drawn.tail[0] as number) - 1 : reading.to;
  return { from, to: Math.min(to, from + READING_BLOCKS - 1) };
}

/** One block further down (toward the tail): the window loses its highest block past READING_BLOCKS. */
export function later(reading: Reading): Reading {
  const to = reading.to + 1;
  return { from: Math.max(reading.from, to - READING_BLOCKS + 1), to };
}

/** The messages of block `block`, as indexes into the kept messages. */
export function blockSlice(block: number, dropped: number, count: number): { start: number; end: number } {
  const start = Math.max(0, block * BLOCK_SIZE - dropped);
  const end = Math.min(count, (block + 1) * BLOCK_SIZE - dropped);
  return { start, end };
}
