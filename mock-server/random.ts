/**
 * Seeded randomness (mulberry32) for everything random the server makes: guids, keys,
 * workRequestIds, file uuids. The same --seed gives the same sessions.
 */
export interface Random {
  next(): number;
  int(min: number, max: number): number;
  hex(length: number): string;
  uuid(): string;
}

export function createRandom(seed: number = Date.now()): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const hex = (length: number) => {
    let out = '';
    for (let i = 0; i < length; i++) out += Math.floor(next() * 16).toString(16);
    return out;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    hex,
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(next() * 4)]}${hex(3)}-${hex(12)}`,
  };
}
