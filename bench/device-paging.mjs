// Device list paging on a large tenant (PostgreSQL store). Budget: a page of 50 from
// GET /api/tenant/devices and GET /api/tenant/deviceInfos, sorted by name or createdTime, with and
// without textSearch, p99 < 30 ms at the HTTP client on loopback, server warmed up.
//
// Creates a fresh database on the local PostgreSQL server, starts the built server on it, loads
// BENCH_DEVICES devices (default 1,000,000) for the demo tenant with SQL, runs every variant
// sequentially and drops the database. Run after `npm run build`.
//
// Environment: BENCH_PG (admin URL, default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_DEVICES, BENCH_REQUESTS (measured requests per variant, default 200), BENCH_WARMUP
// (default 20), BENCH_VARIANT_TIMEOUT_S (a variant stops measuring after this, default 60),
// BENCH_KEEP_DB=1 (keep the database and stop before measuring, for EXPLAIN ANALYZE by hand).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEntry, startServer } from '../scripts/run-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The PostgreSQL driver of the server package (the bench package has no driver of its own).
const pg = createRequire(path.join(root, 'packages/server/package.json'))('pg');

const int = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  return value;
};
const adminUrl = new URL(process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres');
if (!['127.0.0.1', 'localhost', '[::1]'].includes(adminUrl.hostname)) {
  throw new Error('BENCH_PG must point to a PostgreSQL server on this machine');
}
const DEVICES = int('BENCH_DEVICES', 1_000_000);
const REQUESTS = int('BENCH_REQUESTS', 200);
const WARMUP = int('BENCH_WARMUP', 20);
const VARIANT_TIMEOUT_MS = int('BENCH_VARIANT_TIMEOUT_S', 60) * 1000;
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const BUDGET_MS = 30;
const PAGE_SIZE = 50;
const DEEP_PAGE = 100;
/** The searched substrings; every search is the case-insensitive "contains" of the lists. */
const SEARCHES = {
  // In 2 of 5 names, all behind the 200,000 "Gateway …" names in name order.
  common: 'SENSOR',
  // In 1 of 9 names (numbers starting with 1), spread evenly over the name order.
  spread: '-1',
  // In 11 of 1,000,000 names (devices 12345 and 123450..123459).
  rare: '-12345',
};
const KINDS = ['Temperature sensor', 'Humidity sensor', 'Gateway', 'Smart meter', 'Tracker'];
/** The name loadDevices gives device i (1-based), computed the same way. */
const deviceName = (i) =>
  `${KINDS[i % 5]} ${crypto.createHash('md5').update(String(i)).digest('hex').slice(0, 8)}-${i}`;

if (!fs.existsSync(serverEntry)) {
  console.error(`${serverEntry} is missing: run \`npm run build\` first`);
  process.exit(2);
}

// Above this many matches a search reports an estimated totalElements (docs/decisions/0006-*).
const { EXACT_SEARCH_COUNT_LIMIT } = await import('../packages/server/dist/modules/devices/repo.js');

const dbName = `meridian_bench_${process.pid}`;
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;

const secs = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const admin = new pg.Client({ connectionString: adminUrl.href });
await admin.connect();
await admin.query(`create database ${dbName}`);
console.log(`database ${dbName} created`);

let server;
let stopping = false;
const cleanup = async () => {
  if (stopping) return;
  stopping = true;
  await server?.stop();
  if (!KEEP_DB) {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    console.log(`database ${dbName} dropped`);
  } else {
    console.log(`database kept: ${dbUrl.href}`);
  }
  await admin.end();
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanup().finally(() => process.exit(130));
  });
}

