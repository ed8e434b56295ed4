import type { BuildOptions } from 'esbuild';

/**
 * How the server is bundled: by `npm run build` into dist/server (scripts/build-server.ts), and by
 * the tests that start the server or its threads from the sources (test/support/source-bundles.ts).
 *
 * The packages go into the bundle too. Each start used to import them from node_modules, some
 * 350 files resolved, read and linked one by one: of the 4.4 s of CPU a server took to start on a
 * busy 2-core machine, 1.1 s went with a bundle that holds them. The tests start hundreds of
 * servers (kill trials, parallel starts), and production restarts start faster too.
 */
export const SERVER_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  /**
   * Packages that find files of their own at run time stay imports from node_modules: PGlite its
   * WebAssembly and data files, Piscina its worker script, the AI SDK `undici` from its own folder
   * (bundled, it would take the project's copy instead), and pg-boss, whose installed version the
   * embedded database's template records. pg stays one copy, shared by the app and pg-boss (type
   * parsers are set on the module), and so does zod, shared by the app's schemas and the AI SDK.
   */
  external: ['@electric-sql/pglite', 'piscina', 'ai', '@ai-sdk/*', 'pg-boss', 'pg', 'zod'],
  // The bundled CommonJS packages call require() for Node's own modules; an ES module has no require.
  banner: {
    js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
  },
  entryNames: '[name]',
  logLevel: 'warning',
} satisfies BuildOptions;

/** The server's entry point and the modules its threads start from. */
export const SERVER_ENTRIES = [
  'src/server/main.ts',
  'src/server/mail/compose-worker.ts',
  'src/server/services/conversations/imap-thread-worker.ts',
  'src/server/db/pglite-worker.ts',
];
