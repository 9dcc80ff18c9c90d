// The rule engine's own cost per message: device telemetry messages (3 data points, as
// mqtt-ingest.mjs sends) pushed through the reference root chain in process, with storage and
// alarm rules answered at once, so that only the engine and its nodes spend CPU. Reports CPU
// microseconds per message and messages/s of one core. Run after `npm run build`:
//   node bench/rule-engine-core.mjs        (MESSAGES=200000, IN_FLIGHT=8000, DEVICES=1000)
import { performance } from 'node:perf_hooks';
import { RuleEngine } from '../packages/server/dist/rule-engine/engine.js';
import { builtInNodes } from '../packages/server/dist/rule-engine/registry.js';
import { REFERENCE_ROOT_CHAIN } from '../packages/server/dist/rule-engine/testing/reference-root-chain.js';
import {
  chainFromExport,
  StaticChainSource,
} from '../packages/server/dist/rule-engine/testing/static-chains.js';
import { parseLossless } from '../packages/server/dist/telemetry/json-lossless.js';
import { telemetryEntries } from '../packages/server/dist/telemetry/values.js';
import { telemetryMessages } from '../packages/server/dist/transport/core/device-messages.js';
import { machine } from './lib/fleet.mjs';

const MESSAGES = Number(process.env.MESSAGES ?? 200_000);
const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 8000);
const DEVICES = Number(process.env.DEVICES ?? 1000);
const tenantId = '11111111-1111-1111-1111-111111111111';

const chains = new StaticChainSource();
chains.add(chainFromExport(tenantId, REFERENCE_ROOT_CHAIN), true);
let saved = 0;
const quiet = { info() {}, warn() {}, error() {}, debug() {} };
const engine = new RuleEngine({
  registry: builtInNodes(),
  chains,
  services: {
    writes: {
      saveTimeseries: async (_t, _e, entries) => {
        saved += entries.length;
      },
      saveAttributes: async () => {},
    },
    alarmRules: { evaluate: async () => [], hasNoRules: () => true },
    log: quiet,
    now: Date.now,
    serviceId: 'bench',
  },
  executionLimit: async () => 0,
  log: quiet,
});

const devices = Array.from({ length: DEVICES }, (_, i) => ({
  deviceId: `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`,
  tenantId,
  customerId: null,
  deviceName: `bench-${i}`,
  deviceType: 'default',
  ruleChainId: null,
  queueName: null,
}));

let sent = 0;
function nextMessage() {
  const seq = sent++;
  const device = devices[seq % DEVICES];
  const text = `{"ts":${1_700_000_000_000 + seq},"values":{"temperature":${(20 + (seq % 100) / 10).toFixed(1)},"humidity":${seq % 100},"active":${seq % 2 === 0}}}`;
  const payload = parseLossless(text);
  const groups = telemetryEntries(payload, Date.now());
  return telemetryMessages(device, payload, groups)[0];
}

async function run(count) {
  let done = 0;
  const lane = async () => {
    while (done < count) {
      done++;
      await engine.push(tenantId, nextMessage());
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
}

await run(20_000); // warm-up
const cpu = process.cpuUsage();
const start = performance.now();
await run(MESSAGES);
const wallMs = performance.now() - start;
const used = process.cpuUsage(cpu);
const cpuUs = used.user + used.system;
console.log(machine());
console.log(
  `${MESSAGES} messages through the reference root chain: ${(cpuUs / MESSAGES).toFixed(1)} µs CPU per message ` +
    `(${Math.round(MESSAGES / (cpuUs / 1e6))} msg/s per core), wall ${Math.round(MESSAGES / (wallMs / 1000))} msg/s; ` +
    `${saved} points saved`,
);
await engine.close();
