// A steady request rate (ack-latency.mjs, rest-during-ingest.mjs): `send(device)` is called `rate`
// times a second, spread over 5 ms ticks and round-robin over `devices`, for `warmupS` then
// `durationS` seconds; the latency of each call in the measured part is recorded. Sends that fail
// are counted, not timed. The rate ramps up from zero over the first half of the warm-up: started
// at full rate, a server still opening hundreds of connections and compiling its hot code fell
// behind, and on a slow machine the queue it built was not drained by the end of the warm-up, so
// the first measured seconds timed that queue (p99 of 800 ms where the steady state was ~20 ms).
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
  const rampS = warmupS / 2;
  /** How many calls are due `t` seconds after the start: a linear ramp over `rampS`, then `rate`. */
  const sentBy = (t) => (t < rampS ? (rate * t * t) / (2 * rampS) : rate * (rampS / 2 + (t - rampS)));
  while (performance.now() < stopAt) {
    const due = Math.floor(sentBy((performance.now() - started) / 1000));
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
