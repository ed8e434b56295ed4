// `npm run build:server`: the server and its threads' modules into dist/server, bundled as
// scripts/server-bundle.ts says.
import { build } from 'esbuild';
import { SERVER_BUNDLE, SERVER_ENTRIES } from './server-bundle';

await build({ ...SERVER_BUNDLE, entryPoints: SERVER_ENTRIES, outdir: 'dist/server', sourcemap: true });
