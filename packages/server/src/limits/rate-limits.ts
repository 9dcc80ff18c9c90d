/**
 * The reference's `TbRateLimits`: comma-separated `capacity:periodSeconds` buckets that all must
 * have a token. Buckets refill continuously (bucket4j's greedy refill), so a session that went over
 * gets its updates back gradually rather than at the end of a whole period.
 */

interface Bucket {
  capacity: number;
  /** Tokens added per millisecond. */
  refillPerMs: number;
  tokens: number;
  updatedAt: number;
}

/** Parses `300:1,3000:60`; an empty text means no limit. Throws on malformed text. */
export function parseRateLimits(text: string): { capacity: number; periodSec: number }[] {
  if (text.trim() === '') return [];
  return text.split(',').map((pair) => {
    const match = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(pair);
    const capacity = Number(match?.[1]);
    const periodSec = Number(match?.[2]);
    if (!match || capacity < 1 || periodSec < 1) {
      throw new Error(`rate limit '${pair}' is not 'capacity:seconds' with both above zero`);
    }
    return { capacity, periodSec };
  });
}

export class RateLimits {
  private readonly buckets: Bucket[];

  constructor(
    text: string,
    private readonly now: () => number = Date.now,
  ) {
    const start = now();
    this.buckets = parseRateLimits(text).map(({ capacity, periodSec }) => ({
      capacity,
      refillPerMs: capacity / (periodSec * 1000),
      tokens: capacity,
      updatedAt: start,
    }));
  }

  /**
   * Takes `count` tokens (a message, or a message's data points) from every bucket if each has
   * them; otherwise takes nothing and answers false.
   */
  tryConsume(count = 1): boolean {
    const now = this.now();
    for (const bucket of this.buckets) {
      bucket.tokens = Math.min(
        bucket.capacity,
        bucket.tokens + (now - bucket.updatedAt) * bucket.refillPerMs,
      );
      bucket.updatedAt = now;
    }
    if (this.buckets.some((bucket) => bucket.tokens < count)) return false;
    for (const bucket of this.buckets) bucket.tokens -= count;
    return true;
  }

  /** Whether every bucket is full again: a limiter in this state can be dropped and made anew. */
  idle(): boolean {
    const now = this.now();
    return this.buckets.every(
      (bucket) => bucket.tokens + (now - bucket.updatedAt) * bucket.refillPerMs >= bucket.capacity,
    );
  }
}
