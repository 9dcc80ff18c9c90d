import { SubscriptionErrorCode } from '@meridian/common';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../http/api-error.js';
import { TelemetryInputError } from '../telemetry/values.js';
import { UNAUTHORIZED_MSG } from './updates.js';

export interface CmdFailure {
  errorCode: number;
  errorMsg: string;
}

/**
 * What a failed command tells the client (reference §3.3): refused or unknown entities are
 * "Unauthorized" (code 3) alike, so ids of other tenants cannot be probed; bad input is code 2 with
 * its message; anything else is code 1 with `internalMessage`, and is logged.
 */
export function failureOf(error: unknown, internalMessage: string, log: FastifyBaseLogger): CmdFailure {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403 || error.status === 404) {
      return { errorCode: SubscriptionErrorCode.UNAUTHORIZED, errorMsg: UNAUTHORIZED_MSG };
    }
    if (error.status === 400)
      return { errorCode: SubscriptionErrorCode.BAD_REQUEST, errorMsg: error.message };
  }
  if (error instanceof TelemetryInputError) {
    return { errorCode: SubscriptionErrorCode.BAD_REQUEST, errorMsg: error.message };
  }
  log.error({ err: error }, internalMessage);
  return { errorCode: SubscriptionErrorCode.INTERNAL_ERROR, errorMsg: internalMessage };
}
