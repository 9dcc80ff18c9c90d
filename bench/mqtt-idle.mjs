// Idle MQTT connections: 10,000 devices connect (access token, keep-alive 120 s) and stay idle; the
// server's RSS before and after gives the memory per connection (issue 4). Run after `npm run build`:
//   node bench/mqtt-idle.mjs [embedded|postgres]
// Env: CONNECTIONS (10000), SETTLE_S (10).
import { setTimeout as sleep } from 'node:timers/promises';
import { createDevices, machine, rssMb, startFleetServer } from './lib/fleet.mjs';
import { connect } from './lib/mqtt-lite.mjs';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10000);
const SETTLE_S = Number(process.env.SETTLE_S ?? 10);
const store = process.argv[2] ?? 'postgres';

console.log(`machine: ${machine()}`);
const fleet = await startFleetServer(store);
const { server, token } = fleet;
try {
  await createDevices(server.url, token, CONNECTIONS, 'idle');
  await sleep(SETTLE_S * 1000);
  const before = rssMb(server.pid);
  const started = performance.now();
  const clients = [];
  for (let i = 0; i < CONNECTIONS; i += 200) {
    const batch = [];
    for (let k = i; k < Math.min(CONNECTIONS, i + 200); k++) {
      batch.push(
        connect({ port: server.mqttPort, username: `idle-${k}`, clientId: `idle-${k}`, keepalive: 120 }),
      );
    }
    clients.push(...(await Promise.all(batch)));
  }
  const connectSeconds = (performance.now() - started) / 1000;
  await sleep(SETTLE_S * 1000);
  const after = rssMb(server.pid);
  const open = clients.filter((c) => !c.socket.destroyed).length;
  console.log(
    `${store}: ${open} of ${CONNECTIONS} connections open after ${SETTLE_S} s idle (connected in ${connectSeconds.toFixed(1)} s); ` +
      `RSS ${Math.round(before)} MB before, ${Math.round(after)} MB after: ${(((after - before) * 1024) / CONNECTIONS).toFixed(1)} KB per connection`,
  );
  if (open !== CONNECTIONS) process.exitCode = 1;
  await Promise.all(clients.map((c) => c.end()));
} finally {
  await fleet.stop();
}
