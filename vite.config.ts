import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA lives in src/client and builds to dist/client, which the Fastify web process serves.
export default defineConfig({
  root: 'src/client',
  plugins: [react()],
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
