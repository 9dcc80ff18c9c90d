import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { type PgliteThreadClient, STORE_THREAD_STOPPED } from './pglite-thread-client.js';
import type { ThreadResult } from './pglite-thread-protocol.js';

/**
 * Kysely dialect over an embedded PGlite instance, which runs in its own thread (pglite-thread.ts).
 * PGlite is a single connection, so the driver hands it out to one user at a time: a transaction
 * keeps it until commit or rollback, and other queries wait.
 */
export class PGliteDialect implements Dialect {
  /** `onBroken` is told once when the store fails in a way it cannot recover from (see storeFailure). */
  constructor(
    private readonly db: PgliteThreadClient,
    private readonly onBroken: (error: Error) => void = () => {},
  ) {}
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.db, this.onBroken);
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private destroyed = false;
  private readonly connection: PGliteConnection;

  constructor(
    private readonly db: PgliteThreadClient,
    onBroken: (error: Error) => void,
  ) {
    let told = false;
    this.connection = new PGliteConnection(db, (error) => {
      // Failures after our own close (a straggling query during shutdown) are no breakdown.
      if (told || this.destroyed) return;
      told = true;
      onBroken(error);
    });
  }

  async init(): Promise<void> {
    // The store's thread answers once the store is open (PgliteThreadClient.start).
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.connection.release = release;
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(): Promise<void> {
    this.connection.release();
  }
  async destroy(): Promise<void> {
    this.destroyed = true;
    await this.db.close();
  }
}

/** What PGlite throws once its instance is closed, or while it closes (`_checkReady`). */
const CLOSED_MESSAGES = new Set(['PGlite is closed', 'PGlite is closing']);

/**
 * The failure of the store itself rather than of one SQL statement, after which every later query
 * fails too, so the process must not go on serving; an Error saying so, or undefined. Counted:
 * - a failure of the WebAssembly machine (memory access out of bounds, unreachable code, a bad
 *   indirect call, Emscripten's `Aborted(…)`: a `WebAssembly.RuntimeError`);
 * - Emscripten's `ExitStatus` (not an Error), thrown when PostgreSQL inside exits, e.g. on FATAL;
 * - PGlite refusing queries because its instance is closed or closing, which the server never
 *   does while serving (its own close is excluded by the driver);
 * - the store's thread stopping unasked (an uncaught failure in it).
 */
export function storeFailure(error: unknown): Error | undefined {
  if (error instanceof Error) {
    return error.name === 'RuntimeError' ||
      error.name === STORE_THREAD_STOPPED ||
      CLOSED_MESSAGES.has(error.message)
      ? error
      : undefined;
  }
  if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'ExitStatus') {
    const { message, status } = error as { message?: unknown; status?: unknown };
    const exit = new Error(
      typeof message === 'string' ? message : `PostgreSQL exited with status ${String(status)}`,
    );
    exit.name = 'ExitStatus';
    return exit;
  }
  return undefined;
}

class PGliteConnection implements DatabaseConnection {
  release: () => void = () => {};
  constructor(
    private readonly db: PgliteThreadClient,
    private readonly onBroken: (error: Error) => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    let result: ThreadResult;
    try {
      // Parameterless SQL may hold several statements (migrations); only exec accepts that.
      result = await this.db.query(
        query.parameters.length === 0 ? 'exec' : 'query',
        query.sql,
        query.parameters,
      );
    } catch (error) {
      const failure = storeFailure(error);
      if (failure) this.onBroken(failure);
      throw error;
    }
    return {
      rows: result.rows as R[],
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not supported by PGlite; Kysely requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on the embedded store');
  }
}
