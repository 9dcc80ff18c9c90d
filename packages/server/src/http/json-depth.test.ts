import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth } from './json-depth.js';

describe('exceedsJsonDepth', () => {
  it('counts arrays and objects opened inside each other', () => {
    expect(exceedsJsonDepth('[[[]]]', 3)).toBe(false);
    expect(exceedsJsonDepth('[[[[]]]]', 3)).toBe(true);
    expect(exceedsJsonDepth('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(exceedsJsonDepth('{"a":{"b":[{}]}}', 3)).toBe(true);
  });

  it('measures depth, not the number of containers', () => {
    expect(exceedsJsonDepth(`[${'[],'.repeat(1000)}[]]`, 2)).toBe(false);
  });

  it('skips brackets inside strings, escaped quotes included', () => {
    expect(exceedsJsonDepth('["[[[[", "\\"[[[[", {"k{{{":"]]]"}]', 2)).toBe(false);
    expect(exceedsJsonDepth('["\\\\", [[]]]', 2)).toBe(true);
  });
});
