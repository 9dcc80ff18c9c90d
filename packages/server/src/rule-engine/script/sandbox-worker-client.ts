import { Worker } from 'node:worker_threads';
import { workerEntry } from '../../threads/worker-entry.js';
import type { SandboxLimits, SandboxOutcome, SandboxReply, SandboxRequest } from './sandbox-protocol.js';

/** What a request answers: the worker's outcome, or `lost` when the worker was replaced first. */
export type WorkerAnswer = SandboxOutcome | 'lost';

type RequestBody =
  | Omit<Extract<SandboxRequest, { op: 'compile' }>, 'id'>
  | Omit<Extract<SandboxRequest, { op: 'invoke' }>, 'id'>;

interface Pending {
  resolve(answer: WorkerAnswer): void;
}

/**
 * One sandbox worker seen from the main thread: sends requests, matches replies, and replaces the
 * worker when it dies or stays silent past the time limit plus a grace period (a script QuickJS
 * could not interrupt). Each replacement starts a new `generation`: scripts compiled in an older
 * one must be compiled again.
 */
export class SandboxWorkerClient {
  generation = 0;
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private lastProgress = 0;
  private watchdog: NodeJS.Timeout | null = null;
  private closed = false;
  private outbox: SandboxRequest[] = [];

  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly limits: SandboxLimits,
    private readonly graceMs: number,
    /** Idle time after which the worker is stopped (0: never); its scripts are compiled again on use. */
    private readonly idleStopMs: number,
    private readonly onReplaced: (reason: string) => void,
  ) {}

  get running(): boolean {
    return this.worker !== null;
  }

  request(body: RequestBody): Promise<WorkerAnswer> {
    if (this.closed) return Promise.resolve('lost');
    this.cancelIdleStop();
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<WorkerAnswer>((resolve) => {
      if (this.pending.size === 0) {
        this.lastProgress = Date.now();
        worker.ref();
        this.startWatchdog();
      }
      this.pending.set(id, { resolve });
      this.send({ ...body, id } as SandboxRequest);
    });
  }

  /** Queues a request; everything queued in this tick goes to the worker in one message. */
  private send(request: SandboxRequest): void {
    this.outbox.push(request);
    if (this.outbox.length > 1) return;
    queueMicrotask(() => {
      const batch = this.outbox;
      this.outbox = [];
      if (batch.length > 0) this.worker?.postMessage(batch);
    });
  }

  /**
   * Frees a script in the worker (no answer). Sent after any compile still queued for it; a worker
   * that never compiled the script ignores it.
   */
  release(scriptId: number): void {
    if (this.worker) this.send({ op: 'release', scriptId });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopWatchdog();
    this.cancelIdleStop();
    const worker = this.worker;
    this.worker = null;
    this.failAll(null, 'lost');
    if (worker) await worker.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerEntry(import.meta.url, 'sandbox-worker'), {
      workerData: this.limits,
      // QuickJS checks its own stack, but parsing deeply nested input recurses in WebAssembly on
      // this thread's stack: give it room so QuickJS's check trips first.
      resourceLimits: { stackSizeMb: 16 },
    });
    worker.unref();
    worker.on('message', (replies: readonly SandboxReply[]) => {
      for (const reply of replies) this.onReply(worker, reply);
    });
    worker.on('error', (error) => this.replace(worker, `the sandbox worker failed: ${error.message}`));
    worker.on('exit', (code) => this.replace(worker, `the sandbox worker stopped (exit code ${code})`));
    this.worker = worker;
    return worker;
  }

  private onReply(worker: Worker, reply: SandboxReply): void {
    if (worker !== this.worker) return;
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    this.lastProgress = Date.now();
    if (this.pending.size === 0) {
      worker.unref();
      this.stopWatchdog();
      this.scheduleIdleStop(worker);
    }
    const { id: _id, ...outcome } = reply;
    pending.resolve(outcome);
  }

  /**
   * Drops a dead or stuck worker. The request it was working on (the oldest) fails with `failure`;
   * the ones queued behind it are answered `lost`, so the engine sends them again to the new worker.
   */
  private replace(worker: Worker, reason: string, failure?: SandboxOutcome): void {
    if (worker !== this.worker || this.closed) return;
    this.worker = null;
    this.generation++;
    this.outbox = [];
    this.stopWatchdog();
    void worker.terminate();
    this.failAll(failure ?? { ok: false, kind: 'runtime', message: `The script failed: ${reason}` }, 'lost');
    this.onReplaced(reason);
  }

  private failAll(first: SandboxOutcome | null, rest: 'lost'): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    waiting.forEach((pending, index) => {
      pending.resolve(index === 0 && first ? first : rest);
    });
  }

  /**
   * An idle worker holds its thread's heap and the WebAssembly memory of every script it compiled
   * (~20 MB empty); a server whose scripts are not running gives that back.
   */
  private scheduleIdleStop(worker: Worker): void {
    if (this.idleStopMs <= 0) return;
    this.cancelIdleStop();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (worker !== this.worker || this.pending.size > 0 || this.outbox.length > 0) return;
      this.worker = null;
      this.generation++;
      void worker.terminate();
    }, this.idleStopMs);
    this.idleTimer.unref();
  }

  private cancelIdleStop(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private startWatchdog(): void {
    if (this.watchdog) return;
    const silentLimit = this.limits.timeLimitMs + this.graceMs;
    this.watchdog = setInterval(
      () => {
        const worker = this.worker;
        if (!worker || this.pending.size === 0) return;
        if (Date.now() - this.lastProgress > silentLimit) {
          this.replace(worker, `no answer within ${silentLimit} ms`, {
            ok: false,
            kind: 'timeout',
            message: `The script took longer than ${this.limits.timeLimitMs} ms`,
          });
        }
      },
      Math.min(500, silentLimit),
    );
    this.watchdog.unref();
  }

  private stopWatchdog(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
  }
}
