import type { LoginThrottle } from '../auth/login-throttle.js';
import type { TokenOutdating } from '../auth/token-outdating.js';
import type { ClusterConfig } from '../config.js';
import type { ApiUsageService } from '../modules/api-usage/service.js';
import type { TelemetryService } from '../telemetry/service.js';
import { ClusterBus, type ClusterLog } from './cluster-bus.js';
import {
  type NoticeRelay,
  relayApiUsage,
  relaySignInOutcomes,
  relayTelemetry,
  relayTokenOutdating,
} from './event-relays.js';
import { Membership, type MembershipTimings, type NodeInfo } from './membership.js';

export { relayNotices } from './event-relays.js';
export type { ClusterMembers, NodeInfo } from './membership.js';
export { rendezvousOwner } from './ownership.js';
export { ClusterPersistentRpcs } from './persistent-rpcs.js';
export { JetStreamQueues } from './queue/jetstream-queues.js';
export { JetStreamRuleQueues } from './queue/shared-rule-queues.js';
export { ClusterRpcRouting } from './rpc-routing.js';

/** This node's part in a cluster: its NATS connection, the live nodes, and the relays of changes. */
export interface ClusterNode {
  readonly config: ClusterConfig;
  readonly bus: ClusterBus;
  readonly membership: Membership;
  /** Stops the relays, says goodbye and closes the NATS connection. */
  close(): Promise<void>;
}

export interface ClusterDeps {
  telemetry: TelemetryService;
  outdating: TokenOutdating;
  loginThrottle: LoginThrottle;
  apiUsage: ApiUsageService;
  /** In-process notice buses every node must hear (devices, alarms, rule chains): `relayNotices(topic, bus)`. */
  notices: readonly NoticeRelay[];
  self: () => NodeInfo;
  log: ClusterLog;
  timings?: MembershipTimings;
}

/** Connects to NATS, joins the nodes and relays every change the other nodes must hear. */
export async function joinCluster(config: ClusterConfig, deps: ClusterDeps): Promise<ClusterNode> {
  const bus = await ClusterBus.connect(config.natsUrl, config.name, config.nodeId, deps.log);
  const membership = new Membership(bus, deps.self, deps.timings);
  const stops = [
    relayTelemetry(bus, deps.telemetry),
    relayTokenOutdating(bus, deps.outdating),
    relaySignInOutcomes(bus, deps.loginThrottle),
    relayApiUsage(bus, deps.apiUsage),
    ...deps.notices.map((relay) => relay(bus)),
  ];
  membership.start();
  membership.onChange(() => deps.log.info({ nodes: membership.liveNodes() }, 'cluster nodes changed'));
  return {
    config,
    bus,
    membership,
    close: async () => {
      for (const stop of stops) stop();
      membership.close();
      await bus.close();
    },
  };
}
