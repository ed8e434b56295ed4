import fs from 'node:fs';
import path from 'node:path';

/**
 * The test files under `dir` (relative to the project's root) whose names end in `suffix` and that
 * replace a module with vi.mock, as paths from the root: vitest.config.ts refuses them, as its
 * suites share their worker's modules between files.
 */
export function filesThatMockModules(root: string, dir: string, suffix: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(suffix))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
    .filter((file) => /\bvi\.(do)?mock\(/.test(fs.readFileSync(path.join(root, file), 'utf8')))
    .sort();
}
