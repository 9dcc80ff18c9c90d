import { describe, expect, it } from 'vitest';
import { arrayLiteral } from './array-literal.js';

describe('arrayLiteral', () => {
  it('writes numbers, booleans, UUIDs and NULL bare', () => {
    expect(arrayLiteral([1, 2.5, null, undefined, true, false, 12345678901234567890n])).toBe(
      '{1,2.5,NULL,NULL,true,false,12345678901234567890}',
    );
    expect(arrayLiteral(['784f394c-42b6-435a-983c-b7beff2784f9'])).toBe(
      '{784f394c-42b6-435a-983c-b7beff2784f9}',
    );
    expect(arrayLiteral([])).toBe('{}');
  });

  it('quotes and escapes text', () => {
    expect(arrayLiteral(['a', 'with "quotes"', 'back\\slash', '', 'NULL', '{,}', null], true)).toBe(
      '{"a","with \\"quotes\\"","back\\\\slash","","NULL","{,}",NULL}',
    );
  });
});
