import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Starts the longest test files first. Vitest orders files by the durations it cached on an
 * earlier run, but CI runs on a clean clone with no cache, where files start in the order they are
 * found: the six-minute kill trials then started eight minutes into the run and kept one worker
 * busy for minutes after the others had finished. `test/durations.json` holds each slow file's
 * last measured time (`npm run test:durations` rewrites it from a JSON report); files not in it
 * count as short and fill the gaps at the end.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = files[0]?.project.config.root ?? process.cwd();
    const durations = readDurations(root);
    const seconds = (spec: TestSpecification) =>
      durations[path.relative(root, spec.moduleId).split(path.sep).join('/')] ?? 0;
    // Array.prototype.sort is stable: equal (unknown) files keep the order they were found in.
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}

function readDurations(root: string): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, 'test', 'durations.json'), 'utf8')) as Record<
      string,
      number
    >;
  } catch {
    return {};
  }
}
