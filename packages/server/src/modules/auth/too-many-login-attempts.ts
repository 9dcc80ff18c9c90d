import { ErrorCode } from '@meridian/common';
import { ApiError } from '../../http/api-error.js';

/**
 * 429 with the reference's TOO_MANY_REQUESTS code (33), answered at once while failed sign-ins
 * of the account from that address, or of the address, are throttled (decision 0018).
 */
export function tooManyLoginAttempts(retryAfterMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new ApiError(
    ErrorCode.TOO_MANY_REQUESTS,
    `Too many failed login attempts! Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    429,
  );
}
