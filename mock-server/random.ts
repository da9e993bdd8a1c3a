/**
 * Everything random the server makes: guids, authentication keys, workRequestIds, file uuids.
 * By default it comes from node:crypto, so no client can predict another session's keys from
 * its own. With a seed (`--seed`), a mulberry32 stream instead: the same seed gives the same
 * sessions, for replaying a test, and anyone who sees one key can compute the others.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';

export interface Random {
  /** True when the values follow a seed (predictable by design). */
  readonly seeded: boolean;
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** `length` lowercase hex digits. */
  hex(length: number): string;
  uuid(): string;
  /** An authentication key: 256 bits, hex. */
  secret(): string;
}

/** The warning `serve` prints with --seed. */
export const SEEDED_WARNING =
  'mock-chat: --seed makes guids, authentication keys and workRequestIds predictable: anyone can take over a session. Use it only for replaying tests.';

function cryptoRandom(): Random {
  return {
    seeded: false,
    next: () => randomBytes(6).readUIntBE(0, 6) / 2 ** 48,
    int: (min, max) => randomInt(min, max + 1),
    hex: (length) =>
      randomBytes(Math.ceil(length / 2))
        .toString('hex')
        .slice(0, length),
    uuid: () => randomUUID(),
    secret: () => randomBytes(32).toString('hex'),
  };
}

function seededRandom(seed: number): Random {
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
    seeded: true,
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    hex,
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(next() * 4)]}${hex(3)}-${hex(12)}`,
    secret: () => hex(64),
  };
}

/** Seeded and predictable when `seed` is given, else from node:crypto. */
export function createRandom(seed?: number): Random {
  return seed === undefined ? cryptoRandom() : seededRandom(seed);
}
