import { defineConfig } from 'vitest/config';

// Browser tests: each file starts the built server on a free port with its own embedded store and
// drives Debian's Chromium through playwright-core. Files run one at a time: two cores are shared
// by the server, Chromium and the test process.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A page's first data can wait on lazy chunks and the server under CI load: polls give it 10 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
