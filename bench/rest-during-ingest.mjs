// REST latency while devices send (issue 14): a few console clients call the REST API in a loop
// (device list, a device's latest values, a minute of its series, alarms), first with nothing
// else running, then while devices publish MQTT QoS 1 telemetry at a steady RATE. Budget: REST
// p99 < 100 ms during ingest at half the store's maximum rate (mqtt-ingest.mjs gives the maximum;
// RATE defaults to half of what it measured embedded on the machine of bench/README.md).
//   node bench/rest-during-ingest.mjs [embedded|postgres ...]   (default: both)
// Env: DEVICES (300), RATE (4000 messages/s), DURATION_S (20), WARMUP_S (3), CLIENTS (4).
import { Worker } from 'node:worker_threads';
import { cpuSeconds, createDevices, machine, percentile, startFleetServer } from './lib/fleet.mjs';
import { connectDevices, pointsJson } from './lib/ingest-load.mjs';
import { steadyLoad } from './lib/steady-load.mjs';

const DEVICES = Number(process.env.DEVICES ?? 300);
const RATE = Number(process.env.RATE ?? 4000);
const DURATION_S = Number(process.env.DURATION_S ?? 20);
const WARMUP_S = Number(process.env.WARMUP_S ?? 3);
const CLIENTS = Number(process.env.CLIENTS ?? 4);
const BUDGET_P99 = 100;
const stores = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['embedded', 'postgres'];

/** The calls a console makes on its device pages and dashboards, for a few of the devices. */
function consoleCalls(ids) {
  const calls = ['/api/tenant/deviceInfos?pageSize=10&page=0&sortProperty=createdTime&sortOrder=DESC'];
  for (const index of [0, 1, 2, 3]) {
    const id = ids.get(index);
    const now = Date.now();
    calls.push(
      `/api/plugins/telemetry/DEVICE/${id}/values/timeseries?keys=temperature,humidity,active`,
      `/api/plugins/telemetry/DEVICE/${id}/values/timeseries?keys=temperature&startTs=${now - 60_000}&endTs=${now + 3_600_000}&limit=100`,
      `/api/alarm/DEVICE/${id}?pageSize=10&page=0&sortProperty=createdTime&sortOrder=DESC`,
    );
  }
  return calls;
}

/** Runs the REST clients for `durationS` on their own thread; resolves with their latencies. */
function restProbe(server, token, calls, durationS) {
  const worker = new Worker(new URL('./lib/rest-probe.mjs', import.meta.url), {
    workerData: { url: server.url, token, calls, clients: CLIENTS, durationS },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** One line for the whole probe, then one per kind of call. */
function describe({ latencies, byKind, failed, errors }, seconds, verdict = '') {
  const [p50, p99, max] = [50, 99, 100].map((p) => percentile(latencies, p));
  const kinds = byKind.map(
    ([kind, list]) =>
      `    ${kind}: p50 ${percentile(list, 50).toFixed(1)} ms, p99 ${percentile(list, 99).toFixed(1)} ms`,
  );
  return [
    `${latencies.length} answered (${Math.round(latencies.length / seconds)}/s), ${failed} failed; ` +
      `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(0)} ms${verdict}` +
      (errors.length > 0 ? `; failures: ${errors.map(([m, n]) => `${n} × ${m}`).join(', ')}` : ''),
    ...kinds,
  ].join('\n');
}

let seq = 0;
const payload = () => pointsJson(++seq);

console.log(`machine: ${machine()}`);
console.log(
  `${CLIENTS} REST clients; ${DEVICES} devices publishing ${RATE} messages/s in all (QoS 1, 3 data points), ${DURATION_S} s measured`,
);
let ok = true;
for (const store of stores) {
  const fleet = await startFleetServer(store);
  try {
    const ids = await createDevices(fleet.server.url, fleet.token, DEVICES);
    const calls = consoleCalls(ids);
    const idle = await restProbe(fleet.server, fleet.token, calls, DURATION_S);
    console.log(`${store}, idle: REST ${describe(idle, DURATION_S)}`);

    const clients = await connectDevices(DEVICES, () => fleet.server.mqttPort);
    try {
      const cpuBefore = cpuSeconds(fleet.server.pid);
      const wallBefore = performance.now();
      const ingest = steadyLoad({
        rate: RATE,
        devices: DEVICES,
        warmupS: WARMUP_S,
        durationS: DURATION_S,
        send: (d) => clients[d].publish('v1/devices/me/telemetry', payload(), 1),
      });
      await new Promise((resolve) => setTimeout(resolve, WARMUP_S * 1000));
      const busy = await restProbe(fleet.server, fleet.token, calls, DURATION_S);
      const acks = await ingest;
      const cores = (cpuSeconds(fleet.server.pid) - cpuBefore) / ((performance.now() - wallBefore) / 1000);
      const p99 = percentile(busy.latencies, 99);
      const met = p99 < BUDGET_P99 && busy.failed === 0;
      ok = ok && met;
      const verdict = `; budget p99 < ${BUDGET_P99} ms: ${met ? 'met' : 'NOT met'}`;
      console.log(`${store}, during ingest: REST ${describe(busy, DURATION_S, verdict)}`);
      console.log(
        `${store}, the ingest meanwhile: ${acks.latencies.length} acknowledged (${Math.round(acks.latencies.length / DURATION_S)}/s), ${acks.failed} failed, ` +
          `PUBACK p50 ${percentile(acks.latencies, 50).toFixed(1)} ms, p99 ${percentile(acks.latencies, 99).toFixed(1)} ms; Meridian CPU ${cores.toFixed(2)} cores`,
      );
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  } finally {
    await fleet.stop();
  }
}
if (!ok) process.exitCode = 1;
