import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { type RunningServer, startServer } from './server';

export interface Suite {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * A server and a browser of the test file's own, started before its tests and stopped after them.
 * Read `suite.server` and `suite.browser` inside the tests (they exist once beforeAll has run).
 */
export function useServerAndBrowser(options?: Parameters<typeof startServer>[0]): Suite {
  const suite = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    suite.server = await startServer(options);
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}
