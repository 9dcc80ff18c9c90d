/** Tunables of server-side RPC, defaulting to the reference settings (reference §7.1). */
export interface RpcOptions {
  /** `actors.rpc.max_retries`: most refused deliveries of one RPC before it FAILED. */
  maxRetries: number;
  /** `sql.ttl.rpc.checking_interval`: how often RPCs older than their tenant's `rpcTtlDays` are removed. */
  ttlCheckIntervalMs: number;
}

export const DEFAULT_RPC_OPTIONS: RpcOptions = {
  maxRetries: 5,
  ttlCheckIntervalMs: 7_200_000,
};
