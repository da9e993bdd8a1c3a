/**
 * serve --watch: scenario files reloaded when they change, for new sessions. The folder holding
 * each file is watched (editors save by writing a new file and renaming it over the old one,
 * which a watch on the file itself would lose), and changes are settled for a moment before the
 * file is read. A file that no longer loads is reported and the last good version stays.
 */
import { type FSWatcher, watch } from 'node:fs';
import path from 'node:path';
import { MockChatError } from '../errors.js';
import { loadScenarioFile } from '../scenario/load.js';
import type { Scenario } from '../scenario/types.js';

export interface WatchHandlers {
  loaded(scenario: Scenario, file: string): void;
  failed(file: string, problems: readonly string[]): void;
}

/** Milliseconds a file must stay unchanged before it is read again. */
const SETTLE_MS = 100;

/**
 * Watches scenario files and folders of them (every *.yaml in a folder, new ones included);
 * returns a function that stops watching.
 */
export function watchScenarios(targets: readonly { file?: string; folder?: string }[], on: WatchHandlers): () => void {
  const watchers: FSWatcher[] = [];
  const timers = new Map<string, NodeJS.Timeout>();
  const reload = (file: string) => {
    clearTimeout(timers.get(file));
    timers.set(
      file,
      setTimeout(() => {
        timers.delete(file);
        try {
          on.loaded(loadScenarioFile(file), file);
        } catch (error) {
          const problems =
            error instanceof MockChatError && error.problems.length > 0
              ? error.problems
              : [`${file}: ${(error as Error)?.message ?? String(error)}`];
          on.failed(file, problems);
        }
      }, SETTLE_MS),
    );
  };
  const byFolder = new Map<string, { all: boolean; files: Set<string> }>();
  for (const target of targets) {
    const folder = path.resolve(target.folder ?? path.dirname(target.file as string));
    const entry = byFolder.get(folder) ?? { all: false, files: new Set<string>() };
    if (target.folder) entry.all = true;
    if (target.file) entry.files.add(path.basename(target.file));
    byFolder.set(folder, entry);
  }
  for (const [folder, entry] of byFolder) {
    const watcher = watch(folder, (_event, name) => {
      if (!name) return;
      const base = name.toString();
      if (entry.files.has(base) || (entry.all && /\.ya?ml$/i.test(base))) reload(path.join(folder, base));
    });
    watcher.on('error', () => watcher.close());
    watchers.push(watcher);
  }
  return () => {
    for (const watcher of watchers) watcher.close();
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  };
}
