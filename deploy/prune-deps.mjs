// Runs in the image build after `npm ci --omit=dev`, in the app folder: keeps only the packages the
// server bundles (dist/server/*.js) import and what those need, and drops what no package loads at
// run time. The web client's packages (React, Mantine, icons, charts, the editor) are dependencies
// because the client build bundles them, but nothing loads them at run time: without them, and
// without the declarations, maps, tests and docs, the runtime image is 282 MB instead of 514 MB.
// Fails the build when the server imports a package the production install lacks (a run-time
// import listed only in devDependencies), which would otherwise fail at start-up.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const packageName = /^(@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*/;

// The packages the bundles import at run time, as the build recorded them (scripts/build-server.ts):
// most packages are inside the bundles.
const { imports: specifiers } = JSON.parse(
  fs.readFileSync(path.join(root, 'dist/server/packages.json'), 'utf8'),
);
const direct = new Set(specifiers.map((s) => packageName.exec(s)[0]));

/** Node's lookup: `name` in the node_modules folders of `fromDir` and its ancestors. */
function locate(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    if (path.basename(dir) !== 'node_modules') {
      const candidate = path.join(dir, 'node_modules', name);
      if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    }
    if (dir === root || dir === path.dirname(dir)) return null;
  }
}

const keep = new Set();
const missing = [];
const queue = [...direct].map((name) => ({ name, from: root, optional: false }));
while (queue.length > 0) {
  const { name, from, optional } = queue.pop();
  const dir = locate(name, from);
  if (!dir) {
    if (!optional) missing.push(`${name} (needed by ${path.relative(root, from) || 'the server'})`);
    continue;
  }
  if (keep.has(dir)) continue;
  keep.add(dir);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  for (const dep of Object.keys(manifest.dependencies ?? {}))
    queue.push({ name: dep, from: dir, optional: false });
  // Optional and peer dependencies count when installed; npm installs the peers it needs.
  for (const dep of [
    ...Object.keys(manifest.optionalDependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ])
    queue.push({ name: dep, from: dir, optional: true });
}
if (missing.length > 0) {
  console.error(`The server imports packages the production install lacks:\n  ${missing.join('\n  ')}`);
  console.error('Move them from devDependencies to dependencies in package.json.');
  process.exit(1);
}

/** Removes every package folder under `modulesDir` that is not kept; recurses into kept ones. */
function prune(modulesDir) {
  if (!fs.existsSync(modulesDir)) return;
  for (const entry of fs.readdirSync(modulesDir)) {
    const full = path.join(modulesDir, entry);
    if (entry === '.bin') fs.rmSync(full, { recursive: true, force: true });
    else if (entry.startsWith('.')) continue;
    else if (entry.startsWith('@')) {
      for (const scoped of fs.readdirSync(full)) visit(path.join(full, scoped));
      if (fs.readdirSync(full).length === 0) fs.rmdirSync(full);
    } else visit(full);
  }
}
function visit(dir) {
  if (keep.has(dir)) prune(path.join(dir, 'node_modules'));
  else fs.rmSync(dir, { recursive: true, force: true });
}
prune(path.join(root, 'node_modules'));

// What no package loads at run time: type declarations, source maps, Markdown, and the tests,
// documentation, examples and benchmarks some packages publish.
const notRuntimeFile = /\.(d\.[cm]?ts|map|md|markdown)$/i;
const notRuntimeDir = new Set([
  'test',
  'tests',
  '__tests__',
  'docs',
  'doc',
  'example',
  'examples',
  'benchmark',
  'benchmarks',
  '.github',
]);
let dropped = 0;
/** Walks a package's files, dropping the above; returns the files kept. */
function tidy(dir, kept) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && notRuntimeDir.has(entry.name)) {
      fs.rmSync(full, { recursive: true, force: true });
      dropped++;
    } else if (entry.isDirectory()) tidy(full, kept);
    else if (entry.isFile() && notRuntimeFile.test(entry.name)) {
      fs.rmSync(full);
      dropped++;
    } else if (entry.isFile()) kept.push(full);
  }
  return kept;
}

// The embedded database's optional extensions (pgcrypto, vector, hstore … as tarballs PGlite
// unpacks when one is loaded): the server loads none, unless it imports one of their modules.
const pgliteDist = path.join(root, 'node_modules/@electric-sql/pglite/dist');
const loadsExtension = [...specifiers].some((s) => /^@electric-sql\/pglite\/(contrib|vector)/.test(s));
if (!loadsExtension && fs.existsSync(pgliteDist)) {
  for (const entry of fs.readdirSync(pgliteDist).filter((f) => f.endsWith('.tar.gz'))) {
    fs.rmSync(path.join(pgliteDist, entry));
    dropped++;
  }
}
const files = tidy(path.join(root, 'node_modules'), []);

// Packages nested at the same version in several places (the AI SDK's own undici, five times)
// hold identical files: hard links store each once in the image layer.
const byContent = new Map();
let linked = 0;
for (const file of files) {
  const data = fs.readFileSync(file);
  if (data.length < 4096) continue;
  const key = `${data.length}:${crypto.createHash('sha256').update(data).digest('hex')}`;
  const first = byContent.get(key);
  if (!first) byContent.set(key, file);
  else {
    fs.rmSync(file);
    fs.linkSync(first, file);
    linked += data.length;
  }
}

// Every import of the server must still resolve.
for (const spec of specifiers) import.meta.resolve(spec);
console.log(
  `Kept ${keep.size} packages for the server's ${direct.size} imports; removed ${dropped} files and folders no run time loads; ${(linked / 1e6).toFixed(1)} MB of duplicate files hard-linked`,
);
