import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
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

  it('rejects with the store’s own error, instead of hanging, when the data cannot be opened', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meridian-store-'));
    dirs.push(dataDir);
    // A data directory of a PostgreSQL major version PGlite does not run.
    await fs.mkdir(path.join(dataDir, 'db'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'db', 'PG_VERSION'), '9\n');
    await expect(openStore({ databaseUrl: undefined, dataDir })).rejects.toBeDefined();
  }, 60_000);
});
