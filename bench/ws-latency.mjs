// Publish-to-browser latency: 100 devices publish 10 messages/s each over MQTT (1,000 messages/s in
// all, QoS 1); a WebSocket client subscribed to the latest telemetry of all of them (one entity data
// command, as the console's dashboards do) timestamps each update. Latency = update received minus
// the send time carried in the message. The server merges the changes of one moment into one
// update message, so a device's value may replace an earlier one not yet sent: latency is measured
// on the values that arrive, and at the end every device's last value must have arrived. Budget (issue 4): p99 < 50 ms on loopback. The client is a
// Node WebSocket in the same process as the publishers (one clock), not a browser.
//   node bench/ws-latency.mjs [embedded|postgres]
// Env: DEVICES (100), RATE (1000 messages/s), DURATION_S (20).
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { createDevices, machine, percentile, startFleetServer } from './lib/fleet.mjs';
import { connect } from './lib/mqtt-lite.mjs';

const DEVICES = Number(process.env.DEVICES ?? 100);
const RATE = Number(process.env.RATE ?? 1000);
const DURATION_S = Number(process.env.DURATION_S ?? 20);
const store = process.argv[2] ?? 'embedded';
const now = () => performance.timeOrigin + performance.now();

console.log(`machine: ${machine()}`);
const fleet = await startFleetServer(store);
const { server, token } = fleet;
try {
  const ids = await createDevices(server.url, token, DEVICES, 'lat');
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws/plugins/telemetry?token=${token}`);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const latencies = [];
  const lastReceived = new Map();
  let measuring = false;
  let initial;
  const initialReceived = new Promise((resolve) => {
    initial = resolve;
  });
  ws.on('message', (raw) => {
    const received = now();
    const update = JSON.parse(raw.toString());
    if (update.data) initial(update);
    for (const entity of update.update ?? []) {
      const sent = Number(entity.latest?.TIME_SERIES?.sentAt?.value);
      if (!Number.isFinite(sent)) continue;
      lastReceived.set(entity.entityId.id, sent);
      if (measuring) latencies.push(received - sent);
    }
  });
  ws.send(
    JSON.stringify({
      entityDataCmds: [
        {
          cmdId: 1,
          query: {
            entityFilter: { type: 'deviceType', deviceType: 'bench', deviceNameFilter: 'lat-' },
            pageLink: { pageSize: DEVICES, page: 0 },
            entityFields: [{ type: 'ENTITY_FIELD', key: 'name' }],
            latestValues: [{ type: 'TIME_SERIES', key: 'sentAt' }],
          },
          latestCmd: { keys: [{ type: 'TIME_SERIES', key: 'sentAt' }] },
        },
      ],
    }),
  );
  const first = await initialReceived;
  if (first.data.data.length !== DEVICES) throw new Error(`subscribed to ${first.data.data.length} devices`);
  const clients = await Promise.all(
    Array.from({ length: DEVICES }, (_, i) => connect({ port: server.mqttPort, username: `lat-${i}` })),
  );
  const perDeviceInterval = (1000 * DEVICES) / RATE;
  let running = true;
  let sent = 0;
  const lastSent = new Array(DEVICES).fill(0);
  const loops = clients.map(async (client, i) => {
    await sleep((perDeviceInterval * i) / DEVICES);
    while (running) {
      const next = now() + perDeviceInterval;
      const at = now();
      lastSent[i] = at;
      client.publish('v1/devices/me/telemetry', `{"sentAt":${at}}`, 1).catch(() => {});
      sent++;
      await sleep(Math.max(0, next - now()));
    }
  });
  await sleep(3000);
  measuring = true;
  const sentBefore = sent;
  await sleep(DURATION_S * 1000);
  measuring = false;
  const sentDuring = sent - sentBefore;
  running = false;
  await Promise.all(loops);
  await sleep(2000);
  let missing = 0;
  for (let i = 0; i < DEVICES; i++) {
    if (lastReceived.get(ids.get(i)) !== lastSent[i]) missing++;
  }
  latencies.sort((a, b) => a - b);
  const p = (q) => percentile(latencies, q).toFixed(1);
  console.log(
    `${store}: ${sentDuring} messages sent in ${DURATION_S} s (${Math.round(sentDuring / DURATION_S)}/s), ${latencies.length} values received (${missing} devices without their last value); ` +
      `latency p50 ${p(50)} ms, p95 ${p(95)} ms, p99 ${p(99)} ms, max ${latencies.at(-1)?.toFixed(1)} ms (budget p99 < 50 ms)`,
  );
  if (!(percentile(latencies, 99) < 50) || missing > 0) process.exitCode = 1;
  ws.close();
  await Promise.all(clients.map((c) => c.end()));
} finally {
  await fleet.stop();
}
