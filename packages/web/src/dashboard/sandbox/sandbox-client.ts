import type { JobResult, SandboxJob, SandboxRequest, SandboxResponse } from './protocol';

/**
 * The page's side of the tenant script worker (ADR 0026): posts jobs, matches answers to requests,
 * and enforces a time limit per request. A request that runs over it (a looping function) gets an
 * error; the worker is terminated and a fresh one takes the requests still waiting.
 */

/** What the client needs of a worker; a real `Worker` fits, tests pass a fake. */
export interface WorkerLike {
  postMessage(message: SandboxRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<SandboxResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export class SandboxTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`Script did not finish within ${timeoutMs} ms`);
    this.name = 'SandboxTimeoutError';
  }
}

interface Pending {
  request: SandboxRequest;
  timeoutMs: number;
  timer: ReturnType<typeof setTimeout>;
  resolve: (results: JobResult[]) => void;
  reject: (error: Error) => void;
}

export interface TenantSandbox {
  /** Runs the jobs in one message; resolves with one result per job, rejects on timeout. */
  run(jobs: SandboxJob[], timeoutMs?: number): Promise<JobResult[]>;
  /** Ends the worker and fails what is waiting. */
  dispose(): void;
}

export const DEFAULT_SCRIPT_TIMEOUT_MS = 2000;

export function createTenantSandbox(spawn: () => WorkerLike): TenantSandbox {
  let worker: WorkerLike | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const settle = (id: number) => {
    const entry = pending.get(id);
    if (entry) {
      clearTimeout(entry.timer);
      pending.delete(id);
    }
    return entry;
  };

  const arm = (entry: Pending) => {
    entry.timer = setTimeout(() => onTimeout(entry.request.id), entry.timeoutMs);
  };

  const current = (): WorkerLike => {
    if (worker) return worker;
    const created = spawn();
    created.onmessage = (event) => {
      const entry = settle(event.data.id);
      entry?.resolve(event.data.results);
    };
    created.onerror = (event) => {
      // A worker that fails to load or dies fails everything it had.
      event.preventDefault?.();
      restart();
      for (const id of [...pending.keys()])
        settle(id)?.reject(new Error(event.message || 'Script worker failed'));
    };
    worker = created;
    return created;
  };

  const restart = () => {
    worker?.terminate();
    worker = null;
  };

  function onTimeout(id: number) {
    const entry = settle(id);
    if (!entry) return;
    restart();
    entry.reject(new SandboxTimeoutError(entry.timeoutMs));
    // The others were queued behind the looping one: give them a fresh worker and a fresh limit.
    for (const other of pending.values()) {
      clearTimeout(other.timer);
      arm(other);
      current().postMessage(other.request);
    }
  }

  return {
    run(jobs, timeoutMs = DEFAULT_SCRIPT_TIMEOUT_MS) {
      return new Promise<JobResult[]>((resolve, reject) => {
        const request: SandboxRequest = { id: nextId++, jobs };
        const entry: Pending = { request, timeoutMs, resolve, reject, timer: undefined as never };
        pending.set(request.id, entry);
        arm(entry);
        current().postMessage(request);
      });
    },
    dispose() {
      restart();
      for (const id of [...pending.keys()]) settle(id)?.reject(new Error('Script sandbox closed'));
    },
  };
}
