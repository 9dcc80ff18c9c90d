import { defineConfig } from 'vitest/config';

// One Vitest run covers the unit tests of common and web and the API tests of the server.
// The server's API tests run twice: once on the embedded PGlite store and once on PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'common', root: 'packages/common', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      'packages/web/vitest.config.ts',
      {
        test: {
          name: 'server-pglite',
          root: 'packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          env: { TEST_STORE: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Issue 13: three real nodes, NATS and HAProxy as processes over the built server (npm run build first).
        test: {
          name: 'cluster',
          root: 'packages/server',
          include: ['test-cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          root: 'packages/server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          env: { TEST_STORE: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
