import type { ClusterBus } from './cluster-bus.js';

/** What a node tells the others about itself with each heartbeat. */
export interface NodeInfo {
  nodeId: string;
  startedAt: number;
  httpPort: number;
  mqttPort: number;
  coapPort: number;
}

/** The live nodes as one node sees them; the partition leases and the cluster page read it. */
export interface ClusterMembers {
  readonly nodeId: string;
  /** Node ids heard from within the expiry, this node included, sorted. */
  liveNodes(): readonly string[];
  /** Called whenever a node joins or leaves; returns the remover. */
  onChange(listener: () => void): () => void;
}

export interface MembershipTimings {
  heartbeatMs: number;
  /** A node not heard from for this long has left. */
  expiryMs: number;
}

export const DEFAULT_MEMBERSHIP_TIMINGS: MembershipTimings = { heartbeatMs: 1000, expiryMs: 3500 };

/**
 * Nodes find each other through NATS: each publishes a heartbeat every second and says goodbye when
 * it stops; a node silent past the expiry (killed, cut off) is dropped. No node is special.
 */
export class Membership implements ClusterMembers {
  private readonly peers = new Map<string, { info: NodeInfo; lastSeen: number }>();
  private readonly listeners = new Set<() => void>();
  private readonly stops: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly bus: ClusterBus,
    private readonly self: () => NodeInfo,
    private readonly timings: MembershipTimings = DEFAULT_MEMBERSHIP_TIMINGS,
    private readonly now: () => number = Date.now,
  ) {}

  get nodeId(): string {
    return this.bus.nodeId;
  }

  start(): void {
    this.stops.push(
      this.bus.subscribe<NodeInfo>(this.bus.subject('nodes', 'heartbeat'), (info) => this.heard(info)),
      this.bus.subscribe<{ nodeId: string }>(this.bus.subject('nodes', 'leaving'), ({ nodeId }) =>
        this.drop(nodeId),
      ),
      // A node that just started asks for heartbeats at once, so it need not wait a period to see the others.
      this.bus.subscribe(this.bus.subject('nodes', 'hello'), () => this.beat()),
    );
    this.bus.publish(this.bus.subject('nodes', 'hello'), {});
    this.beat();
    this.timer = setInterval(() => {
      this.beat();
      this.expire();
    }, this.timings.heartbeatMs);
    this.timer.unref();
  }

  liveNodes(): readonly string[] {
    return [this.nodeId, ...this.peers.keys()].sort();
  }

  /** Every live node with what it told, this one first. */
  nodes(): (NodeInfo & { lastSeen: number })[] {
    return [
      { ...this.self(), lastSeen: this.now() },
      ...[...this.peers.values()]
        .map(({ info, lastSeen }) => ({ ...info, lastSeen }))
        .sort((a, b) => a.nodeId.localeCompare(b.nodeId)),
    ];
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    clearInterval(this.timer);
    for (const stop of this.stops.splice(0)) stop();
    this.bus.publish(this.bus.subject('nodes', 'leaving'), { nodeId: this.nodeId });
  }

  private beat(): void {
    this.bus.publish(this.bus.subject('nodes', 'heartbeat'), this.self());
  }

  private heard(info: NodeInfo): void {
    const known = this.peers.has(info.nodeId);
    this.peers.set(info.nodeId, { info, lastSeen: this.now() });
    if (!known) this.changed();
  }

  private drop(nodeId: string): void {
    if (this.peers.delete(nodeId)) this.changed();
  }

  private expire(): void {
    const oldest = this.now() - this.timings.expiryMs;
    let changed = false;
    for (const [nodeId, peer] of this.peers) {
      if (peer.lastSeen < oldest) {
        this.peers.delete(nodeId);
        changed = true;
      }
    }
    if (changed) this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
