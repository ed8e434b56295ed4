/**
 * Node flags of the test processes and of the servers they start. `--liftoff-only` keeps
 * WebAssembly on V8's baseline compiler: each test process and each started server opens the
 * embedded database, whose PostgreSQL is a large WebAssembly module, and lives seconds to minutes.
 * The optimizing compiler's work on that module cost more CPU than it won back there (a kill-trial
 * file took 21 % less CPU without it). Only how V8 compiles the module changes, not what it does;
 * the app itself, the browser suite's apps (which serve the whole suite) and the benches run with
 * V8's defaults.
 */
export const TEST_NODE_FLAGS = ['--liftoff-only'];
