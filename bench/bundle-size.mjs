// The JavaScript a browser loads for the login route, gzipped. Budget: < 250 KB.
// Loads /login in Debian's Chromium against the built server and gzips every script it fetched.
// `--check` exits non-zero over budget (used by `npm test`).
import { gzipSync } from 'node:zlib';
import { startServer } from '../scripts/run-server.mjs';
import { launchChromium } from './lib/browser.mjs';

const BUDGET_KB = 250;
const server = await startServer({ env: { DEMO_DATA: 'false' } });
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  // Each script's body is read while the page goes on loading; all reads are awaited before the
  // sums, or a late one would be cut off by the browser closing (and the total come out short).
  const reads = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      reads.push(
        Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => ({
          url: response.url(),
          body,
          wire: sizes.responseBodySize,
        })),
      );
    }
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const scripts = await Promise.all(reads);
  let total = 0;
  let wire = 0;
  for (const { url, body, wire: sent } of scripts) {
    const gz = gzipSync(body).length;
    total += gz;
    wire += sent;
    console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${new URL(url).pathname}`);
  }
  console.log(
    `login route JavaScript: ${(total / 1024).toFixed(1)} KB gzipped in ${scripts.length} files (budget ${BUDGET_KB} KB)`,
  );
  // What the server really sends (its pre-compressed brotli copies), as the browser received it.
  console.log(`login route JavaScript on the wire: ${(wire / 1024).toFixed(1)} KB`);
  if (process.argv.includes('--check') && total / 1024 > BUDGET_KB) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
