import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const MUI_BASE =
  /node_modules[\\/]@mui[\\/]material[\\/](esm[\\/])?(styles|utils|internal|zero-styled|DefaultPropsProvider|useTheme|ButtonBase|Button|Typography|Paper|SvgIcon|InputBase|InputLabel|OutlinedInput|FormControl|FormLabel|IconButton|Dialog|DialogTitle)[\\/]/;

const commonEntry = fileURLToPath(new URL('../common/src/index.ts', import.meta.url));

// The console resolves @meridian/common to its TypeScript sources, so a web build does not need
// common to be compiled first. The dev server proxies the REST API and the telemetry WebSocket.
export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: [{ find: /^@meridian\/common$/, replacement: commonEntry }],
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true, ws: true },
      // The custom widget frame document, with its own Content-Security-Policy from the server.
      '/widget-frame': { target: 'http://localhost:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The manifest lets scripts/route-bundle-size.mjs measure what each route loads.
    manifest: true,
    rollupOptions: {
      output: {
        codeSplitting: {
          // The MUI pieces the login form is made of, in one chunk. Left to the automatic
          // splitting they fall into many small chunks whose boundaries move whenever a lazy route
          // or widget starts sharing one of them, and the login route's bytes grow with the count.
          groups: [{ name: 'mui-base', test: MUI_BASE }],
        },
      },
    },
  },
});
