// A console's REST calls in a loop, on a thread of its own so that the load generator's work on
// the main thread does not delay them (rest-during-ingest.mjs). workerData: { url, token, calls,
// clients, durationS }; posts { latencies (sorted, ms), byKind, failed, errors } when done.
import { parentPort, workerData } from 'node:worker_threads';

const { url, token, calls, clients, durationS } = workerData;
const latencies = [];
/** Latencies by kind of call (the path without ids and query), to tell which call is slow. */
const byKind = new Map();
const kindOf = (path) =>
  path.split('?')[0].replace(/[0-9a-f-]{36}/g, ':id') + (path.includes('startTs') ? ' (series)' : '');
const errors = new Map();
let failed = 0;
let next = 0;
const stopAt = performance.now() + durationS * 1000;

async function client() {
  while (performance.now() < stopAt) {
    const path = calls[next++ % calls.length];
    const t0 = performance.now();
    try {
      const res = await fetch(`${url}${path}`, { headers: { 'x-authorization': `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`HTTP ${res.status} ${path.split('?')[0]}`);
      const ms = performance.now() - t0;
      latencies.push(ms);
      const kind = kindOf(path);
      if (!byKind.has(kind)) byKind.set(kind, []);
      byKind.get(kind).push(ms);
    } catch (error) {
      failed++;
      errors.set(error.message, (errors.get(error.message) ?? 0) + 1);
    }
  }
}

await Promise.all(Array.from({ length: clients }, client));
latencies.sort((a, b) => a - b);
for (const list of byKind.values()) list.sort((a, b) => a - b);
parentPort.postMessage({ latencies, byKind: [...byKind], failed, errors: [...errors] });
