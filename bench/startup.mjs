// Cold start to ready (embedded store) and idle memory. Budget: < 3 s to ready after the first
// install, idle RSS < 150 MB. Run after `npm run build`.
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
let idleRss = 0;
for (let i = 0; i < 5; i++) {
  const server = await startServer({ dataDir });
  runs.push(server.readyMs);
  if (i === 0) {
    await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'tenant@meridian.local', password: 'tenant' }),
    });
    await sleep(5000);
    idleRss = rssMb(server.pid);
  }
  await server.stop();
}
runs.sort((a, b) => a - b);
const median = runs[Math.floor(runs.length / 2)];
console.log(
  `cold start to ready (existing store), 5 runs: median ${median.toFixed(0)} ms, max ${runs.at(-1).toFixed(0)} ms (budget 3000 ms)`,
);
console.log(`idle RSS after one login and 5 s idle: ${idleRss.toFixed(0)} MB (budget 150 MB)`);
fs.rmSync(dataDir, { recursive: true, force: true });
if (median > 3000 || idleRss > 150) process.exitCode = 1;
