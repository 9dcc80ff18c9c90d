import { sql } from 'kysely';
import type { Store } from './store.js';

/** An arbitrary constant: the advisory lock cluster nodes take while one of them installs. */
const START_UP_LOCK = 7_340_271_113;

/**
 * Runs `work` while holding a PostgreSQL advisory lock, so that nodes of a cluster starting at
 * once on a new database install the system data once, one after the other. The lock is held
 * on a connection of its own while `work` uses the pool. The embedded store has one process and
 * one connection: no lock.
 */
export async function whileStartingAlone<T>(store: Store, work: () => Promise<T>): Promise<T> {
  if (store.kind !== 'postgres') return work();
  return store.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${START_UP_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${START_UP_LOCK})`.execute(connection);
    }
  });
}
