import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { PgliteStatements } from './pglite-statements.js';
import {
  type PgliteThreadData,
  type PgliteThreadReply,
  type PgliteThreadRequest,
  toThreadError,
} from './pglite-thread-protocol.js';

/**
 * The embedded store's thread (decision 0042): owns the PGlite instance and runs the statements the
 * server's thread sends, one at a time and in order, so the store's CPU (parsing, planning, the
 * WebAssembly PostgreSQL, its file system calls) no longer holds up the server's event loop. The
 * server's driver hands the single connection to one user at a time, so transactions are the
 * driver's business, not this thread's.
 */
const port = parentPort;
if (!port) throw new Error('pglite-thread must run as a worker thread');
const data = workerData as PgliteThreadData;
const reply = (message: PgliteThreadReply) => port.postMessage(message);

let db: PGlite;
let statements: PgliteStatements;
try {
  db = new PGlite(data.dataPath, { wasmModule: data.wasmModule as PGliteOptions['wasmModule'] });
  await db.waitReady;
  // PGlite starts with both at debug levels: PostgreSQL then formats a debug message or several for
  // every statement (a quarter of a small insert's time), which nobody reads.
  await db.exec('SET client_min_messages TO warning; SET log_min_messages TO warning');
  statements = new PgliteStatements(db);
  reply({ id: 0, ready: true });
} catch (error) {
  reply({ id: 0, error: toThreadError(error) });
  process.exit(1);
}

/** Requests wait here while one runs: PGlite takes one statement at a time anyway. */
let running: Promise<void> = Promise.resolve();

port.on('message', (request: PgliteThreadRequest) => {
  running = running.then(() => handle(request));
});

async function handle(request: PgliteThreadRequest): Promise<void> {
  try {
    if (request.op === 'close') {
      if (!db.closed) await db.close();
      reply({ id: request.id, rows: [], affectedRows: undefined });
      return;
    }
    // As PGlite's own query() says it; the server counts this as the store having failed.
    if (db.closed) throw new Error('PGlite is closed');
    const result =
      request.op === 'exec' ? statements.exec(request.sql) : statements.query(request.sql, request.params);
    reply({ id: request.id, rows: result.rows, affectedRows: result.affectedRows });
  } catch (error) {
    reply({ id: request.id, error: toThreadError(error) });
  }
}
