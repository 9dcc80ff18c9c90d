// PostgreSQL's own CPU per message for the ingest's write statement (issue 14): batches like the
// group commit's (one message of 3 data points from each of DEVICES devices, timestamps
// increasing) written through the server's TelemetryRepo into a fresh database by two writers,
// each with devices of its own, as the rule engine's partitions write. The CPU is read from /proc
// of the database's backends, so only PostgreSQL's work counts, not this process's. Run after
// `npm run build`:
//   node bench/ingest-statement.mjs        (BATCHES=300, DEVICES=1000; BENCH_PG_URL for the server)
import crypto from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { migrate, openStore } from '../packages/server/dist/db/store.js';
import { TelemetryRepo } from '../packages/server/dist/telemetry/repo.js';
import { cpuSeconds, createBenchDatabase, machine, withAdmin } from './lib/fleet.mjs';

const BATCHES = Number(process.env.BATCHES ?? 300);
const DEVICES = Number(process.env.DEVICES ?? 1000);
const WRITERS = 2;

const database = await createBenchDatabase();
// The data directory holds only the embedded store: unused on PostgreSQL.
const store = await openStore({ databaseUrl: database.url, dataDir: os.tmpdir() });
try {
  await migrate(store.db);
  const repo = new TelemetryRepo(store.db);
  const fleets = Array.from({ length: WRITERS }, () =>
    Array.from({ length: DEVICES }, () => crypto.randomUUID()),
  );
  let ts = Date.now() - 86_400_000;
  const batch = (writer = 0) => {
    ts++;
    return fleets[writer].map((entityId, i) => ({
      entityId,
      points: [
        { ts, key: 'temperature', value: { type: 'DOUBLE', value: 20 + (i % 100) / 10 } },
        { ts, key: 'humidity', value: { type: 'LONG', value: BigInt(i % 100) } },
        { ts, key: 'active', value: { type: 'BOOLEAN', value: i % 2 === 0 } },
      ],
    }));
  };
  // Warm-up: the dictionary's keys cached, the month's partition made, the plans settled.
  for (let i = 0; i < 20; i++)
    for (let w = 0; w < WRITERS; w++) (await repo.saveTimeseriesBatch(store.db, batch(w))).afterCommit();

  const backendsCpu = async () => {
    const { rows } = await withAdmin((c) =>
      c.query('select pid from pg_stat_activity where datname = $1', [database.name]),
    );
    return rows.reduce((sum, { pid }) => sum + cpuSeconds(pid), 0);
  };
  const before = await backendsCpu();
  const started = performance.now();
  let left = BATCHES;
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      while (left-- > 0) (await repo.saveTimeseriesBatch(store.db, batch(writer))).afterCommit();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = (await backendsCpu()) - before;
  const messages = BATCHES * DEVICES;
  console.log(machine());
  console.log(
    `${BATCHES} batches of ${DEVICES} messages (3 points each), ${WRITERS} writers: PostgreSQL CPU ` +
      `${((cpu / messages) * 1e6).toFixed(1)} µs a message, ${Math.round(messages / seconds)} messages/s`,
  );
} finally {
  await store.close();
  await database.drop();
}
