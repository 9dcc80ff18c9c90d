import type { JsonObject, JsonValue } from '@meridian/common';
import { HttpError } from '../../app/http/http-error';
import { numberSetting } from '../gauge-support/gauge-value';

/**
 * What the reference's control widgets share: their request settings with the reference defaults,
 * and the words for a failed request (the reference widget subscription's `rpcErrorText`).
 */

/** The reference's control widgets wait 500 ms for the device unless `requestTimeout` says otherwise. */
export const DEFAULT_CONTROL_TIMEOUT_MS = 500;

/** `requestTimeout`, else the default (the reference also ignores 0). */
export function requestTimeoutOf(settings: JsonObject | undefined, fallback = DEFAULT_CONTROL_TIMEOUT_MS) {
  return numberSetting(settings, 'requestTimeout') || fallback;
}

/** A boolean setting, else the default. */
export function booleanSetting(settings: JsonObject | undefined, key: string, fallback: boolean): boolean {
  const value = settings?.[key];
  return typeof value === 'boolean' ? value : fallback;
}

/** A failed request in words: a message key of the `control-widgets` namespace and its values. */
export interface ControlFailure {
  key: string;
  values?: Record<string, string | number>;
}

/** 408 (and the v2 API's 504) is a timeout, 409 a device without a connection, as in the reference. */
export function controlFailureOf(error: unknown): ControlFailure {
  if (!(error instanceof HttpError)) return { key: 'control-widgets.request-failed' };
  if (error.status === 408 || error.status === 504) return { key: 'control-widgets.request-timeout' };
  if (error.status === 409) return { key: 'control-widgets.device-offline' };
  if (error.status === 0) return { key: 'control-widgets.unreachable' };
  const message = error.serverMessage ?? (typeof error.body === 'string' ? error.body : '');
  return {
    key: 'control-widgets.request-error',
    values: { status: error.status, message: message || error.statusText },
  };
}

/**
 * The state a switch or LED takes from a value: the reference's default `parseValueFunction`
 * (`return data ? true : false;`) over the value, JSON-parsed first when it is text from a key.
 * Tenant-written parse functions are not run on the page.
 */
export function booleanOfReply(reply: JsonValue | undefined): boolean {
  return !!reply;
}

export function booleanOfKeyValue(value: string | undefined): boolean {
  if (value === undefined) return false;
  try {
    return booleanOfReply(JSON.parse(value) as JsonValue);
  } catch {
    return booleanOfReply(value);
  }
}

/** A reply as text: strings as they are, other JSON as JSON. */
export function replyText(reply: JsonValue | undefined): string {
  if (reply === undefined || reply === null) return '';
  return typeof reply === 'string' ? reply : JSON.stringify(reply);
}
