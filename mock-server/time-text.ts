/**
 * A time as text, exactly what Date#toISOString writes (and its time of day, for the pretty
 * log), made once per millisecond: a busy server logs and journals dozens of frames within one,
 * and formatting the date was a measurable part of what each frame costs (BENCHMARKS.md,
 * mock-chat near the socket).
 */
let lastMs = Number.NaN;
let lastText = '';
let lastClock = '';

function at(time: Date | number): void {
  const ms = typeof time === 'number' ? time : time.getTime();
  if (ms === lastMs) return;
  // Throws for an invalid date, as toISOString does (and NaN never equals lastMs).
  lastText = new Date(ms).toISOString();
  lastClock = lastText.slice(11, 23);
  lastMs = ms;
}

/** `time` (now by default) as `2026-11-27T11:09:48.123Z`. */
export function isoText(time: Date | number = Date.now()): string {
  at(time);
  return lastText;
}

/** The time of day of `time` in UTC, as `11:09:48.123`. */
export function clockText(time: Date | number): string {
  at(time);
  return lastClock;
}
