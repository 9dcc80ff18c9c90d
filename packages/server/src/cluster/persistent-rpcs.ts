import type { PersistentRpcs, RpcDispatcher, RpcSubmission } from '../modules/rpc/dispatcher.js';
import type { RpcRow } from '../modules/rpc/wire.js';
import type { ClusterBus, ClusterLog } from './cluster-bus.js';
import type { ClusterMembers } from './membership.js';
import { rendezvousOwner } from './ownership.js';

/** How long membership must be still before the persistent RPCs are placed again. */
const SETTLE_MS = 1500;

/**
 * Persistent RPCs in a cluster: each is held (waited for, sent, expired) by the dispatcher of
 * its device's owner among the live nodes, so a device gets it once whichever nodes restart. A
 * new one goes to its owner; when nodes join or leave, every node picks up the stored open RPCs
 * it now owns and lets go of those it no longer owns (their rows stay for the new owner).
 */
export class ClusterPersistentRpcs implements PersistentRpcs {
  private readonly stops: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private placing = Promise.resolve();

  constructor(
    private readonly bus: ClusterBus,
    private readonly members: ClusterMembers,
    private readonly dispatcher: RpcDispatcher,
    private readonly repo: { openRpcs(): Promise<RpcRow[]> },
    private readonly log: ClusterLog,
  ) {}

  start(): void {
    this.stops.push(
      this.bus.subscribe<{ id: string; submission: RpcSubmission }>(
        this.bus.subject('rpc', 'persistent', this.bus.nodeId),
        ({ id, submission }) => this.dispatcher.queuePersistent(id, submission),
      ),
      this.bus.subscribe<{ id: string }>(this.bus.subject('rpc', 'persistent-deleted'), ({ id }) =>
        this.dispatcher.forget(id),
      ),
      this.members.onChange(() => this.schedulePlacement()),
    );
    // The first placement waits for the other nodes' heartbeats.
    this.schedulePlacement();
  }

  queuePersistent(id: string, submission: RpcSubmission): void {
    const owner = this.ownerOf(submission.deviceId);
    if (owner === this.bus.nodeId) this.dispatcher.queuePersistent(id, submission);
    else this.bus.publish(this.bus.subject('rpc', 'persistent', owner), { id, submission });
  }

  forget(id: string): void {
    this.dispatcher.forget(id);
    this.bus.publish(this.bus.subject('rpc', 'persistent-deleted'), { id });
  }

  close(): void {
    clearTimeout(this.timer);
    for (const stop of this.stops.splice(0)) stop();
  }

  private ownerOf(deviceId: string): string {
    return rendezvousOwner(deviceId, this.members.liveNodes()) ?? this.bus.nodeId;
  }

  private schedulePlacement(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.placing = this.placing
        .then(() => this.place())
        .catch((err: unknown) => this.log.warn({ err }, 'persistent RPCs could not be placed'));
    }, SETTLE_MS);
    this.timer.unref();
  }

  private async place(): Promise<void> {
    const rows = await this.repo.openRpcs();
    const held = new Set(this.dispatcher.heldPersistentIds());
    const owned = rows.filter((row) => this.ownerOf(row.deviceId) === this.bus.nodeId);
    const ownedIds = new Set(owned.map((row) => row.id));
    for (const id of held) if (!ownedIds.has(id)) this.dispatcher.forget(id);
    this.dispatcher.restore(owned.filter((row) => !held.has(row.id)));
  }
}
