import { Worker } from 'node:worker_threads';
import { workerEntry } from '../threads/worker-entry.js';
import {
  fromThreadError,
  type Lane,
  type PgliteThreadData,
  type PgliteThreadReply,
  type PgliteThreadRequest,
  type ThreadResult,
} from './pglite-thread-protocol.js';

/** The name of the error every statement gets once the store's thread has stopped unasked. */
export const STORE_THREAD_STOPPED = 'StoreThreadStopped';

interface Pending {
  resolve(result: ThreadResult): void;
  reject(error: unknown): void;
}

/**
 * The embedded store's thread seen from the server's thread: posts statements, matches the
 * answers. The thread keeps the process alive only while a statement is out, so a command that
 * opens the store (reset-sysadmin) still ends when its work is done.
 */
export class PgliteThreadClient {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stopped: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: PgliteThreadReply) => this.onReply(message));
    worker.on('error', (error) => this.stop(`failed: ${error.message}`));
    worker.on('exit', (code) => this.stop(`stopped (exit code ${code})`));
  }

  /** Starts the thread and opens the store in it; rejects with the store's own error if it cannot. */
  static start(data: PgliteThreadData): Promise<PgliteThreadClient> {
    const worker = new Worker(workerEntry(import.meta.url, 'pglite-thread'), { workerData: data });
    return new Promise((resolve, reject) => {
      // Only these listeners come off again: a Worker keeps listeners of its own.
      const stopListening = () => {
        worker.off('message', onFirst);
        worker.off('error', fail);
        worker.off('exit', onEarlyExit);
      };
      const fail = (error: unknown) => {
        stopListening();
        // Whatever the dying thread still reports, `error` already tells.
        worker.on('error', () => {});
        void worker.terminate();
        reject(error);
      };
      // A thread that ends before it says anything (it posts its error before it exits).
      const onEarlyExit = (code: number) =>
        fail(new Error(`The embedded store's thread stopped (exit code ${code})`));
      const onFirst = (message: PgliteThreadReply) => {
        if ('error' in message) return fail(fromThreadError(message.error));
        stopListening();
        const client = new PgliteThreadClient(worker);
        worker.unref();
        resolve(client);
      };
      worker.on('message', onFirst);
      worker.once('error', fail);
      worker.once('exit', onEarlyExit);
    });
  }

  query(op: 'query' | 'exec', sql: string, params: readonly unknown[], lane: Lane): Promise<ThreadResult> {
    return this.send({ op, id: this.nextId++, lane, sql, params });
  }

  /** Closes the store (PGlite writes what it holds) and ends the thread, after what was sent before. */
  async close(): Promise<void> {
    if (!this.stopped) {
      await this.send({ op: 'close', id: this.nextId++, lane: 'background' }).catch(() => undefined);
    }
    this.stopped ??= new Error('The embedded store is closed');
    await this.worker.terminate();
  }

  private send(request: PgliteThreadRequest): Promise<ThreadResult> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(request.id, { resolve, reject });
      this.worker.postMessage(request);
    });
  }

  private onReply(message: PgliteThreadReply): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    if ('error' in message) pending.reject(fromThreadError(message.error));
    else if ('rows' in message) pending.resolve(message);
  }

  private stop(reason: string): void {
    if (this.stopped) return;
    const error = new Error(`The embedded store's thread ${reason}`);
    error.name = STORE_THREAD_STOPPED;
    this.stopped = error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
