// The QoS 1 telemetry load of the ingest benchmarks (mqtt-ingest.mjs, cluster.mjs): devices
// `bench-<i>` connected with the lean client, each keeping `inFlight` publishes of 3 data points in
// flight, every message stamped with its own time so that stored points can be counted afterwards.
import { api } from './fleet.mjs';
import { connect } from './mqtt-lite.mjs';

/** The 3 data points of a device's `seq`-th message, as JSON (a DOUBLE, a LONG and a BOOLEAN). */
export const pointsJson = (seq) =>
  `{"temperature":${(20 + (seq % 100) / 10).toFixed(1)},"humidity":${seq % 100},"active":${seq % 2 === 0}}`;

/** Connects `count` devices, 100 at a time; `portOf(i)` is the MQTT port device i talks to. */
export async function connectDevices(count, portOf) {
  const clients = [];
  for (let i = 0; i < count; i += 100) {
    const batch = [];
    for (let k = i; k < Math.min(count, i + 100); k++) {
      batch.push(connect({ port: portOf(k), username: `bench-${k}`, clientId: `bench-${k}` }));
    }
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

/** Starts publishing on every client; `stop()` resolves once the publishes in flight were acknowledged. */
export function startPublishing(clients, inFlight) {
  const baseTs = Date.now() - 86_400_000;
  const acked = new Array(clients.length).fill(0);
  const load = { baseTs, acked, total: 0, stop: async () => {} };
  let running = true;
  const loops = clients.map(async (client, device) => {
    let seq = 0;
    const lane = async () => {
      while (running) {
        const ts = baseTs + seq++;
        const payload = `{"ts":${ts},"values":${pointsJson(seq)}}`;
        await client.publish('v1/devices/me/telemetry', payload, 1);
        acked[device]++;
        load.total++;
      }
    };
    await Promise.all(Array.from({ length: inFlight }, lane));
  });
  load.stop = async () => {
    running = false;
    await Promise.all(loops);
  };
  return load;
}

/**
 * Every acknowledged point of a sample of 20 devices is stored: the COUNT of each key over all
 * time equals the device's acknowledged messages. `ids` maps a device index to its id.
 */
export async function missingPoints(url, token, ids, load) {
  let verified = 0;
  let lost = 0;
  const { acked, baseTs } = load;
  for (let i = 0; i < acked.length; i += Math.max(1, Math.floor(acked.length / 20))) {
    const end = baseTs + 10_000_000;
    const data = await api(
      url,
      token,
      'GET',
      `/api/plugins/telemetry/DEVICE/${ids.get(i)}/values/timeseries?keys=temperature,humidity,active&startTs=${baseTs}&endTs=${end}&interval=${end - baseTs}&agg=COUNT`,
    );
    for (const key of ['temperature', 'humidity', 'active']) {
      const stored = Number(data[key]?.[0]?.value ?? 0);
      if (stored < acked[i]) lost += acked[i] - stored;
    }
    verified++;
  }
  return { verified, lost };
}
