// A 100,000-point time-series chart draws in under 300 ms after its data arrives (issue 10 budget).
//
// Builds chart-harness/ with Vite: a page drawing the console's own line chart widget option
// (packages/web/src/widgets/timeseries-line-chart/line-chart-option.ts) with ECharts, as the widget
// does. In Debian's Chromium, each run hands N points (one key, one device) to the option builder
// and times until ECharts reports the frame finished; the first run warms the code up and is not
// counted. `node bench/chart-draw.mjs [points]` after `npm ci` and `npx tsc -b`.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { launchChromium } from './lib/browser.mjs';
import { machine } from './lib/fleet.mjs';

const POINTS = Number(process.argv[2] ?? 100_000);
const RUNS = 7;
const BUDGET_MS = 300;

const outDir = await mkdtemp(path.join(tmpdir(), 'chart-harness-'));
await build({
  root: path.join(import.meta.dirname, 'chart-harness'),
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true },
});
const types = { '.html': 'text/html', '.js': 'text/javascript' };
const server = createServer((request, response) => {
  const file = path.join(outDir, request.url === '/' ? 'index.html' : (request.url ?? ''));
  response.setHeader('content-type', types[path.extname(file)] ?? 'application/octet-stream');
  createReadStream(file)
    .on('error', () => response.writeHead(404).end())
    .pipe(response);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => typeof window.draw === 'function');
  const runs = [];
  for (let run = 0; run <= RUNS; run++) {
    const result = await page.evaluate((count) => window.draw(count), POINTS);
    if (run > 0) runs.push(result);
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const total = median(runs.map((r) => r.total));
  const option = median(runs.map((r) => r.option));
  console.log(machine());
  console.log(
    `runs (ms): ${runs.map((r) => `${r.total.toFixed(0)} (option ${r.option.toFixed(0)})`).join(', ')}`,
  );
  console.log(
    `${POINTS.toLocaleString('en')}-point line chart: median ${total.toFixed(0)} ms from data to drawn frame, ${option.toFixed(0)} ms of it building the option (budget ${BUDGET_MS} ms)`,
  );
} finally {
  await browser.close();
  server.close();
  await rm(outDir, { recursive: true, force: true });
}
