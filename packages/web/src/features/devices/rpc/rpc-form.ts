import {
  DEFAULT_RPC_TIMEOUT_MS,
  type JsonValue,
  MIN_RPC_TIMEOUT_MS,
  type RpcRequest,
} from '@meridian/common';
import { HttpError } from '../../../app/http/http-error';

/** The RPC dialog's form: what the user typed. */
export interface RpcFormValues {
  method: string;
  /** JSON text of the params. */
  params: string;
  twoWay: boolean;
  /** Milliseconds; null while empty. */
  timeout: number | null;
  persistent: boolean;
}

export const RPC_FORM_DEFAULTS: RpcFormValues = {
  method: '',
  params: '{}',
  twoWay: true,
  timeout: DEFAULT_RPC_TIMEOUT_MS,
  persistent: false,
};

/** The params as JSON, or undefined when the text is not JSON. */
function parseParams(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

/** Message key of a params problem, or true. */
export function validateParams(text: string): true | string {
  if (text.trim() === '') {
    return 'rpc.params-required';
  }
  return parseParams(text) === undefined ? 'rpc.params-invalid' : true;
}

/** Message key of a timeout problem, or true (reference `min_timeout` 5000 ms). */
export function validateTimeout(timeout: number | null): true | string {
  if (timeout === null) {
    return 'rpc.timeout-required';
  }
  return Number.isInteger(timeout) && timeout >= MIN_RPC_TIMEOUT_MS ? true : 'rpc.timeout-min';
}

/** The request body of valid form values. */
export function rpcRequestOf(values: RpcFormValues): RpcRequest {
  return {
    method: values.method.trim(),
    params: parseParams(values.params) ?? null,
    timeout: values.timeout ?? DEFAULT_RPC_TIMEOUT_MS,
    ...(values.persistent ? { persistent: true } : {}),
  };
}

/** Why a request failed, in words: a message key and its values. */
export interface RpcFailure {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * The failure statuses of reference §1.4 "RPC": 408 and 409 (v1 API), 504 for both on the v2 API
 * the console calls, 406 for a reply that is not JSON; anything else shows the server's message.
 */
export function rpcFailureOf(error: unknown): RpcFailure {
  if (!(error instanceof HttpError)) {
    return { key: 'rpc.error-unknown' };
  }
  switch (error.status) {
    case 0:
      return { key: 'rpc.error-unreachable' };
    case 408:
      return { key: 'rpc.error-timeout' };
    case 409:
      return { key: 'rpc.error-not-connected' };
    case 504:
      return { key: 'rpc.error-no-answer' };
    case 406:
      return { key: 'rpc.error-not-json' };
    default:
      return {
        key: 'rpc.error-status',
        values: { status: error.status, message: error.serverMessage ?? error.statusText ?? '' },
      };
  }
}

/** The `{rpcId}` a persistent request is answered with, if the reply is one. */
export function rpcIdOf(reply: JsonValue): string | null {
  if (reply !== null && typeof reply === 'object' && !Array.isArray(reply)) {
    const rpcId = reply.rpcId;
    return typeof rpcId === 'string' ? rpcId : null;
  }
  return null;
}
