import { CompiledQuery, sql } from 'kysely';
import { expect, it } from 'vitest';
import { keptPrepared, preparedName } from '../src/db/postgres-prepared.js';
import { storePerFile } from './helper.js';

const opened = storePerFile();

const MARKED = keptPrepared('select cast($1 as integer) + 1 as next /* postgres-prepared.test */');
const UNMARKED = 'select cast($1 as integer) + 2 as next /* postgres-prepared.test */';

it('runs a marked statement with its values, as often as asked, on either store', async () => {
  const { db } = opened.current();
  for (const value of [1, 41, -5]) {
    const result = await db.executeQuery<{ next: number }>(CompiledQuery.raw(MARKED, [value]));
    expect(result.rows).toEqual([{ next: value + 1 }]);
  }
});

it('keeps a marked statement prepared on the PostgreSQL connection, and no other', async () => {
  const store = opened.current();
  if (store.kind !== 'postgres') return; // the embedded store prepares every statement (decision 0043)
  const kept = await store.db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw(MARKED, [1]));
    await trx.executeQuery(CompiledQuery.raw(MARKED, [2]));
    await trx.executeQuery(CompiledQuery.raw(UNMARKED, [3]));
    // The transaction holds one connection: its prepared statements are the ones run above.
    const rows = await sql<{ name: string; statement: string }>`
      select name, statement from pg_prepared_statements`.execute(trx);
    return rows.rows;
  });
  expect(kept).toEqual([{ name: preparedName(MARKED), statement: MARKED }]);
});
