/**
 * The order test files start in: the longest of the last run first, whatever their project;
 * files the last run did not see (new, renamed) before them, larger first; a file that failed
 * last time before those that passed. vitest's own order runs the projects one after another,
 * in name order, so a long file of the last project would start late and end the run late.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const key = (spec: TestSpecification) => `${spec.project.name}:${relative(config.root, spec.moduleId)}`;
    const last = (spec: TestSpecification) => cache.getFileTestResults(key(spec));
    const size = (spec: TestSpecification) => cache.getFileStats(key(spec))?.size ?? 0;
    return [...files].sort((a, b) => {
      const [lastA, lastB] = [last(a), last(b)];
      if (lastA === undefined || lastB === undefined) {
        if (lastA !== lastB) return lastA === undefined ? -1 : 1;
        return size(b) - size(a);
      }
      if (lastA.failed !== lastB.failed) return lastA.failed ? -1 : 1;
      return lastB.duration - lastA.duration;
    });
  }
}
