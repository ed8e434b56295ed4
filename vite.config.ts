import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA lives in src/client and builds to dist/client, which the Fastify web process serves.
export default defineConfig({
  root: 'src/client',
  plugins: [react()],
  // Zod without run-time code generation, which the Content-Security-Policy refuses (zod-jitless.ts).
  resolve: {
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('src/client/zod-jitless.ts', import.meta.url)) },
    ],
  },
  build: { outDir: '../../dist/client', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: 5173,
    // Server paths only: a bare '/api' prefix would also catch client modules such as /api.ts.
    proxy: {
      '^/api/': 'http://localhost:5000',
      '^/u/': 'http://localhost:5000',
      '^/t/': 'http://localhost:5000',
      '^/i/': 'http://localhost:5000',
    },
  },
});
