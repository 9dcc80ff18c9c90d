// The JavaScript a browser loads to show the demo dashboard, gzipped (issue 10: report the
// dashboard route's size with the demo dashboard's widgets; the login route keeps its own budget,
// bundle-size.mjs). Signs in as the demo tenant administrator in Debian's Chromium against the
// built server with demo data; Home shows the tenant's home dashboard, the demo one. Every script
// fetched until the widgets have drawn is gzipped and counted, split into what the login route
// already loaded and what the dashboard added. `node bench/dashboard-route-size.mjs` after `npm run build`.
import { gzipSync } from 'node:zlib';
import { startServer } from '../scripts/run-server.mjs';
import { launchChromium } from './lib/browser.mjs';

const server = await startServer();
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const scripts = [];
  let phase = 'login';
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push({ phase, url: response.url(), body: await response.body() });
    }
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  phase = 'dashboard';
  await page.fill('[data-testid="login-username"]', 'tenant@meridian.local');
  await page.fill('[data-testid="login-password"]', 'tenant');
  await page.click('[data-testid="login-submit"]');
  await page.waitForSelector('[data-testid="dashboard-viewer"]');
  // Every widget's chunk is in once the page has drawn and gone quiet.
  await page.waitForSelector('[data-testid^="dashboard-widget-"] canvas');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2000);
  const totals = { login: 0, dashboard: 0 };
  for (const { phase: p, url, body } of scripts) {
    const gz = gzipSync(body).length;
    totals[p] += gz;
    console.log(`${p.padEnd(9)} ${(gz / 1024).toFixed(1).padStart(7)} KB  ${new URL(url).pathname}`);
  }
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `demo dashboard route JavaScript: ${kb(totals.login + totals.dashboard)} gzipped in ${scripts.length} files (${kb(totals.login)} of the login route, ${kb(totals.dashboard)} added by the shell, the dashboard runtime and its widgets)`,
  );
} finally {
  await browser.close();
  await server.stop();
}
