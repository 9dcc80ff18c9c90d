import { describe, expect, it } from 'vitest';
import { parseRateLimits, RateLimits } from './rate-limits.js';

describe('RateLimits', () => {
  it('needs a token of every bucket, and refills them continuously', () => {
    let now = 0;
    const limits = new RateLimits('2:1,3:10', () => now);
    expect([limits.tryConsume(), limits.tryConsume(), limits.tryConsume()]).toEqual([true, true, false]);
    now = 1000;
    // The first bucket is full again; the second has 1 + 0.3 tokens.
    expect(limits.tryConsume()).toBe(true);
    expect(limits.tryConsume()).toBe(false);
    expect(limits.idle()).toBe(false);
    now = 100_000;
    expect(limits.idle()).toBe(true);
  });

  it('takes several tokens at once or none', () => {
    let now = 0;
    const points = new RateLimits('10:1', () => now);
    expect(points.tryConsume(8)).toBe(true);
    expect(points.tryConsume(3)).toBe(false);
    expect(points.tryConsume(2)).toBe(true);
    now = 500;
    expect(points.tryConsume(5)).toBe(true);
  });

  it('has no limit for empty text, and names what is malformed', () => {
    const none = new RateLimits('');
    for (let i = 0; i < 1000; i++) expect(none.tryConsume()).toBe(true);
    expect(() => parseRateLimits('10:1,x')).toThrow("rate limit 'x' is not 'capacity:seconds'");
  });
});
