import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** `npm run bench` runs every bench/*.ts subject; `npm run bench -- render` runs one. */
const dir = import.meta.dirname;
/** Files here that support the benchmarks rather than being one. */
const HELPERS = [
  'run.ts',
  'support.ts',
  'bench-app.ts',
  'built-server.ts',
  'http-load.ts',
  'seed-sent.ts',
  'seed-answers.ts',
  'api-workspaces.ts',
];
const all = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !HELPERS.includes(f))
  .map((f) => f.replace(/\.ts$/, ''));
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !all.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Available: ${all.join(', ')}`);
  process.exit(2);
}
let failed = false;
for (const name of chosen.length ? chosen : all) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, `${name}.ts`)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