/** Loads `count` devices with credentials for the tenant in one transaction, straight in SQL. */
async function loadDevices(client, tenantId, count) {
  const { rows: profiles } = await client.query(
    'select id, name from device_profile where tenant_id = $1 and is_default',
    [tenantId],
  );
  const { rows: customers } = await client.query(
    'select id from customer where tenant_id = $1 order by title limit 2',
    [tenantId],
  );
  if (profiles.length !== 1 || customers.length !== 2) throw new Error('demo data not found');
  const started = performance.now();
  await client.query('begin');
  // Names mix five kinds ("sensor" in two of them: 40% of rows) with a hash and the row number, so
  // name order is unrelated to creation order. Every 10th device belongs to customer A, every
  // 10th + 1 to customer B. Creation times are a minute apart, counting back from now.
  await client.query(
    `insert into device (id, created_time, tenant_id, customer_id, device_profile_id, name, type,
                         label, device_data, additional_info)
     select gen_random_uuid(),
            $2::bigint - i::bigint * 60000,
            $1::uuid,
            case i % 10 when 0 then $5::uuid when 1 then $6::uuid end,
            $3::uuid,
            ($8::text[])[1 + i % 5] || ' ' || substr(md5(i::text), 1, 8) || '-' || i,
            $4,
            'Floor ' || (i % 40),
            '{"configuration":{"type":"DEFAULT"},"transportConfiguration":{"type":"DEFAULT"}}'::jsonb,
            '{"gateway":false,"description":""}'::jsonb
     from generate_series(1, $7::int) as i`,
    [tenantId, Date.now(), profiles[0].id, profiles[0].name, customers[0].id, customers[1].id, count, KINDS],
  );
  console.log(`  ${count} devices inserted (${secs(started)})`);
  await client.query(
    `insert into device_credentials (id, created_time, device_id, credentials_type, credentials_id)
     select gen_random_uuid(), d.created_time, d.id, 'ACCESS_TOKEN', 'bench-' || md5(d.id::text)
     from device d
     where d.tenant_id = $1 and not exists (select 1 from device_credentials c where c.device_id = d.id)`,
    [tenantId],
  );
  await client.query('commit');
  console.log(`  credentials inserted (${secs(started)})`);
  await client.query('vacuum analyze device');
  await client.query('vacuum analyze device_credentials');
  await client.query('analyze');
  console.log(`  vacuum analyze done (${secs(started)})`);
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** Warm-up, then up to REQUESTS sequential requests (fewer if the variant's time runs out). */
async function measure(url, token) {
  const get = async () => {
    const res = await fetch(url, { headers: { 'x-authorization': `Bearer ${token}` } });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  let body;
  for (let i = 0; i < WARMUP; i++) body = await get();
  const times = [];
  const deadline = performance.now() + VARIANT_TIMEOUT_MS;
  while (times.length < REQUESTS && performance.now() < deadline) {
    const t0 = performance.now();
    body = await get();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { body, times };
}

const variants = [];
for (const endpoint of ['devices', 'deviceInfos']) {
  const v = (sortProperty, sortOrder, page, search) =>
    variants.push({
      endpoint,
      label: `${search ? `search ${search} '${SEARCHES[search]}', ` : ''}${sortProperty} ${sortOrder}, page ${page}`,
      params: { sortProperty, sortOrder, page, ...(search ? { textSearch: SEARCHES[search] } : {}) },
    });
  v('name', 'ASC', 0);
  v('name', 'DESC', 0);
  v('name', 'ASC', DEEP_PAGE);
  v('createdTime', 'DESC', 0);
  v('createdTime', 'DESC', DEEP_PAGE);
  v('createdTime', 'DESC', 0, 'common');
  v('createdTime', 'DESC', DEEP_PAGE, 'common');
  v('name', 'ASC', 0, 'common');
  v('name', 'ASC', DEEP_PAGE, 'common');
  v('name', 'ASC', 0, 'spread');
  v('name', 'ASC', DEEP_PAGE, 'spread');
  v('name', 'ASC', 0, 'rare');
  v('createdTime', 'DESC', 0, 'rare');
}

/**
 * totalElements a list must report: the tenant's matching devices before the load (`base`, counted
 * in SQL) plus the loaded devices whose generated name matches.
 */
const expectedTotals = (base) => {
  const totals = { all: base.all + DEVICES };
  for (const [key, text] of Object.entries(SEARCHES)) {
    const needle = text.toLowerCase();
    let loaded = 0;
    for (let i = 1; i <= DEVICES; i++) if (deviceName(i).toLowerCase().includes(needle)) loaded++;
    totals[text] = base[key] + loaded;
  }
  return totals;
};

let failed = false;
try {
  // LOG_LEVEL info, as in production: the server logs every request.
  server = await startServer({ env: { DATABASE_URL: dbUrl.href } });
  console.log(`server ready on ${server.url} (${server.readyMs.toFixed(0)} ms)`);
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'tenant@meridian.local', password: 'tenant' }),
  });
  const { token } = await login.json();
  const me = await (
    await fetch(`${server.url}/api/auth/user`, { headers: { 'x-authorization': `Bearer ${token}` } })
  ).json();
  const tenantId = me.tenantId.id;

  console.log(`loading ${DEVICES} devices for tenant ${tenantId}`);
  const client = new pg.Client({ connectionString: dbUrl.href });
  await client.connect();
  let totals;
  try {
    const { rows } = await client.query(
      `select count(*)::int as all,
              count(*) filter (where name ilike '%' || $2 || '%')::int as common,
              count(*) filter (where name ilike '%' || $3 || '%')::int as spread,
              count(*) filter (where name ilike '%' || $4 || '%')::int as rare
       from device where tenant_id = $1`,
      [tenantId, SEARCHES.common, SEARCHES.spread, SEARCHES.rare],
    );
    totals = expectedTotals(rows[0]);
    await loadDevices(client, tenantId, DEVICES);
  } finally {
    await client.end();
  }
  if (KEEP_DB) {
    console.log('BENCH_KEEP_DB=1: data loaded, not measuring');
  } else {
    console.log(
      `\n${REQUESTS} sequential requests per variant after ${WARMUP} warm-up, pageSize ${PAGE_SIZE}; times in ms`,
    );
    // Other processes on the machine show in the tail latencies: print the load around the run.
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
    console.log(`load average before measuring: ${load()} (${os.cpus().length} CPUs)`);
    const header = ['endpoint', 'variant', 'n', 'totalElements', 'p50', 'p95', 'p99', 'max', 'budget'];
    console.log(header.join(' | '));
    for (const { endpoint, label, params } of variants) {
      const query = new URLSearchParams({
        pageSize: String(PAGE_SIZE),
        ...params,
        page: String(params.page),
      });
      const url = `${server.url}/api/tenant/${endpoint}?${query}`;
      const { body: first, times } = await measure(url, token);
      const expected = totals[params.textSearch ?? 'all'];
      if (first.data.length !== Math.min(PAGE_SIZE, Math.max(0, expected - params.page * PAGE_SIZE))) {
        throw new Error(`${endpoint} ${label}: page holds ${first.data.length} rows`);
      }
      // Exact, except for a search with more matches than the limit: an estimate above it.
      const estimated = params.textSearch !== undefined && expected > EXACT_SEARCH_COUNT_LIMIT;
      if (estimated ? first.totalElements <= EXACT_SEARCH_COUNT_LIMIT : first.totalElements !== expected) {
        throw new Error(`${endpoint} ${label}: totalElements ${first.totalElements}, expected ${expected}`);
      }
      const p99 = percentile(times, 0.99);
      const met = p99 < BUDGET_MS && times.length === REQUESTS;
      if (!met) failed = true;
      const f = (ms) => ms.toFixed(1);
      console.log(
        [
          `/api/tenant/${endpoint}`,
          label,
          times.length,
          estimated ? `≈${first.totalElements} (exact ${expected})` : first.totalElements,
          f(percentile(times, 0.5)),
          f(percentile(times, 0.95)),
          f(p99),
          f(times.at(-1)),
          met ? 'met' : 'NOT MET',
        ].join(' | '),
      );
    }
    console.log(`load average after measuring: ${load()}`);
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await cleanup();
}
if (failed) process.exitCode = 1;
