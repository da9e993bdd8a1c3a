/** Typed option parsers: commander reports their InvalidArgumentError as a usage error. */
import { InvalidArgumentError } from 'commander';
import { MAX_DURATION_SECONDS, parseDuration } from '../mock-server/clock.js';

export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^[0-9]+$/.test(value) || port > 65535) {
    throw new InvalidArgumentError('must be an integer from 0 to 65535 (0 picks a free port).');
  }
  return port;
}

export function parseSpeed(value: string): number {
  const speed = Number(value);
  if (!Number.isFinite(speed) || speed <= 0) throw new InvalidArgumentError('must be a positive number, e.g. 10.');
  return speed;
}

export function parseSeed(value: string): number {
  if (!/^-?[0-9]+$/.test(value)) throw new InvalidArgumentError('must be an integer.');
  return Number(value);
}

export function parseBytes(value: string): number {
  const match = /^([0-9]+)(k|kib|m|mib)?$/i.exec(value.trim());
  if (!match) throw new InvalidArgumentError('must be a number of bytes, e.g. 65536 or 64k.');
  const unit = (match[2] ?? '').toLowerCase();
  return Number(match[1]) * (unit.startsWith('k') ? 1024 : unit.startsWith('m') ? 1024 * 1024 : 1);
}

export function parseCount(value: string): number {
  if (!/^[1-9][0-9]*$/.test(value)) throw new InvalidArgumentError('must be a whole number of at least 1.');
  return Number(value);
}

/** A time limit as scenarios write durations (500ms, 10s, 2m, or a number of seconds), in milliseconds. */
export function parseMilliseconds(value: string): number {
  let seconds: number;
  try {
    seconds = parseDuration(/^[0-9.]+$/.test(value.trim()) ? Number(value) : value);
  } catch {
    throw new InvalidArgumentError('must be a duration: 500ms, 10s, 2m or a number of seconds.');
  }
  if (!(seconds > 0) || seconds > MAX_DURATION_SECONDS) {
    throw new InvalidArgumentError('must be more than 0 and at most one day, e.g. 10s.');
  }
  return Math.round(seconds * 1000);
}
