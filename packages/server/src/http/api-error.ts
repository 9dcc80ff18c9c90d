import { ERROR_CODE_HTTP_STATUS, ErrorCode, ErrorMessages } from '@meridian/common';

/**
 * A failure the client is meant to see: it becomes the reference error JSON
 * `{status, message, errorCode, timestamp}` with the HTTP status of its code.
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly errorCode: ErrorCode,
    message: string,
    status?: number,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = status ?? ERROR_CODE_HTTP_STATUS[errorCode];
  }
}

export const badRequest = (message: string) => new ApiError(ErrorCode.BAD_REQUEST_PARAMS, message);
export const invalidArguments = (message: string) => new ApiError(ErrorCode.INVALID_ARGUMENTS, message);
export const notFound = (message: string = ErrorMessages.itemNotFound) =>
  new ApiError(ErrorCode.ITEM_NOT_FOUND, message);
export const forbidden = (message: string = ErrorMessages.permissionDenied) =>
  new ApiError(ErrorCode.PERMISSION_DENIED, message);
export const unauthorized = (message: string = ErrorMessages.authenticationFailed) =>
  new ApiError(ErrorCode.AUTHENTICATION, message);
export const tokenExpired = () => new ApiError(ErrorCode.JWT_TOKEN_EXPIRED, ErrorMessages.tokenExpired);
/** 409 with the reference's code 2, used by the no-auth link checks when a token is unknown. */
export const conflict = (message: string) => new ApiError(ErrorCode.GENERAL, message, 409);

/** The reference writes a java.util.Date as ISO-8601 with an explicit offset. */
export function errorTimestamp(now = new Date()): string {
  return now.toISOString().replace('Z', '+00:00');
}

export function errorBody(error: ApiError) {
  return {
    status: error.status,
    message: error.message,
    errorCode: error.errorCode,
    timestamp: errorTimestamp(),
    ...error.extra,
  };
}
