// Idle MQTT connections: 10,000 devices connect (access token, keep-alive 120 s) and stay idle; the
// server's RSS before and after gives the memory per connection (issue 4), and so does its V8 heap
// in use after a full collection (read through the inspector), which separates the JavaScript
// objects of a connection from the rest of the process. Run after `npm run build`:
//   node bench/mqtt-idle.mjs [embedded|postgres]
// Env: CONNECTIONS (10000), SETTLE_S (10).
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../scripts/run-server.mjs';
import { createDevices, machine, rssMb, startFleetServer } from './lib/fleet.mjs';
import { heapUsedAfterGc } from './lib/inspector.mjs';
import { connect } from './lib/mqtt-lite.mjs';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10000);
const SETTLE_S = Number(process.env.SETTLE_S ?? 10);
const store = process.argv[2] ?? 'postgres';

console.log(`machine: ${machine()}`);
const inspectPort = await freePort();
process.env.SERVER_NODE_FLAGS = `${process.env.SERVER_NODE_FLAGS ?? ''} --inspect=127.0.0.1:${inspectPort}`;
const fleet = await startFleetServer(store);
const { server, token } = fleet;
try {
  await createDevices(server.url, token, CONNECTIONS, 'idle');
  await sleep(SETTLE_S * 1000);
  const heapBefore = await heapUsedAfterGc(inspectPort);
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
  const heapAfter = await heapUsedAfterGc(inspectPort);
  const after = rssMb(server.pid);
  const open = clients.filter((c) => !c.socket.destroyed).length;
  console.log(
    `${store}: ${open} of ${CONNECTIONS} connections open after ${SETTLE_S} s idle (connected in ${connectSeconds.toFixed(1)} s); ` +
      `RSS ${Math.round(before)} MB before, ${Math.round(after)} MB after: ${(((after - before) * 1024) / CONNECTIONS).toFixed(1)} KB per connection; ` +
      `V8 heap in use after a full collection ${heapBefore.toFixed(1)} MB before, ${heapAfter.toFixed(1)} MB after: ${(((heapAfter - heapBefore) * 1024) / CONNECTIONS).toFixed(1)} KB per connection`,
  );
  if (open !== CONNECTIONS) process.exitCode = 1;
  await Promise.all(clients.map((c) => c.end()));
} finally {
  await fleet.stop();
}
