import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

const API_TARGET = process.env.LOA_API_URL ?? 'http://localhost:8080';

/** Dev server proxies the API, the socket and the API docs to the Loa server. */
export default defineConfig({
  // precompress: the server sends the build's .br/.gz copies (apps/server/src/infra/webConsole.ts).
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/v1': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
      '/docs': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest tells `npm run bench -- web` and e2e/bundle-size.spec.ts what the first load is.
    manifest: true,
    chunkSizeWarningLimit: 400,
  },
});
