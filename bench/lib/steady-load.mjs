// A steady request rate (ack-latency.mjs, rest-during-ingest.mjs): `send(device)` is called `rate`
// times a second, spread over 5 ms ticks and round-robin over `devices`, for `warmupS` then
// `durationS` seconds; the latency of each call in the measured part is recorded. Sends that fail
// are counted, not timed.
import { setTimeout as sleep } from 'node:timers/promises';

export async function steadyLoad({ rate, devices, warmupS, durationS, send }) {
  const latencies = [];
  let failed = 0;
  const errors = new Map();
  let measuring = false;
  let sent = 0;
  let device = 0;
  const started = performance.now();
  const stopAt = started + (warmupS + durationS) * 1000;
  const inFlight = new Set();
  while (performance.now() < stopAt) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    if (!measuring && performance.now() - started >= warmupS * 1000) measuring = true;
    for (; sent < due; sent++) {
      const timed = measuring;
      const t0 = performance.now();
      const call = send(device).then(
        () => {
          if (timed) latencies.push(performance.now() - t0);
        },
        (error) => {
          failed++;
          errors.set(String(error.message), (errors.get(String(error.message)) ?? 0) + 1);
        },
      );
      inFlight.add(call);
      call.finally(() => inFlight.delete(call));
      device = (device + 1) % devices;
    }
    await sleep(5);
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return { latencies, failed, errors };
}
