import type { ClusterMembers } from '../membership.js';

/** The membership as the queue tests drive it: one shared list of live nodes. */
export class FakeCluster {
  live: string[] = [];
  private readonly listeners = new Set<() => void>();

  member(nodeId: string): ClusterMembers {
    return {
      nodeId,
      liveNodes: () => this.live,
      onChange: (listener) => {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
      },
    };
  }

  set(live: string[]): void {
    this.live = live;
    for (const listener of this.listeners) listener();
  }
}
