import type { FastifyInstance } from 'fastify';
import type { NodeInfo } from './membership.js';

/** What the cluster page of a node says; a node running alone reports itself. */
export interface ClusterView {
  clusterName: string | null;
  nodeId: string;
  nodes(): (NodeInfo & { lastSeen: number })[];
  /** Rule engine queue partitions: owner and messages waiting (cluster mode only). */
  partitions(): Promise<{ queue: string; partition: number; owner: string | null; pending: number }[]>;
}

/** `GET /api/admin/cluster` (system administrator): the nodes, their partitions and queue lag. */
export function registerClusterRoutes(app: FastifyInstance, view: ClusterView): void {
  app.get('/api/admin/cluster', { config: { access: ['SYS_ADMIN'] as const } }, async () => {
    const partitions = await view.partitions();
    const nodes = view.nodes().map((node) => ({
      ...node,
      partitions: partitions.filter((p) => p.owner === node.nodeId).map((p) => `${p.queue}.${p.partition}`),
    }));
    return {
      mode: view.clusterName === null ? 'STANDALONE' : 'CLUSTER',
      clusterName: view.clusterName,
      nodeId: view.nodeId,
      nodes,
      queues: summarize(partitions),
    };
  });
}

function summarize(partitions: { queue: string; owner: string | null; pending: number }[]) {
  const byQueue = new Map<string, { queue: string; partitions: number; unowned: number; lag: number }>();
  for (const p of partitions) {
    const entry = byQueue.get(p.queue) ?? { queue: p.queue, partitions: 0, unowned: 0, lag: 0 };
    entry.partitions++;
    if (p.owner === null) entry.unowned++;
    entry.lag += p.pending;
    byQueue.set(p.queue, entry);
  }
  return [...byQueue.values()];
}
