import { rpcExpirationTime } from '@meridian/common';
import { badRequest } from '../../http/api-error.js';
import {
  JsonNumber,
  JsonObjectNode,
  JsonSyntaxError,
  type LosslessJson,
  parseLossless,
  stringifyLossless,
} from '../../telemetry/json-lossless.js';

/**
 * The body of `POST /api/rpc/{oneway|twoway}/{deviceId}` (reference §1.4 "RPC"), read as text so
 * the params keep their numbers as written where they are stored and audited.
 */
export interface RpcCallRequest {
  method: string;
  /** The params as compact JSON text (`null` when absent), as the reference stores and audits them. */
  paramsText: string;
  /** Epoch ms after which the RPC is no longer delivered. */
  expirationTime: number;
  persistent: boolean;
  /** Delivery attempts the caller allows after a refusal; capped by the server's maximum. */
  retries: number | undefined;
  /** Free JSON the caller attaches, as compact text; undefined when absent. */
  additionalInfoText: string | undefined;
  /** The caller's id for the request (and of the persistent RPC), when given. */
  requestUUID: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalid = (message: string) => badRequest(`Invalid RPC request: ${message}`);

/** A non-negative whole number that fits a JavaScript number exactly. */
function wholeNumber(node: LosslessJson | undefined, field: string): number | undefined {
  if (node === undefined || node === null) return undefined;
  const value = node instanceof JsonNumber ? Number(node.text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < 0) {
    throw invalid(`'${field}' must be a non-negative integer`);
  }
  return value;
}

/** Parses and checks the body; `nowMs` is when the request arrived. Bad input is a 400. */
export function parseRpcCallRequest(body: unknown, nowMs: number): RpcCallRequest {
  if (typeof body !== 'string' || body.trim() === '') throw invalid('the body must be a JSON object');
  let root: LosslessJson;
  try {
    root = parseLossless(body);
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw invalid(`malformed JSON (${error.message})`);
    throw error;
  }
  if (!(root instanceof JsonObjectNode)) throw invalid('the body must be a JSON object');
  const field = (name: string) => root.members.get(name);

  const method = field('method');
  if (typeof method !== 'string' || method.trim() === '') {
    throw invalid("'method' must be a non-empty string");
  }
  const params = field('params');
  const timeout = wholeNumber(field('timeout'), 'timeout');
  const expiration = wholeNumber(field('expirationTime'), 'expirationTime');
  const persistent = field('persistent');
  if (persistent !== undefined && persistent !== null && typeof persistent !== 'boolean') {
    throw invalid("'persistent' must be true or false");
  }
  const requestUUID = field('requestUUID');
  if (requestUUID !== undefined && requestUUID !== null) {
    if (typeof requestUUID !== 'string' || !UUID.test(requestUUID)) {
      throw invalid("'requestUUID' must be a UUID");
    }
  }
  const additionalInfo = field('additionalInfo');
  return {
    method,
    paramsText: params === undefined ? 'null' : stringifyLossless(params),
    expirationTime: rpcExpirationTime(
      {
        ...(timeout !== undefined ? { timeout } : {}),
        ...(expiration !== undefined ? { expirationTime: expiration } : {}),
      },
      nowMs,
    ),
    persistent: persistent === true,
    retries: wholeNumber(field('retries'), 'retries'),
    additionalInfoText:
      additionalInfo === undefined || additionalInfo === null ? undefined : stringifyLossless(additionalInfo),
    requestUUID: typeof requestUUID === 'string' ? requestUUID.toLowerCase() : undefined,
  };
}
