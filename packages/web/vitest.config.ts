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
      // Let Vite resolve intl-messageformat through its ESM entry, as the browser build does;
      // Node's CommonJS interop would otherwise hand i18next-icu a module object, not the class.
      server: { deps: { inline: ['i18next-icu', 'intl-messageformat'] } },
    },
  }),
);
