/**
 * serve --watch: scenario files reloaded when they change, for new sessions. The folder holding
 * each file is watched (editors save by writing a new file and renaming it over the old one,
 * which a watch on the file itself would lose), and changes are settled for a moment before the
 * file is read. A file that is gone once things settle was deleted; one that no longer loads is
 * reported and the last good version stays. Files are named as they were given (`qa/a.yaml`),
 * like the scenarios loaded at start.
 *
 * A file is loaded in a worker thread (scenario-loader.ts), so sessions and HTTP calls are
 * answered while a large file is parsed and checked; results are handled in the order the
 * files settled.
 */
import { existsSync, type FSWatcher, watch } from 'node:fs';
import path from 'node:path';
import { MockChatError } from '../errors.js';
import type { Scenario } from '../scenario/types.js';
import { ScenarioLoader } from './scenario-loader.js';

export interface WatchHandlers {
  /** The file loads: a new file, or a changed one. */
  loaded(scenario: Scenario, file: string): void;
  /** The file is gone. */
  removed(file: string): void;
  failed(file: string, problems: readonly string[]): void;
}

/** Milliseconds a file must stay unchanged before it is read again. */
const SETTLE_MS = 100;

function problemsOf(error: unknown, file: string): readonly string[] {
  if (error instanceof MockChatError) {
    return error.problems.length > 0 ? error.problems : [`${error.reason}${error.fix ? `; ${error.fix}` : ''}`];
  }
  return [`${file}: ${(error as Error)?.message ?? String(error)}`];
}

/**
 * Watches scenario files and folders of them (every *.yaml in a folder, new ones included);
 * returns a function that stops watching.
 */
export function watchScenarios(targets: readonly { file?: string; folder?: string }[], on: WatchHandlers): () => void {
  const watchers: FSWatcher[] = [];
  const timers = new Map<string, NodeJS.Timeout>();
  const loader = new ScenarioLoader();
  loader.warmUp();
  let stopped = false;
  /** Each file's changes are handled one after another, in the order they settled. */
  let handled: Promise<void> = Promise.resolve();
  const settle = (file: string) => {
    clearTimeout(timers.get(file));
    timers.set(
      file,
      setTimeout(() => {
        timers.delete(file);
        const gone = !existsSync(file);
        const loading = gone ? undefined : loader.load(file);
        handled = handled.then(async () => {
          try {
            if (loading === undefined) {
              if (!stopped) on.removed(file);
              return;
            }
            const scenario = await loading;
            if (!stopped) on.loaded(scenario, file);
          } catch (error) {
            if (!stopped) on.failed(file, problemsOf(error, file));
          }
        });
      }, SETTLE_MS),
    );
  };
  /** By real folder: the folder as given (for a watched folder) and the files as given (by base name). */
  const byFolder = new Map<string, { folder: string | undefined; files: Map<string, string> }>();
  for (const target of targets) {
    const given = target.folder ?? path.dirname(target.file as string);
    const key = path.resolve(given);
    const entry = byFolder.get(key) ?? { folder: undefined, files: new Map<string, string>() };
    if (target.folder) entry.folder = target.folder;
    if (target.file) entry.files.set(path.basename(target.file), target.file);
    byFolder.set(key, entry);
  }
  for (const [key, entry] of byFolder) {
    const watcher = watch(key, (_event, name) => {
      if (!name) return;
      const base = name.toString();
      const file =
        entry.files.get(base) ??
        (entry.folder !== undefined && /\.ya?ml$/i.test(base) ? path.join(entry.folder, base) : undefined);
      if (file !== undefined) settle(file);
    });
    watcher.on('error', () => watcher.close());
    watchers.push(watcher);
  }
  return () => {
    stopped = true;
    for (const watcher of watchers) watcher.close();
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    loader.dispose();
  };
}
