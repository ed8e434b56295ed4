// `npm start`: builds the server and the client when the build is missing or older than the
// sources, then runs every role in one process on the configured (default: embedded) database.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = ['dist/server/main.js', 'dist/client/index.html'].map((p) => path.join(root, p));
const inputs = ['src', 'package.json', 'package-lock.json', 'vite.config.ts'].map((p) => path.join(root, p));

if (needsBuild()) {
  console.log('Building Tailor…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.argv[2] ??= 'all';
await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);

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
