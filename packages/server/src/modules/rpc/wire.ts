import type { JsonValue, Rpc, RpcStatus } from '@meridian/common';
import type { Selectable } from 'kysely';
import type { RpcTable } from '../../db/schema.js';

export type RpcRow = Selectable<RpcTable>;

/**
 * The stored `request` of a persistent RPC: the reference's ToDeviceRpcRequest as JSON, whose
 * `body.params` is the params' JSON text and `additionalInfo` the caller's additional info as text.
 */
export interface StoredRpcRequest {
  id: string;
  tenantId: { entityType: 'TENANT'; id: string };
  deviceId: { entityType: 'DEVICE'; id: string };
  oneway: boolean;
  expirationTime: number;
  body: { method: string; params: string };
  persisted: true;
  retries: number | null;
  additionalInfo: string | null;
}

/** Reads a stored request back; undefined when the row holds something else (never written by us). */
export function readStoredRequest(value: unknown): StoredRpcRequest | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const request = value as Partial<StoredRpcRequest>;
  if (typeof request.oneway !== 'boolean') return undefined;
  if (typeof request.body?.method !== 'string' || typeof request.body.params !== 'string') return undefined;
  return request as StoredRpcRequest;
}

/** The reference Rpc JSON (§1.5). */
export function rpcToWire(row: RpcRow): Rpc {
  return {
    id: { entityType: 'RPC', id: row.id },
    createdTime: row.createdTime,
    tenantId: { entityType: 'TENANT', id: row.tenantId },
    deviceId: { entityType: 'DEVICE', id: row.deviceId },
    expirationTime: row.expirationTime,
    request: row.request as JsonValue,
    response: (row.response ?? null) as JsonValue,
    status: row.status as RpcStatus,
    additionalInfo: (row.additionalInfo ?? null) as JsonValue,
  };
}
