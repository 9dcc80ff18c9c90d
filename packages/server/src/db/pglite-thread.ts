import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { PgliteStatements } from './pglite-statements.js';
import {
  type PgliteThreadData,
  type PgliteThreadReply,
  type PgliteThreadRequest,
  toThreadError,
} from './pglite-thread-protocol.js';
import { StatementLanes } from './statement-lanes.js';

/**
 * The embedded store's thread (decision 0042): owns the PGlite instance and runs the statements the
 * server's thread sends, so the store's CPU (parsing, planning, the WebAssembly PostgreSQL, its file
 * system calls) no longer holds up the server's event loop. They run one at a time, interactive ones
 * ahead of background ones (statement-lanes.ts); the server's driver keeps everyone else's
 * statements back while a transaction is open.
 */
if (!parentPort) throw new Error('pglite-thread must run as a worker thread');
const port = parentPort;
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

const lanes = new StatementLanes<PgliteThreadRequest>();
let draining = false;

port.on('message', (request: PgliteThreadRequest) => {
  lanes.push(request);
  if (!draining) void drain();
});

/** Runs what waits until nothing may run; one statement at a time, as PGlite takes them anyway. */
async function drain(): Promise<void> {
  draining = true;
  try {
    for (;;) {
      // What arrived while the last statement ran joins its lane before the next is chosen, so an
      // interactive statement overtakes the background ones that were already waiting.
      for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
        lanes.push(received.message as PgliteThreadRequest);
      }
      const request = lanes.next();
      if (!request) return;
      await handle(request);
      lanes.ran(request.lane, !db.closed && statements.inTransaction);
    }
  } finally {
    draining = false;
  }
}

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
