import { describe, expect, it } from 'vitest';
import { jacksonPretty, jacksonTypeName } from './jackson-pretty.js';

describe('jacksonPretty', () => {
  it('writes scalars as JSON', () => {
    expect(jacksonPretty('a "quoted" text')).toBe('"a \\"quoted\\" text"');
    expect(jacksonPretty(22.5)).toBe('22.5');
    expect(jacksonPretty(true)).toBe('true');
    expect(jacksonPretty(null)).toBe('null');
  });

  it('writes empty containers with a space inside', () => {
    expect(jacksonPretty({})).toBe('{ }');
    expect(jacksonPretty([])).toBe('[ ]');
  });

  it('puts arrays on one line without deepening the indentation of objects inside them', () => {
    expect(jacksonPretty([[1, 2], [3], []])).toBe('[ [ 1, 2 ], [ 3 ], [ ] ]');
    expect(jacksonPretty({ a: [{ b: 1, c: { d: [] } }, 'x'] })).toBe(
      '{\n  "a" : [ {\n    "b" : 1,\n    "c" : {\n      "d" : [ ]\n    }\n  }, "x" ]\n}',
    );
  });
});

describe('jacksonTypeName', () => {
  it('names JSON types as Jackson does', () => {
    expect([{}, [], 'x', 1, false, null].map(jacksonTypeName)).toEqual([
      'OBJECT',
      'ARRAY',
      'STRING',
      'NUMBER',
      'BOOLEAN',
      'NULL',
    ]);
  });
});
