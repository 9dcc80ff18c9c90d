import type { ToDeviceRpc } from '../../transport/core/types.js';

/**
 * What the RPC module needs from the transport core's session registry, and nothing more: hand an
 * RPC to a live session of the device, ask whether one listens, and hear when one starts
 * listening. The registry implements it; unit tests use a fake.
 */
export interface RpcDeliveryChannel {
  /**
   * Hands the RPC to one RPC-subscribed session of the device; false when no session took it. The
   * channel reports the hand-over through RpcReplySink.delivered, possibly before this returns.
   */
  deliverRpc(deviceId: string, rpc: ToDeviceRpc): boolean;
  /** Does a session of the device listen for RPCs right now? */
  hasRpcSubscriber(deviceId: string): boolean;
  /** Calls `listener(deviceId)` whenever a session of a device starts listening; returns the remover. */
  onRpcSubscribed(listener: (deviceId: string) => void): () => void;
}
