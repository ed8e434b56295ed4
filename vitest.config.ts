import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/support/longest-first-sequencer.ts';
import { filesThatMockModules } from './test/support/module-mocks.ts';
import { TEST_NODE_FLAGS } from './test/support/node-flags.ts';

const ROOT = import.meta.dirname;

// The unit and integration files share their worker's modules (isolate: false below). Each file
// used to import the app's sources afresh: 599 s of import time summed over files, in a run that
// took 1,458 s on a 2-core machine and 1,151 s with the modules shared. There a vi.mock would come
// too late for a module an earlier file loaded, and stay for the files after it: such tests inject
// the dependency instead, and a file that mocks a module stops the run here.
const withMocks = [
  ...filesThatMockModules(ROOT, 'src/server', '.test.ts'),
  ...filesThatMockModules(ROOT, 'src/contract', '.test.ts'),
  ...filesThatMockModules(ROOT, 'test', '.int.test.ts'),
];
if (withMocks.length > 0)
  throw new Error(
    `Test files share their modules, so vi.mock cannot replace one: ${withMocks.join(', ')}. Inject the dependency instead.`,
  );

export default defineConfig({
  plugins: [react()],
  test: {
    // Most integration files spend their time waiting on child processes, fakes and timers (a
    // one-minute outage, killed workers), so more files run at once than there are cores.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    // WebAssembly on V8's baseline compiler only (TEST_NODE_FLAGS, test/support/node-flags.ts).
    execArgv: TEST_NODE_FLAGS,
    // The slowest files first (test/durations.json), so none of them starts last on a clean clone.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/global-source-bundles.ts'],
          setupFiles: ['test/support/setup-source-bundles.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/client/test-setup.ts'],
          // Files share a worker's modules instead of importing React, Mantine and the pages again
          // each: the client suite took 43 s instead of 127 s. Each file still gets a fresh jsdom.
          isolate: false,
          // Above the 5 s Testing Library waits for one thing (test-setup.ts).
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/global-source-bundles.ts', 'test/global-setup.ts'],
          setupFiles: ['test/support/setup-source-bundles.ts'],
          isolate: false,
          // Deadlines for liveness, not timings: tests that start server processes must also pass
          // while another suite shares this 2-core machine (the Node-line runs), where a start-up
          // that takes 5 s alone has taken over 30.
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
