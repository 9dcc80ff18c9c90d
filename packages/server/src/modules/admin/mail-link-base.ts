import type { IncomingHttpHeaders } from 'node:http';

/** The `general` admin settings as far as links in mails need them. */
export interface LinkSettings {
  baseUrl: string;
  /** False only when the administrator explicitly allows links built from the request's host. */
  prohibitDifferentUrl: boolean;
}

const firstValue = (value: string | string[] | undefined): string | undefined =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;

/**
 * The base URL of links in mails and of the activation link (decision 0019). A request's `Host`
 * and `X-Forwarded-Host` are chosen by whoever sends it, so a password-reset link built from them
 * can point at an attacker's server and hand over the reset token: the configured base URL is used
 * unless the administrator turned `prohibitDifferentUrl` off.
 */
export function mailLinkBase(
  settings: LinkSettings,
  request: { headers: IncomingHttpHeaders; protocol: string },
): string {
  const configured = settings.baseUrl.replace(/\/+$/, '');
  if (settings.prohibitDifferentUrl) return configured;
  const host = firstValue(request.headers['x-forwarded-host']) ?? firstValue(request.headers.host);
  if (!host) return configured;
  const proto = firstValue(request.headers['x-forwarded-proto']) ?? request.protocol;
  return `${proto}://${host}`;
}
