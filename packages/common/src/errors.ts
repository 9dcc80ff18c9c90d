/** Server error codes and their HTTP statuses (spec 2 §3 "Server error codes", reference §2.3). */
export const ErrorCode = {
  GENERAL: 2,
  AUTHENTICATION: 10,
  JWT_TOKEN_EXPIRED: 11,
  TENANT_TRIAL_EXPIRED: 12,
  CREDENTIALS_EXPIRED: 15,
  PERMISSION_DENIED: 20,
  INVALID_ARGUMENTS: 30,
  BAD_REQUEST_PARAMS: 31,
  ITEM_NOT_FOUND: 32,
  TOO_MANY_REQUESTS: 33,
  TOO_MANY_UPDATES: 34,
  /** A dashboard save carrying a `version` older than the stored one (optimistic locking). */
  VERSION_CONFLICT: 35,
  SUBSCRIPTION_VIOLATION: 40,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status the reference answers with for each error code (TOO_MANY_UPDATES is WebSocket only). */
export const ERROR_CODE_HTTP_STATUS: Record<ErrorCode, number> = {
  2: 500,
  10: 401,
  11: 401,
  12: 401,
  15: 401,
  20: 403,
  30: 400,
  31: 400,
  32: 404,
  33: 429,
  34: 400,
  35: 409,
  40: 403,
};

/** The error body of every failed REST call. `timestamp` is epoch ms here; clients ignore it. */
export interface ErrorResponse {
  status: number;
  message: string;
  errorCode: ErrorCode;
  timestamp: number | string;
  /** Only on CREDENTIALS_EXPIRED: the token for login/resetExpiredPassword. */
  resetToken?: string;
}

/** Fixed server messages the console and clients match on (reference §2.3, §1.4). */
export const ErrorMessages = {
  invalidCredentials: 'Invalid username or password',
  accountNotActive: 'User account is not active',
  accountLocked: 'User account is locked due to security policy',
  tokenExpired: 'Token has expired',
  methodNotSupported: 'Authentication method not supported',
  passwordExpired: 'User password expired!',
  authenticationFailed: 'Authentication failed',
  permissionDenied: "You don't have permission to perform this operation!",
  notAuthorized: "You aren't authorized to perform this operation!",
  itemNotFound: "Requested item wasn't found!",
  versionConflict: 'The dashboard was already changed by someone else',
} as const;
