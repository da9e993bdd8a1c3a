/**
 * How long tests wait, in one place. Both figures are hang detectors, never judgements of
 * speed: a wait for something that must happen (a frame, a log line, the core's state, an
 * element) fails after WAIT_MS with what it saw instead; a test fails after TEST_MS (above
 * every wait in it, so the wait's message is what a failure shows). They are sized for a
 * machine kept busy by other work: with two busy loops and other test runs beside it (a load
 * average of 20 to 30 on 2 cores) everything took three to six times as long as on a quiet
 * machine, the slowest browser test about 45 s. Whether something is fast enough is a figure
 * for `npm run bench` (BENCHMARKS.md).
 */
export const WAIT_MS = 45_000;
export const TEST_MS = 90_000;
