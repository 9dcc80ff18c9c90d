import type { DeviceId, RpcId, TenantId } from './entity-ids.js';
import type { JsonValue } from './json.js';

/** Server-side RPC to devices (reference §1.4 "RPC", §1.5 Rpc). */

/** Lifecycle of a persistent RPC. */
export const RPC_STATUSES = [
  'QUEUED',
  'SENT',
  'DELIVERED',
  'SUCCESSFUL',
  'TIMEOUT',
  'EXPIRED',
  'FAILED',
  'DELETED',
] as const;
export type RpcStatus = (typeof RPC_STATUSES)[number];

/** Default and minimum RPC timeouts (`server.rest.server_side_rpc.*`). */
export const DEFAULT_RPC_TIMEOUT_MS = 10000;
export const MIN_RPC_TIMEOUT_MS = 5000;

/** Body of `POST /api/rpc/{oneway|twoway}/{deviceId}`. */
export interface RpcRequest {
  method: string;
  params: JsonValue;
  timeout?: number;
  expirationTime?: number;
  persistent?: boolean;
  retries?: number;
  additionalInfo?: JsonValue;
  requestUUID?: string;
}

/** A persistent RPC as stored and listed (`/api/rpc/persistent/…`). */
export interface Rpc {
  id: RpcId;
  createdTime: number;
  tenantId: TenantId;
  deviceId: DeviceId;
  expirationTime: number;
  request: JsonValue;
  response: JsonValue;
  status: RpcStatus;
  additionalInfo: JsonValue;
}

/**
 * When an RPC request expires (reference §1.4): its explicit `expirationTime` if given, otherwise
 * `now + max(minimum timeout, timeout)` with the timeout defaulting to 10 s.
 */
export function rpcExpirationTime(
  request: Pick<RpcRequest, 'timeout' | 'expirationTime'>,
  nowMs: number,
): number {
  if (request.expirationTime !== undefined && request.expirationTime > 0) {
    return request.expirationTime;
  }
  return nowMs + Math.max(MIN_RPC_TIMEOUT_MS, request.timeout ?? DEFAULT_RPC_TIMEOUT_MS);
}
