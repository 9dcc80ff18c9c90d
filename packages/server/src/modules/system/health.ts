import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/store.js';

export interface HealthChecks {
  db: Db;
  /** In a cluster: whether the NATS connection is up (a node without it cannot take device data). */
  clusterConnected?: () => boolean;
}

/**
 * Liveness and readiness for load balancers and process supervisors (Meridian's own; the
 * reference has none). Both are public and say nothing about the platform's data.
 */
export function registerHealthRoutes(app: FastifyInstance, checks: HealthChecks): void {
  const pub = { access: 'public' as const };
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.get('/api/health', { config: pub }, () => ({ status: 'UP' }));
  app.get('/api/health/ready', { config: pub }, async (_req, reply) => {
    const down = (reason: string) => reply.code(503).send({ status: 'DOWN', reason });
    // A node shutting down leaves the balancer first, so new requests go elsewhere.
    if (closing) return down('shutting down');
    if (checks.clusterConnected && !checks.clusterConnected()) return down('no NATS connection');
    try {
      await sql`select 1`.execute(checks.db);
    } catch {
      return down('database unavailable');
    }
    return { status: 'UP' };
  });
}
