import { v4 as uuidv4 } from 'uuid';
import type { EntityOwner } from '../entities/owner.js';
import type { RpcOutcome } from './dispatcher.js';
import type { RpcCallRequest } from './request-body.js';
import type { RestRpcRequests } from './rest-requests.js';

/** How long past the expiration a call waits for the node's verdict before answering timeout. */
const NODE_VERDICT_GRACE_MS = 1000;

/** How a waiting (non-persistent) REST call reaches its device and hears back. */
export type RpcCallPath = (
  device: EntityOwner,
  callerCustomerId: string | null,
  oneway: boolean,
  request: RpcCallRequest,
) => Promise<RpcOutcome>;

/** A message for the rule engine, as the app hands it to the device's chain and queue. */
export interface RpcRuleEngineMessage {
  device: EntityOwner;
  customerId: string | null;
  metadata: Record<string, string>;
  data: string;
}

/** How a stored persistent RPC (`rpcId`) reaches its device. */
export type PersistentRpcPath = (
  device: EntityOwner,
  callerCustomerId: string | null,
  oneway: boolean,
  request: RpcCallRequest,
  rpcId: string,
) => Promise<void>;

/** The RPC_CALL_FROM_SERVER_TO_DEVICE message's metadata and data (DefaultTbCoreDeviceRpcService). */
function rpcMessage(
  request: RpcCallRequest,
  oneway: boolean,
  requestUUID: string,
  persistent: boolean,
  serviceId: string,
): { metadata: Record<string, string>; data: string } {
  const metadata: Record<string, string> = {
    requestUUID,
    originServiceId: serviceId,
    expirationTime: String(request.expirationTime),
    oneway: String(oneway),
    persistent: String(persistent),
  };
  if (request.retries !== undefined) metadata.retries = String(request.retries);
  const data = JSON.stringify({
    method: request.method,
    params: request.paramsText,
    additionalInfo: request.additionalInfoText ?? null,
  });
  return { metadata, data };
}

/**
 * Through the rule engine, as the reference does: the call becomes an RPC_CALL_FROM_SERVER_TO_DEVICE
 * message (params as JSON text, the metadata of DefaultTbCoreDeviceRpcService) and waits for the
 * RPC call request node to report the device's answer by `requestUUID`.
 */
export function ruleEngineCallPath(
  requests: RestRpcRequests,
  send: (message: RpcRuleEngineMessage) => Promise<void>,
  serviceId: string,
  now: () => number = Date.now,
): RpcCallPath {
  return async (device, customerId, oneway, request) => {
    const requestUUID = request.requestUUID ?? uuidv4();
    // The RPC call request node reports its own expiry (timeout or no connection); the call waits
    // a little longer than the expiration so that the node's verdict, not this timer, answers.
    const outcome = requests.wait(requestUUID, request.expirationTime - now() + NODE_VERDICT_GRACE_MS);
    try {
      await send({ device, customerId, ...rpcMessage(request, oneway, requestUUID, false, serviceId) });
    } catch (error) {
      requests.complete(requestUUID, { kind: 'timeout' });
      throw error;
    }
    return outcome;
  };
}

/**
 * A persistent RPC through the rule engine too: the same message with `persistent: true` and the
 * stored RPC's id as `requestUUID`; the RPC call request node hands it to the persistent RPCs,
 * which deliver it whenever the device is there. Nobody waits: the caller has the `rpcId`.
 */
export function ruleEnginePersistentPath(
  send: (message: RpcRuleEngineMessage) => Promise<void>,
  serviceId: string,
): PersistentRpcPath {
  return (device, customerId, oneway, request, rpcId) =>
    send({ device, customerId, ...rpcMessage(request, oneway, rpcId, true, serviceId) });
}
