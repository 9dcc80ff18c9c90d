import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { PgliteThreadClient } from './pglite-thread-client.js';
import { openStore } from './store.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

describe('the embedded store in its own thread', () => {
  it('answers rows with their types and errors with their SQLSTATE fields', async () => {
    const store = await openStore({ databaseUrl: 'memory://', dataDir: os.tmpdir() });
    try {
      const { rows } = await sql<{
        n: number;
        at: Date;
        doc: unknown;
      }>`select 5::int8 as n, timestamptz '2026-01-02T03:04:05Z' as at, '{"a":[1]}'::jsonb as doc`.execute(
        store.db,
      );
      expect(rows).toEqual([{ n: 5, at: new Date('2026-01-02T03:04:05Z'), doc: { a: [1] } }]);
      await sql`create table t (id int primary key)`.execute(store.db);
      await sql`insert into t values (1)`.execute(store.db);
      const failure = await sql`insert into t values (1)`.execute(store.db).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(failure).toMatchObject({ code: '23505', severity: 'ERROR', constraint: 't_pkey' });
    } finally {
      await store.close();
    }
  });

  it('runs an interactive statement ahead of background ones waiting, but never inside their transaction', async () => {
    const thread = await PgliteThreadClient.start({ dataPath: undefined, wasmModule: undefined });
    try {
      const answered: string[] = [];
      const send = (name: string, text: string, lane: 'interactive' | 'background') =>
        thread.query('exec', text, [], lane).then((result) => {
          answered.push(name);
          return result;
        });
      // Each of these takes a while, so the interactive one arrives while the first still runs.
      const slow = 'select count(*) from generate_series(1, 300000)';
      await Promise.all([
        send('batch 1', slow, 'background'),
        send('batch 2', slow, 'background'),
        send('batch 3', slow, 'background'),
        send('rest', 'select 1', 'interactive'),
      ]);
      expect(answered.indexOf('rest')).toBeLessThan(answered.indexOf('batch 2'));

      await send('create', 'create table t (id int)', 'interactive');
      await send('begin', 'begin', 'background');
      await send('insert', 'insert into t values (1)', 'background');
      // Sent together: the count must not run inside the transaction, which would see its row.
      const [count] = await Promise.all([
        send('count', 'select count(*)::int as n from t', 'interactive'),
        send('rollback', 'rollback', 'background'),
      ]);
      expect(count.rows).toEqual([{ n: 0 }]);
    } finally {
      await thread.close();
    }
  });

  it('rejects with the store’s own error, instead of hanging, when the data cannot be opened', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meridian-store-'));
    dirs.push(dataDir);
    // A data directory of a PostgreSQL major version PGlite does not run.
    await fs.mkdir(path.join(dataDir, 'db'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'db', 'PG_VERSION'), '9\n');
    await expect(openStore({ databaseUrl: undefined, dataDir })).rejects.toBeDefined();
  }, 60_000);
});
