import type { RpcRepo } from './repo.js';

export interface TtlLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * The reference's RPC TTL task (`sql.ttl.rpc`): every interval, RPCs older than their tenant's
 * `rpcTtlDays` are removed. Returns the stopper.
 */
export function startRpcTtlCleanup(
  repo: RpcRepo,
  intervalMs: number,
  log: TtlLogger,
  now: () => number = Date.now,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    // A slow delete is not started twice.
    if (running) return;
    running = true;
    repo
      .deleteOutlived(now())
      .then((removed) => {
        if (removed > 0) log.info({ removed }, 'removed RPCs past their tenant TTL');
      })
      .catch((err: unknown) => log.warn({ err }, 'RPC TTL cleanup failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
