// A benchmark fleet: the built server on a fresh store (embedded, or a new database on the local
// PostgreSQL server), the demo tenant administrator's token, and N devices created by one bulk
// import with the access tokens `bench-<i>`.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer } from '../../scripts/run-server.mjs';

export const ADMIN_PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function withAdmin(run) {
  const client = new pg.Client({ connectionString: ADMIN_PG_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the local PostgreSQL server: its name, its URL, and `drop()`. */
export async function createBenchDatabase() {
  const name = `meridian_bench_${randomBytes(4).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_PG_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

/**
 * @param {'embedded' | 'postgres'} store
 * @param {{ env?: Record<string, string> }} [options]
 */
export async function startFleetServer(store, options = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
  const env = { LOG_LEVEL: 'warn', ...options.env };
  let dropDatabase = async () => {};
  if (store === 'postgres') {
    const database = await createBenchDatabase();
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
  // The ready line is logged at info; run-server waits for it, so keep info for start-up.
  const server = await startServer({ dataDir, env: { ...env, LOG_LEVEL: 'info' }, timeoutMs: 60000 });
  const token = await login(server.url);
  return {
    server,
    token,
    async stop() {
      await server.stop();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(url, username = 'tenant@meridian.local', password = 'tenant') {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return (await res.json()).token;
}

export async function api(url, token, method, pathname, body) {
  const res = await fetch(`${url}${pathname}`, {
    method,
    headers: {
      'x-authorization': `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status >= 300)
    throw new Error(`${method} ${pathname} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** Creates `count` devices named `bench-<i>` with access tokens `bench-<i>`; returns their ids by index. */
export async function createDevices(url, token, count, prefix = 'bench') {
  for (let from = 0; from < count; from += 10000) {
    const rows = Array.from({ length: Math.min(10000, count - from) }, (_, k) => {
      const i = from + k;
      return `${prefix}-${i},bench,${prefix}-${i}`;
    });
    const body = await api(url, token, 'POST', '/api/device/bulk_import', {
      file: ['name,type,token', ...rows].join('\n'),
      mapping: {
        columns: [{ type: 'NAME' }, { type: 'TYPE' }, { type: 'ACCESS_TOKEN' }],
        delimiter: ',',
        header: true,
        update: false,
      },
    });
    if (body.created !== rows.length) throw new Error(`bulk import: ${JSON.stringify(body).slice(0, 300)}`);
  }
  const ids = new Map();
  for (let page = 0; ; page++) {
    const data = await api(
      url,
      token,
      'GET',
      `/api/tenant/devices?pageSize=1000&page=${page}&textSearch=${prefix}-`,
    );
    for (const device of data.data) {
      const index = Number(device.name.slice(prefix.length + 1));
      if (Number.isInteger(index)) ids.set(index, device.id.id);
    }
    if (!data.hasNext) break;
  }
  return ids;
}

/** CPU seconds (user + system) a process has used so far, from /proc. */
export function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}

export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function machine() {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node.js ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
}

/** Busy and total jiffies of the whole machine, from /proc/stat (busy = all but idle and iowait). */
export function machineJiffies() {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

/** Cores the whole machine kept busy between two machineJiffies() readings. */
export function busyCores(before, after) {
  const total = after.total - before.total;
  return total > 0 ? ((after.busy - before.busy) / total) * os.cpus().length : 0;
}
