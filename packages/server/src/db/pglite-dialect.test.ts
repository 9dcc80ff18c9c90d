import { Kysely, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { PGliteDialect, PgliteSession, storeFailure } from './pglite-dialect.js';
import type { PgliteThreadClient } from './pglite-thread-client.js';
import type { ThreadResult } from './pglite-thread-protocol.js';

/** Stands in for the store's thread: records the statements in the order they arrive. */
class RecordingThread {
  readonly received: string[] = [];
  readonly lanes: string[] = [];
  /** Statements whose answer the test holds back, by SQL text. */
  readonly held = new Map<string, () => void>();
  failing = new Set<string>();

  query(_op: string, text: string, _params: unknown, lane: string): Promise<ThreadResult> {
    this.received.push(text);
    this.lanes.push(lane);
    return new Promise((resolve, reject) => {
      const answer = () =>
        this.failing.has(text) ? reject(new Error(`${text} failed`)) : resolve({ rows: [], affectedRows: 0 });
      if (text.startsWith('hold')) this.held.set(text, answer);
      else setImmediate(answer);
    });
  }
  async close(): Promise<void> {}
}

function storeOver(thread: RecordingThread) {
  return storesOver(thread).db;
}

/** An interactive and a background Kysely sharing one session, as openStore makes them. */
function storesOver(thread: RecordingThread) {
  const session = new PgliteSession(thread as unknown as PgliteThreadClient);
  return {
    db: new Kysely<unknown>({ dialect: new PGliteDialect(session) }),
    backgroundDb: new Kysely<unknown>({ dialect: new PGliteDialect(session, 'background') }),
  };
}

/** A promise the test settles when it chooses, and the function that settles it. */
function gate(): [Promise<void>, () => void] {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return [opened, open];
}

/** Long enough for a statement that was not held back to have reached the thread. */
const aWhile = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the embedded store’s driver', () => {
  it('sends a statement without waiting for the answer to the one before', async () => {
    const thread = new RecordingThread();
    const db = storeOver(thread);
    const first = sql`hold first`.execute(db);
    const others = Promise.all([sql`second`.execute(db), sql`third`.execute(db)]);
    await vi.waitFor(() => expect(thread.received).toEqual(['hold first', 'second', 'third']));
    await others;
    thread.held.get('hold first')?.();
    await first;
  });

  it('holds other statements back while a transaction is open, until its commit or rollback', async () => {
    const thread = new RecordingThread();
    const db = storeOver(thread);
    const [inside, release] = gate();
    const committed = db.transaction().execute(async (trx) => {
      await sql`in 1`.execute(trx);
      await inside;
      await sql`in 2`.execute(trx);
    });
    await vi.waitFor(() => expect(thread.received).toEqual(['begin', 'in 1']));
    const outside = sql`outside`.execute(db);
    await aWhile();
    expect(thread.received).toEqual(['begin', 'in 1']);
    release();
    await Promise.all([committed, outside]);
    expect(thread.received).toEqual(['begin', 'in 1', 'in 2', 'commit', 'outside']);

    thread.received.length = 0;
    const failed = db.transaction().execute(async (trx) => {
      await sql`in 3`.execute(trx);
      throw new Error('work failed');
    });
    const after = sql`after`.execute(db);
    await expect(failed).rejects.toThrow('work failed');
    await after;
    expect(thread.received).toEqual(['begin', 'in 3', 'rollback', 'after']);
  });

  it('sends each store’s statements in its lane, and holds either back during the other’s transaction', async () => {
    const thread = new RecordingThread();
    const { db, backgroundDb } = storesOver(thread);
    const [inside, release] = gate();
    const committed = backgroundDb.transaction().execute(async (trx) => {
      await sql`batch`.execute(trx);
      await inside;
    });
    await vi.waitFor(() => expect(thread.received).toEqual(['begin', 'batch']));
    const rest = sql`rest`.execute(db);
    await aWhile();
    expect(thread.received).toEqual(['begin', 'batch']);
    release();
    await Promise.all([committed, rest]);
    expect(thread.received).toEqual(['begin', 'batch', 'commit', 'rest']);
    expect(thread.lanes).toEqual(['background', 'background', 'background', 'interactive']);
  });

  it('lets the others go when a transaction cannot begin, or its commit fails', async () => {
    const thread = new RecordingThread();
    const db = storeOver(thread);
    thread.failing.add('begin');
    await expect(db.transaction().execute(async () => {})).rejects.toThrow('begin failed');
    await sql`next`.execute(db);
    thread.failing = new Set(['commit']);
    await expect(db.transaction().execute(async () => {})).rejects.toThrow('commit failed');
    await sql`last`.execute(db);
    expect(thread.received).toEqual(['begin', 'next', 'begin', 'commit', 'rollback', 'last']);
  });
});

describe('storeFailure', () => {
  it('counts a WebAssembly failure, a closed or closing instance and an exit of PostgreSQL', () => {
    const runtime = new Error('table index is out of bounds');
    runtime.name = 'RuntimeError';
    expect(storeFailure(runtime)).toBe(runtime);
    expect(storeFailure(new Error('PGlite is closed'))?.message).toBe('PGlite is closed');
    expect(storeFailure(new Error('PGlite is closing'))?.message).toBe('PGlite is closing');
    // Emscripten's ExitStatus is no Error; it is reported as one.
    const exit = storeFailure({ name: 'ExitStatus', message: 'Program terminated with exit(1)', status: 1 });
    expect(exit).toBeInstanceOf(Error);
    expect(exit).toMatchObject({ name: 'ExitStatus', message: 'Program terminated with exit(1)' });
  });

  it('leaves SQL errors and anything else alone', () => {
    expect(
      storeFailure(new Error('duplicate key value violates unique constraint "device_pkey"')),
    ).toBeUndefined();
    expect(storeFailure(new Error('PGlite is closed for maintenance'))).toBeUndefined();
    expect(storeFailure('PGlite is closed')).toBeUndefined();
    expect(storeFailure(undefined)).toBeUndefined();
  });
});
