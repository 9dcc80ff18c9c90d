import fs from 'node:fs/promises';
import path from 'node:path';
import { CamelCasePlugin, Kysely, type MigrationProvider, Migrator, PostgresDialect } from 'kysely';
import { migrations } from './migrations/index.js';
import { PGliteDialect, PgliteSession } from './pglite-dialect.js';
import { pgliteModule } from './pglite-module.js';
import { PgliteThreadClient } from './pglite-thread-client.js';
import { preparingPool } from './postgres-prepared.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface Store {
  db: Db;
  /**
   * The same database for background writes (the group commit of device data, clean-ups). On the
   * embedded store its statements wait while interactive ones (REST calls) are waiting, so a console
   * stays responsive under ingest; on PostgreSQL it is `db`.
   */
  backgroundDb: Db;
  /** 'pglite' for the embedded store, 'postgres' for a server given by DATABASE_URL. */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const INT8_OID = 20;

/**
 * Opens the SQL store: PostgreSQL when a URL is given, otherwise embedded PGlite under dataDir
 * (`memory://` keeps it in memory). Both speak the same dialect, so the rest of the server does not
 * know which one it runs on.
 */
export async function openStore(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  /** shared_buffers of the embedded store; absent: PGlite's own 128MB. */
  embeddedSharedBuffers?: string;
  /** Told when the embedded store cannot apply embeddedSharedBuffers and runs with PGlite's own. */
  onEmbeddedNotice?: (message: string) => void;
  /** Told when an idle PostgreSQL connection fails (server restart, terminated session). */
  onIdleConnectionError?: (error: Error) => void;
  /**
   * Told once when the embedded store breaks beyond repair (its WebAssembly machine failed): every
   * later query would fail, so the server stops rather than answer 500 for ever.
   */
  onStoreBroken?: (error: Error) => void;
}): Promise<Store> {
  // Column names only: keys inside JSON values (additionalInfo, profile data, dashboards, JSON
  // telemetry) are the user's and come back exactly as stored.
  const plugins = [new CamelCasePlugin({ maintainNestedObjectKeys: true })];
  if (options.databaseUrl && options.databaseUrl !== 'memory://') {
    // Loaded only for PostgreSQL, so the embedded store does not hold the driver.
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // bigint columns hold epoch milliseconds, which fit in a JS number.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection that PostgreSQL terminates (a restart, an administrator, a dropped
    // database) is discarded by the pool and replaced on the next query; without a listener its
    // error would be thrown as an uncaught exception and stop the server.
    pool.on('error', (error) => options.onIdleConnectionError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }), plugins });
    return { db, backgroundDb: db, kind: 'postgres', close: () => db.destroy() };
  }
  let dataPath: string | undefined;
  if (options.databaseUrl !== 'memory://') {
    dataPath = path.join(options.dataDir, 'db');
    await fs.mkdir(dataPath, { recursive: true });
  }
  // The patched binary is compiled on this thread, once per process, and every store's thread
  // runs that compiled code (decision 0042).
  let wasmModule: unknown;
  if (options.embeddedSharedBuffers) {
    const loaded = await pgliteModule(options.embeddedSharedBuffers);
    if (loaded.patched) wasmModule = loaded.module;
    else options.onEmbeddedNotice?.(`embedded store keeps PGlite's shared_buffers: ${loaded.reason}`);
  }
  const thread = await PgliteThreadClient.start({ dataPath, wasmModule });
  const session = new PgliteSession(thread, options.onStoreBroken);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(session), plugins });
  const backgroundDb = new Kysely<Database>({ dialect: new PGliteDialect(session, 'background'), plugins });
  return { db, backgroundDb, kind: 'pglite', close: () => db.destroy() };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies pending migrations; Kysely holds a PostgreSQL advisory lock so cluster nodes take turns. */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider, migrationTableName: 'schema_migration' });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
