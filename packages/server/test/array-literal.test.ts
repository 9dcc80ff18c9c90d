import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { arrayLiteral } from '../src/db/array-literal.js';
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
