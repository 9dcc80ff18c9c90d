import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteStatements } from './pglite-statements.js';

let db: PGlite;
/** A second instance with the same table, left to PGlite's own query(): the statements take over `db`'s wire. */
let plain: PGlite;
let statements: PgliteStatements;

beforeAll(async () => {
  const table = `create table item (
    id uuid primary key, n int8, qty int, price numeric, ratio double precision, ok boolean,
    at timestamptz, doc jsonb, tags text[], note text, raw bytea)`;
  [db, plain] = await Promise.all([PGlite.create(), PGlite.create()]);
  await Promise.all([db.exec(table), plain.exec(table)]);
  statements = new PgliteStatements(db, 4);
}, 60_000);

afterAll(async () => {
  // PGlite's own close still works over the wire the statements took.
  await Promise.all([db.close(), plain.close()]);
});

/** PGlite's own answer to the same statement, in the shape the store's thread replies with. */
async function reference(sql: string, params: unknown[]) {
  const result = await plain.query(sql, params);
  return { rows: result.rows, affectedRows: result.affectedRows };
}

/** Runs the same statement on both instances (they must hold the same rows). */
async function both(sql: string, params: unknown[]) {
  return { mine: statements.query(sql, params), theirs: await reference(sql, params) };
}

describe('statements kept prepared on PGlite', () => {
  it('answers what PGlite’s own query() answers, values of every kind in and out', async () => {
    const insert = `insert into item (id, n, qty, price, ratio, ok, at, doc, tags, note, raw)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`;
    const values = (id: string) => [
      id,
      9007199254740993n,
      -7,
      '12.50',
      0.25,
      true,
      new Date('2026-01-02T03:04:05.678Z'),
      { a: [1, 'x', null], b: { c: true } },
      ['one', 'two "quoted"', null],
      null,
      new Uint8Array([0, 1, 255]),
    ];
    for (const id of ['00000000-0000-0000-0000-000000000001', '00000000-0000-0000-0000-000000000002']) {
      const { mine, theirs } = await both(insert, values(id));
      expect(mine).toEqual(theirs);
      expect(mine.affectedRows).toBe(1);
    }

    const select = 'select * from item where qty = $1 order by id';
    const before = await both(select, [-7]);
    expect(before.mine.rows).toHaveLength(2);
    expect(before.mine).toEqual(before.theirs);
    const update = 'update item set note = $1 where qty = $2';
    expect(statements.query(update, ['changed', -7])).toEqual({ rows: [], affectedRows: 2 });
    await reference(update, ['changed', -7]);
    const after = await both(select, [-7]);
    expect(after.mine.rows[0]).toMatchObject({ note: 'changed' });
    expect(after.mine).toEqual(after.theirs);
  });

  it('throws the store’s error with its SQLSTATE fields and the statement, and keeps working', async () => {
    const insert = 'insert into item (id) values ($1)';
    statements.query(insert, ['00000000-0000-0000-0000-00000000000a']);
    const duplicate = (() => {
      try {
        statements.query(insert, ['00000000-0000-0000-0000-00000000000a']);
      } catch (error) {
        return error;
      }
    })();
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({
      code: '23505',
      severity: 'ERROR',
      constraint: 'item_pkey',
      query: insert,
    });
    expect(() => statements.query(insert, ['not a uuid'])).toThrow(/invalid input syntax for type uuid/);
    expect(() => statements.query('selec 1 where $1', [1])).toThrow(/syntax error/);
    expect(statements.query('select $1::int + 1 as two', [1]).rows).toEqual([{ two: 2 }]);
  });

  it('reads answers larger than its first buffer, and smaller ones after', () => {
    const big = statements.query("select repeat('x', 3000000) as text, $1::int as n", [1]);
    expect(big.rows).toEqual([{ text: 'x'.repeat(3000000), n: 1 }]);
    expect(statements.query('select $1::text as small', ['y']).rows).toEqual([{ small: 'y' }]);
  });

  it('keeps nothing of the answers once read (PGlite’s own reader kept each one)', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heapAfterGc = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const run = () => {
      for (let i = 0; i < 5000; i++) statements.query('select $1::int as a, $2::text as b', [i, 'answer']);
    };
    run();
    const before = heapAfterGc();
    run();
    // PGlite's reader grew the heap by ~0.7 kB a statement, 3.5 MB here.
    expect(heapAfterGc() - before).toBeLessThan(1024 * 1024);
  });

  it('runs transactions across statements, and a failed one rolls back', () => {
    const count = () => statements.query('select count(*)::int as n from item where note = $1', ['tx']).rows;
    statements.exec('begin');
    statements.query('insert into item (id, note) values ($1, $2)', [
      '00000000-0000-0000-0000-0000000000b1',
      'tx',
    ]);
    expect(() =>
      statements.query('insert into item (id) values ($1)', ['00000000-0000-0000-0000-0000000000b1']),
    ).toThrow();
    expect(() => count()).toThrow(/current transaction is aborted/);
    statements.exec('rollback');
    expect(count()).toEqual([{ n: 0 }]);
  });

  it('keeps at most its capacity of statements, closing the least recently used', async () => {
    for (let i = 0; i < 10; i++) statements.query(`select $1::int + ${i} as n`, [1]);
    expect(statements.size).toBe(4);
    const kept = statements.query(
      'select count(*)::int as n from pg_prepared_statements where name like $1',
      ['meridian%'],
    );
    expect(kept.rows).toEqual([{ n: 4 }]);
  });

  it('prepares a statement again when its table changed under it', () => {
    statements.exec('create table changing (a int)');
    statements.query('insert into changing (a) values ($1)', [1]);
    const select = 'select * from changing where a = $1';
    expect(statements.query(select, [1]).rows).toEqual([{ a: 1 }]);
    statements.exec('alter table changing add column b text');
    expect(statements.query(select, [1]).rows).toEqual([{ a: 1, b: null }]);
  });

  it('runs parameterless SQL of several statements, answering the last result', async () => {
    const sql = `create table many (a int); insert into many values (1), (2); update many set a = a + 1;
      select a from many order by a`;
    expect(statements.exec(sql)).toEqual({ rows: [{ a: 2 }, { a: 3 }], affectedRows: 4 });
    expect(statements.exec('select 1 as one; begin; commit')).toEqual({ rows: [], affectedRows: 0 });
    expect(() => statements.exec('select 1; selec 2')).toThrow(/syntax error/);
    expect(statements.exec('select 7 as seven').rows).toEqual([{ seven: 7 }]);
  });
});
