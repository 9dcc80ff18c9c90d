/** What a redacted secret is replaced with. */
export const REDACTED = '***';

/**
 * Query parameters whose name ends in "token" (any case): the WebSocket JWT (`token=`), a device's
 * `accessToken=`, `activateToken=`, `resetToken=`, `refreshToken=`. The value runs to the next
 * parameter, fragment, whitespace, quote or backslash (a log line is JSON text).
 */
const TOKEN_PARAMETER = /([?&][\w-]*token=)[^&#\s"\\]+/gi;

/**
 * The device access token in the path of the HTTP and CoAP device API (`/api/v1/{token}/…`);
 * `/api/v1/provision` carries none.
 */
const DEVICE_API_TOKEN = /(\/api\/v1\/)(?!provision(?:[/?#\s"\\]|$))[^/?#\s"\\]+/g;

/** The text with every access, activation and reset token it carries replaced by `***`. */
export function redactSecrets(text: string): string {
  if (!/token=|\/api\/v1\//i.test(text)) return text;
  return text.replace(TOKEN_PARAMETER, `$1${REDACTED}`).replace(DEVICE_API_TOKEN, `$1${REDACTED}`);
}
