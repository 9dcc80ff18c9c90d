// Cold start to ready (embedded store) and idle memory. Budget: < 3 s to ready after the first
// install, idle RSS < 150 MB. Run after `npm run build`.
// Idle memory is read every 5 s for IDLE_S seconds (default 45) after one login: the first reading
// still holds start-up garbage, which V8's memory reducer collects once the process has been idle
// for a while (~30 s); the budget applies to the settled, idle value.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer } from '../scripts/run-server.mjs';

const rssMb = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
const first = await startServer({ dataDir });
console.log(`first start (creates store, installs system and demo data): ${first.readyMs.toFixed(0)} ms`);
await first.stop();

const runs = [];
const IDLE_S = Number(process.env.IDLE_S ?? 45);
let idleRss = 0;
let firstRss = 0;
const samples = [];
for (let i = 0; i < 5; i++) {
  const server = await startServer({ dataDir });
  runs.push(server.readyMs);
  if (i === 0) {
    await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'tenant@meridian.local', password: 'tenant' }),
    });
    for (let s = 5; s <= IDLE_S; s += 5) {
      await sleep(5000);
      samples.push(`${s} s: ${rssMb(server.pid).toFixed(0)}`);
    }
    firstRss = Number(samples[0]?.split(': ')[1] ?? 0);
    idleRss = rssMb(server.pid);
  }
  await server.stop();
}
runs.sort((a, b) => a - b);
const median = runs[Math.floor(runs.length / 2)];
console.log(
  `cold start to ready (existing store), 5 runs: median ${median.toFixed(0)} ms, max ${runs.at(-1).toFixed(0)} ms (budget 3000 ms)`,
);
console.log(`RSS after one login, every 5 s (MB): ${samples.join(', ')}`);
console.log(
  `idle RSS: ${firstRss.toFixed(0)} MB after 5 s, ${idleRss.toFixed(0)} MB after ${IDLE_S} s idle (budget 150 MB)`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
if (median > 3000 || idleRss > 150) process.exitCode = 1;
