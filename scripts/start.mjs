// `npm start`: builds the server and the client when the build is missing or older than the
// sources, then runs every role in one process on the configured (default: embedded) database,
// with the JS heap capped at 256 MB as the README recommends for production: bulk work (a
// million-row import) then collects its garbage early instead of growing the process. An explicit
// --max-old-space-size in NODE_OPTIONS wins.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The embedded database's template (dist/pglite-template) is made by the build too: without it a
// first start creates the database with PGlite's initdb, which peaks ~450 MB higher.
const outputs = ['dist/server/main.js', 'dist/client/index.html', 'dist/pglite-template/stamp.json'].map(
  (p) => path.join(root, p),
);
const inputs = ['src', 'package.json', 'package-lock.json', 'vite.config.ts'].map((p) => path.join(root, p));

if (needsBuild()) {
  console.log('Building Tailor…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const heapCap = /--max-old-space-size/.test(process.env.NODE_OPTIONS ?? '')
  ? []
  : ['--max-old-space-size=256'];
const server = spawn(
  process.execPath,
  [...heapCap, path.join(root, 'dist/server/main.js'), process.argv[2] ?? 'all'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
// The server drains on SIGTERM/SIGINT; pass them on and leave with its exit code.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

function needsBuild() {
  if (!outputs.every((p) => fs.existsSync(p))) return true;
  const builtAt = Math.min(...outputs.map((p) => fs.statSync(p).mtimeMs));
  return inputs.some((p) => fs.existsSync(p) && newestMtime(p) > builtAt);
}

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}
