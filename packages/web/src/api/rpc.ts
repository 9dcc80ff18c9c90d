import {
  type JsonValue,
  type PageData,
  type PageLink,
  pageLinkToQueryString,
  type Rpc,
  type RpcRequest,
  type RpcStatus,
} from '@meridian/common';
import type { HttpClient, RequestOptions } from '../app/http/http-client';

/**
 * Server-side RPC calls of reference §1.3 RpcV2Controller (spec 1 §7 "RPC"). The HTTP client never
 * toasts RPC failures and keeps them out of the global loading flag (spec 1 §4, §8): the caller
 * shows what went wrong.
 */

export const rpcKeys = {
  all: ['rpc'] as const,
  persistentByDevice: (deviceId: string) => [...rpcKeys.all, 'persistent', deviceId] as const,
};

const id = encodeURIComponent;

/** Where each controller takes its calls: v2 (RpcV2Controller) by default. */
const CALL_BASE = { v1: '/api/plugins/rpc', v2: '/api/rpc' } as const;

/**
 * `POST /api/rpc/{oneway|twoway}/{deviceId}`. Two-way resolves to the device's reply, one-way to
 * null once delivered; a persistent request resolves at once to `{rpcId}`. With `v1` it calls
 * `/api/plugins/rpc/…` (RpcV1Controller), as the reference's control widgets do: a timeout then
 * answers 408 and a device without a connection 409 (v2: 504 for both).
 */
export function sendRpc(
  http: HttpClient,
  deviceId: string,
  twoWay: boolean,
  request: RpcRequest,
  options: RequestOptions = {},
  api: keyof typeof CALL_BASE = 'v2',
): Promise<JsonValue> {
  return http.post(`${CALL_BASE[api]}/${twoWay ? 'twoway' : 'oneway'}/${id(deviceId)}`, request, options);
}

/** `GET /api/rpc/persistent/device/{deviceId}`: a page of the device's persistent RPCs. */
export function getPersistentRpcs(
  http: HttpClient,
  deviceId: string,
  pageLink: PageLink,
  rpcStatus: RpcStatus | null,
  options: RequestOptions = {},
): Promise<PageData<Rpc>> {
  const status = rpcStatus ? `&rpcStatus=${id(rpcStatus)}` : '';
  return http.get(
    `/api/rpc/persistent/device/${id(deviceId)}?${pageLinkToQueryString(pageLink)}${status}`,
    options,
  );
}
