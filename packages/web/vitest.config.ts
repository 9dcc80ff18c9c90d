import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      restoreMocks: true,
      // Above the 5 s wait of the async queries (see src/test/setup.ts), so a slow cold render
      // fails on what it was waiting for, not on the test's own clock.
      testTimeout: 15_000,
      // Let Vite resolve intl-messageformat through its ESM entry, as the browser build does;
      // Node's CommonJS interop would otherwise hand i18next-icu a module object, not the class.
      server: { deps: { inline: ['i18next-icu', 'intl-messageformat'] } },
    },
  }),
);
