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
import type { Lane, ThreadResult } from './pglite-thread-protocol.js';

/**
 * Kysely dialect over an embedded PGlite instance, which runs in its own thread (pglite-thread.ts).
 * PGlite is a single connection: a transaction has it to itself until commit or rollback, and
 * other statements wait (see PgliteSession). Each dialect sends its statements in one lane of the
 * store's thread: a Kysely instance for background writes and one for everything else share a
 * session, and so its transactions.
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly session: PgliteSession,
    private readonly lane: Lane = 'interactive',
  ) {}
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.session, this.lane);
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

/**
 * The store's thread as the server's drivers share it. Statements go to the thread as soon as they
 * are made, and the thread runs them in the order they arrive in their lane: a statement does not
 * wait for the answer to the one before it, which would cost a turn of the server's busy event loop
 * for each (under ingest, the REST calls and the group commit waited on each other's round trips).
 * Only a transaction holds the others back: from its `begin` until its end, statements of anyone
 * else wait, so none runs inside it.
 */
export class PgliteSession {
  private destroyed = false;
  private readonly onBroken: (error: Error) => void;
  /** The connection whose transaction is open, and what settles when that transaction ends. */
  private transaction: { owner: PGliteConnection; ended: Promise<void>; end: () => void } | undefined;

  /** `onBroken` is told once when the store fails in a way it cannot recover from (see storeFailure). */
  constructor(
    private readonly thread: PgliteThreadClient,
    onBroken: (error: Error) => void = () => {},
  ) {
    let told = false;
    this.onBroken = (error) => {
      // Failures after our own close (a straggling query during shutdown) are no breakdown.
      if (told || this.destroyed) return;
      told = true;
      onBroken(error);
    };
  }

  /** Sends a statement of `connection` once no other connection's transaction is open. */
  async send(connection: PGliteConnection, query: CompiledQuery): Promise<ThreadResult> {
    while (this.transaction && this.transaction.owner !== connection) await this.transaction.ended;
    try {
      // Parameterless SQL may hold several statements (migrations); only exec accepts that.
      return await this.thread.query(
        query.parameters.length === 0 ? 'exec' : 'query',
        query.sql,
        query.parameters,
        connection.lane,
      );
    } catch (error) {
      const failure = storeFailure(error);
      if (failure) this.onBroken(failure);
      throw error;
    }
  }

  async begin(owner: PGliteConnection): Promise<void> {
    while (this.transaction) await this.transaction.ended;
    let end!: () => void;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    this.transaction = { owner, ended, end };
    try {
      await owner.executeQuery(CompiledQuery.raw('begin'));
    } catch (error) {
      // Kysely rolls back only a transaction that began.
      this.end(owner);
      throw error;
    }
  }

  /** Lets the others go if `conn` holds the open transaction. */
  end(conn: DatabaseConnection): void {
    if (this.transaction?.owner !== conn) return;
    const { end } = this.transaction;
    this.transaction = undefined;
    end();
  }

  async close(): Promise<void> {
    this.destroyed = true;
    await this.thread.close();
  }
}

class PGliteDriver implements Driver {
  constructor(
    private readonly session: PgliteSession,
    private readonly lane: Lane,
  ) {}

  async init(): Promise<void> {
    // The store's thread answers once the store is open (PgliteThreadClient.start).
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this.session, this.lane);
  }

  async beginTransaction(conn: DatabaseConnection): Promise<void> {
    await this.session.begin(conn as PGliteConnection);
  }
  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    // A failed commit is followed by Kysely's rollback, which ends the transaction.
    await conn.executeQuery(CompiledQuery.raw('commit'));
    this.session.end(conn);
  }
  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    try {
      await conn.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      this.session.end(conn);
    }
  }
  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    // A connection given back with its transaction open (it cannot happen through Kysely's API)
    // must not hold every other statement back for ever.
    this.session.end(conn);
  }
  async destroy(): Promise<void> {
    await this.session.close();
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
  constructor(
    private readonly session: PgliteSession,
    readonly lane: Lane,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.session.send(this, query);
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
