// `npm run build:server`: the server and its threads' modules into dist/server, bundled as
// scripts/server-bundle.ts says, and beside them packages.json: the packages the bundles import
// at run time, which the image keeps in node_modules (deploy/prune-deps.mjs).
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';
import { SERVER_BUNDLE, SERVER_ENTRIES } from './server-bundle';

const OUT = 'dist/server';
const { metafile } = await build({
  ...SERVER_BUNDLE,
  entryPoints: SERVER_ENTRIES,
  outdir: OUT,
  sourcemap: true,
  metafile: true,
});

const builtins = new Set(builtinModules);
const imports = new Set<string>();
for (const output of Object.values(metafile.outputs))
  for (const { path, external } of output.imports)
    if (external && !path.startsWith('node:') && !builtins.has(path.split('/')[0]!)) imports.add(path);
fs.writeFileSync(`${OUT}/packages.json`, `${JSON.stringify({ imports: [...imports].sort() }, null, 2)}\n`);
