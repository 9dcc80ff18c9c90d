import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const commonEntry = fileURLToPath(new URL('../common/src/index.ts', import.meta.url));

// The console resolves @meridian/common to its TypeScript sources, so a web build does not need
// common to be compiled first. The dev server proxies the REST API and the telemetry WebSocket.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [{ find: /^@meridian\/common$/, replacement: commonEntry }],
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The manifest lets scripts/route-bundle-size.mjs measure what each route loads.
    manifest: true,
  },
});
