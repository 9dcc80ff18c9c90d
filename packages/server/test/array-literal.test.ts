import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { arrayLiteral } from '../src/db/array-literal.js';
import { PointColumns } from '../src/telemetry/point-columns.js';
import { storePerFile } from './helper.js';

const opened = storePerFile();

it('array literals read back exactly as written, texts, numbers and NULLs', async () => {
  const texts = [
    'plain',
    'with "quotes"',
    'back\\slash',
    '',
    'NULL',
    '{a,b}',
    'tab\tand\nnewline',
    'ünï ✓',
    ' spaced ',
  ];
  const read = await sql<{
    v: string | null;
  }>`select unnest(cast(${arrayLiteral([...texts, null], true)} as text[])) as v`.execute(
    opened.current().db,
  );
  expect(read.rows.map((row) => row.v)).toEqual([...texts, null]);
  const numbers = await sql<{ l: string; d: number; b: boolean | null }>`
    select cast(l as text) as l, d, b
    from unnest(cast(${arrayLiteral(['9223372036854775807', -5n, null])} as bigint[]),
                cast(${arrayLiteral([0.1, -1e-300, 1e21])} as double precision[]),
                cast(${arrayLiteral([true, false, null])} as boolean[])) as t(l, d, b)`.execute(
    opened.current().db,
  );
  expect(numbers.rows).toEqual([
    { l: '9223372036854775807', d: 0.1, b: true },
    { l: '-5', d: -1e-300, b: false },
    { l: null, d: 1e21, b: null },
  ]);
  const json = await sql<{
    j: string;
  }>`select cast(j as text) as j from unnest(cast(${arrayLiteral(['{"a":[1,"x\\"y"]}'], true)} as json[])) as t(j)`.execute(
    opened.current().db,
  );
  expect(json.rows).toEqual([{ j: '{"a":[1,"x\\"y"]}' }]);
});

it('point columns read back as the points they were filled with, one value column set per point', async () => {
  const columns = new PointColumns();
  const entity = '784f394c-42b6-435a-983c-b7beff2784f9';
  columns.add(entity, 1, 1700000000000, { type: 'BOOLEAN', value: false });
  columns.add(entity, 2, 1700000000001, { type: 'STRING', value: 'say "hi" \\ NULL' });
  columns.add(entity, 3, 1700000000002, { type: 'LONG', value: -9223372036854775808n });
  columns.add(entity, 4, 1700000000003, { type: 'DOUBLE', value: 1e21 });
  columns.add(entity, 5, 1700000000004, { type: 'JSON', value: '{"a":["x\\"y"]}' });
  expect(columns.size).toBe(5);
  const [ids, keys, times, bools, strs, longs, dbls, jsons] = columns.literals();
  const read = await sql<Record<string, unknown>>`
    select cast(e as text) as e, k, cast(t as text) as t, b, s, cast(l as text) as l, d, cast(j as text) as j
    from unnest(cast(${ids} as uuid[]), cast(${keys} as integer[]), cast(${times} as bigint[]),
                cast(${bools} as boolean[]), cast(${strs} as text[]), cast(${longs} as bigint[]),
                cast(${dbls} as double precision[]), cast(${jsons} as json[])) as p(e, k, t, b, s, l, d, j)`.execute(
    opened.current().db,
  );
  const none = { b: null, s: null, l: null, d: null, j: null };
  expect(read.rows).toEqual([
    { e: entity, k: 1, t: '1700000000000', ...none, b: false },
    { e: entity, k: 2, t: '1700000000001', ...none, s: 'say "hi" \\ NULL' },
    { e: entity, k: 3, t: '1700000000002', ...none, l: '-9223372036854775808' },
    { e: entity, k: 4, t: '1700000000003', ...none, d: 1e21 },
    { e: entity, k: 5, t: '1700000000004', ...none, j: '{"a":["x\\"y"]}' },
  ]);
});
