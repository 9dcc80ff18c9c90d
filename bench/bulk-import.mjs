// Device bulk import: 10,000 devices from one CSV, on the embedded store and on PostgreSQL.
// Budget (issue): importing 10,000 devices by CSV under 10 s. Run after `npm run build`.
//
// For each store: a fresh store (a temporary data directory; a new database on the local
// PostgreSQL server, postgres://postgres@127.0.0.1:5432, dropped at the end), the built server
// started on it, one warm-up import of 100 devices, then timed imports as the demo tenant
// administrator (client-side wall time of the one HTTP request):
//   create      10,000 new devices: name, type, label, access token
//   unchanged   the same file again with update=true (every row matched, nothing to write)
//   update      the same devices with another label (10,000 updates)
//   with kv     10,000 new devices that also carry a shared attribute, a server attribute and a
//               time-series value each (written in the same chunk transaction as the devices)
// Only "create" is held to the budget. Exit code 1 when it is missed or a result is wrong.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer } from '../scripts/run-server.mjs';

const ROWS = Number(process.env.BULK_ROWS ?? 10000);
const BUDGET_MS = 10000;
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const csv = (header, count, line) => [header, ...Array.from({ length: count }, (_, i) => line(i))].join('\n');

function mapping(columns, update) {
  return {
    columns: columns.map((c) => (Array.isArray(c) ? { type: c[0], key: c[1] } : { type: c })),
    delimiter: ',',
    header: true,
    update,
  };
}

async function post(url, token, kind, file, map) {
  const started = performance.now();
  const res = await fetch(`${url}/api/${kind}/bulk_import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-authorization': `Bearer ${token}` },
    body: JSON.stringify({ file, mapping: map }),
  });
  const body = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`bulk import answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms, body };
}

async function login(url) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'tenant@meridian.local', password: 'tenant' }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return (await res.json()).token;
}

function expectCounts(name, body, created, updated) {
  const ok = body.created === created && body.updated === updated && body.errors === 0;
  if (!ok) console.error(`  ${name}: unexpected result ${JSON.stringify(body).slice(0, 300)}`);
  return ok;
}

async function runOn(store) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-bulk-'));
  let dropDatabase = async () => {};
  const env = {};
  if (store === 'postgres') {
    const name = `meridian_bench_bulk_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const server = await startServer({ dataDir, env, timeoutMs: 60000 });
  const results = [];
  let ok = true;
  try {
    const token = await login(server.url);
    const plain = ['NAME', 'TYPE', 'LABEL', 'ACCESS_TOKEN'];
    const warm = await post(
      server.url,
      token,
      'device',
      csv('name,type,label,token', 100, (i) => `warm-${i},bench,w,warm-token-${i}`),
      mapping(plain, false),
    );
    ok = expectCounts('warm-up', warm.body, 100, 0) && ok;

    const file = (label) =>
      csv('name,type,label,token', ROWS, (i) => `dev-${i},bench sensor,${label},bench-token-${i}`);
    const create = await post(server.url, token, 'device', file('first'), mapping(plain, false));
    ok = expectCounts('create', create.body, ROWS, 0) && ok;
    results.push({ name: 'create', ms: create.ms });

    const same = await post(server.url, token, 'device', file('first'), mapping(plain, true));
    ok = expectCounts('unchanged', same.body, 0, ROWS) && ok;
    results.push({ name: 'unchanged', ms: same.ms });

    const update = await post(server.url, token, 'device', file('second'), mapping(plain, true));
    ok = expectCounts('update', update.body, 0, ROWS) && ok;
    results.push({ name: 'update', ms: update.ms });

    const kvFile = csv(
      'name,type,token,mode,floor,temperature',
      ROWS,
      (i) => `kv-${i},bench kv,kv-token-${i},eco,${i % 9},${(20 + (i % 50) / 10).toFixed(1)}`,
    );
    const kv = await post(
      server.url,
      token,
      'device',
      kvFile,
      mapping(
        [
          'NAME',
          'TYPE',
          'ACCESS_TOKEN',
          ['SHARED_ATTRIBUTE', 'mode'],
          ['SERVER_ATTRIBUTE', 'floor'],
          ['TIMESERIES', 'temperature'],
        ],
        false,
      ),
    );
    ok = expectCounts('with kv', kv.body, ROWS, 0) && ok;
    results.push({ name: 'with kv', ms: kv.ms });
  } finally {
    await server.stop();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { results, ok };
}

console.log(
  `machine: ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node.js ${process.version}`,
);
let failed = false;
for (const store of ['embedded', 'postgres']) {
  const { results, ok } = await runOn(store);
  failed ||= !ok;
  for (const { name, ms } of results) {
    const budget =
      name === 'create' ? ` (budget ${BUDGET_MS} ms: ${ms < BUDGET_MS ? 'met' : 'NOT MET'})` : '';
    if (name === 'create' && ms >= BUDGET_MS) failed = true;
    console.log(
      `${store.padEnd(9)} ${name.padEnd(10)} ${ROWS} rows: ${ms.toFixed(0).padStart(6)} ms, ${((ROWS / ms) * 1000).toFixed(0)} rows/s${budget}`,
    );
  }
}
if (failed) process.exitCode = 1;
