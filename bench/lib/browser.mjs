import { chromium } from 'playwright-core';

/**
 * Debian's Chromium, headless, as the benchmarks run it: no sandbox (root), software drawing, and
 * none of the background connections this closed network refuses.
 */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
