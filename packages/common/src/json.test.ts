import { describe, expect, it } from 'vitest';
import { jsonObjectOrEmpty } from './json.js';

describe('jsonObjectOrEmpty', () => {
  it('keeps an object and gives an empty one for any other JSON value', () => {
    const info = { description: 'kept' };
    expect(jsonObjectOrEmpty(info)).toBe(info);
    // Other clients may store these; spreading a string would write its characters as keys.
    for (const other of ['a plain string', 42, true, [1, 2], null, undefined]) {
      expect(jsonObjectOrEmpty(other as unknown as object)).toEqual({});
    }
  });
});
