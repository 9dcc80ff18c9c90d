import type { Rpc } from '@meridian/common';
import type { Db } from '../../db/store.js';
import type { AuditRecorder } from '../audit-logs/audited-action.js';
import type { PersistentRpcPath, RpcCallPath } from './call-path.js';
import type { RpcDeliveryChannel } from './delivery-channel.js';
import { type PersistentRpcs, RpcDispatcher } from './dispatcher.js';
import { DEFAULT_RPC_OPTIONS, type RpcOptions } from './options.js';
import { RpcRepo } from './repo.js';
import { RpcService } from './service.js';
import { startRpcTtlCleanup, type TtlLogger } from './ttl-cleanup.js';
import { rpcToWire } from './wire.js';

export type { RpcDeliveryChannel } from './delivery-channel.js';

/** Server-side RPC as the app wires it. */
export interface RpcModule {
  service: RpcService;
  /** The RpcReplySink the transport core reports deliveries and replies to. */
  dispatcher: RpcDispatcher;
  /** Where persistent RPCs are held until delivered (the dispatcher, or in a cluster the device's owner). */
  persistent: PersistentRpcs;
  /** Connects the transports' session registry (RPCs queue until then). */
  attach(channel: RpcDeliveryChannel): void;
  /** Stops timers; resolves once pending status writes landed. */
  close(): Promise<void>;
}

/**
 * Builds the RPC module over the store and picks up the persistent RPCs a previous run left
 * waiting for their devices.
 */
export async function createRpcModule(
  db: Db,
  audit: AuditRecorder,
  log: TtlLogger,
  /** How REST calls reach devices, waiting and persistent ones (through the rule engine in the app). */
  paths: (dispatcher: RpcDispatcher) => { call: RpcCallPath; persistent: PersistentRpcPath },
  options: Partial<RpcOptions> = {},
  /** Cluster mode: which node holds each persistent RPC (see cluster/persistent-rpcs.ts). */
  placement?: (dispatcher: RpcDispatcher, repo: RpcRepo) => PersistentRpcs,
  /** Told of each status a persistent RPC takes, once stored (the app tells the rule engine). */
  lifecycle?: (rpc: Rpc) => void,
): Promise<RpcModule> {
  const settings = { ...DEFAULT_RPC_OPTIONS, ...options };
  const repo = new RpcRepo(db, lifecycle && ((row) => lifecycle(rpcToWire(row))));
  const dispatcher = new RpcDispatcher(repo, log, settings);
  // In a cluster, the placement restores only the RPCs of the devices this node owns.
  const persistent = placement ? placement(dispatcher, repo) : dispatcher;
  if (!placement) dispatcher.restore(await repo.openRpcs());
  const stopTtl = startRpcTtlCleanup(repo, settings.ttlCheckIntervalMs, log);
  const { call, persistent: persistentPath } = paths(dispatcher);
  return {
    service: new RpcService(db, repo, persistent, audit, call, persistentPath),
    dispatcher,
    persistent,
    attach: (channel) => dispatcher.attach(channel),
    close: async () => {
      stopTtl();
      await dispatcher.close();
    },
  };
}
