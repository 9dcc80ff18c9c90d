/**
 * Client retry and error timing (spec 1 §8, §9).
 */

/** A request that got 429 and asked to be resent waits 1000 ms plus up to 3000 ms at random. */
export const TOO_MANY_REQUESTS_RETRY_BASE_MS = 1000;
export const TOO_MANY_REQUESTS_RETRY_JITTER_MS = 3000;

/** Delay before resending after a 429; `random` returns a number in [0, 1). */
export function tooManyRequestsRetryDelayMs(random: () => number = Math.random): number {
  return TOO_MANY_REQUESTS_RETRY_BASE_MS + Math.floor(random() * TOO_MANY_REQUESTS_RETRY_JITTER_MS);
}

/** After a failed token refresh the console logs out and shows the message after this delay. */
export const UNAUTHORIZED_MESSAGE_DELAY_MS = 200;

/** Message shown when no JWT is available or a refresh failed without a message. */
export const UNAUTHORIZED_MESSAGE = 'Unauthorized!';
