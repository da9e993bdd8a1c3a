/**
 * Issue 14, Lighthouse (npm `lighthouse`, the system Chromium through chrome-launcher,
 * offline: only the local mock is reached) on the demo page with the widget and without it,
 * side by side in one run: performance score, Total Blocking Time and total bytes, median of
 * 3 runs each, alternating. "Without" is the same page with the widget's script tag blocked
 * (Lighthouse's blockedUrlPatterns on /widget/embed.js), so nothing of the widget loads.
 * Lighthouse's defaults otherwise (mobile, simulated throttling, storage and cache cleared
 * before each run: every run is a first visit).
 *
 * `lighthouse` is a devDependency (12.8.x: the last line that runs on Node 20); chrome-launcher
 * is its own dependency, resolved from beside it.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { startMockServer } from '../../../mock-server/index.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium.js';
import { median } from './page-tools.js';

interface LighthouseResult {
  lhr: {
    categories: { performance: { score: number | null } };
    audits: Record<string, { numericValue?: number }>;
    runtimeError?: { message: string };
  };
}
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;
interface ChromeLauncher {
  launch(options: {
    chromePath: string;
    chromeFlags: string[];
  }): Promise<{ port: number; kill(): Promise<void> | void }>;
}

export interface PageFigures {
  score: number;
  tbtMs: number;
  bytes: number;
}

export interface LighthouseFigures {
  version: string;
  withWidget: PageFigures;
  withoutWidget: PageFigures;
  runs: { withWidget: PageFigures[]; withoutWidget: PageFigures[] };
}

async function loadLighthouse(): Promise<{ lighthouse: Lighthouse; launcher: ChromeLauncher; version: string }> {
  const lighthouse = ((await import('lighthouse')) as { default: Lighthouse }).default;
  const require = createRequire(import.meta.url);
  const besideLighthouse = createRequire(require.resolve('lighthouse'));
  const launcher = (await import(pathToFileURL(besideLighthouse.resolve('chrome-launcher')).href)) as ChromeLauncher;
  const version = (require('lighthouse/package.json') as { version: string }).version;
  return { lighthouse, launcher, version };
}

function figuresOf(result: LighthouseResult | undefined): PageFigures {
  if (!result) throw new Error('lighthouse returned no result');
  if (result.lhr.runtimeError) throw new Error(`lighthouse: ${result.lhr.runtimeError.message}`);
  return {
    score: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
    tbtMs: result.lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    bytes: result.lhr.audits['total-byte-weight']?.numericValue ?? Number.NaN,
  };
}

const medianOf = (runs: PageFigures[]): PageFigures => ({
  score: median(runs.map((r) => r.score)),
  tbtMs: median(runs.map((r) => r.tbtMs)),
  bytes: median(runs.map((r) => r.bytes)),
});

export async function lighthouseBench(
  widgetRoot: string,
  runs = 3,
  log: (line: string) => void = () => {},
): Promise<LighthouseFigures> {
  const { lighthouse, launcher, version } = await loadLighthouse();
  const server = await startMockServer({ scenario: 'happy-path', port: 0, host: '127.0.0.1', speed: 10, widgetRoot });
  const chrome = await launcher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const withWidget: PageFigures[] = [];
  const withoutWidget: PageFigures[] = [];
  try {
    const url = `${server.url}/`;
    const run = async (blocked: boolean) =>
      figuresOf(
        await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          ...(blocked ? { blockedUrlPatterns: ['*/widget/embed.js'] } : {}),
        }),
      );
    for (let i = 0; i < runs; i++) {
      withoutWidget.push(await run(true));
      withWidget.push(await run(false));
      const [a, b] = [withWidget.at(-1) as PageFigures, withoutWidget.at(-1) as PageFigures];
      log(
        `  lighthouse run ${i + 1}: score ${a.score} vs ${b.score}, TBT ${a.tbtMs.toFixed(0)} vs ${b.tbtMs.toFixed(0)} ms, ${(a.bytes / 1024).toFixed(1)} vs ${(b.bytes / 1024).toFixed(1)} KiB (with vs without the widget)`,
      );
    }
  } finally {
    await chrome.kill();
    await server.close();
  }
  return {
    version,
    withWidget: medianOf(withWidget),
    withoutWidget: medianOf(withoutWidget),
    runs: { withWidget, withoutWidget },
  };
}
