import type { JsonValue } from '@meridian/common';
import {
  type CompiledScript,
  ScriptCompileError,
  type ScriptEngine,
  ScriptError,
  ScriptMemoryError,
  ScriptRuntimeError,
  ScriptTimeoutError,
} from './engine.js';
import type { SandboxLimits, SandboxOutcome } from './sandbox-protocol.js';
import { SandboxWorkerClient, type WorkerAnswer } from './sandbox-worker-client.js';

export interface SandboxScriptEngineOptions {
  /** Per compile or call, wall time (the reference's `js.local.max_cpu_time`, 8000 ms). */
  timeLimitMs?: number;
  /** Heap of each tenant's QuickJS runtime (all its scripts together). */
  memoryLimitBytes?: number;
  /** QuickJS stack limit; deeper recursion fails with "stack overflow". */
  maxStackBytes?: number;
  /** Sandbox worker threads; tenants are spread over them by id. */
  workers?: number;
  /** How long past the time limit a silent worker is given before it is replaced. */
  watchdogGraceMs?: number;
  /**
   * Time-outs and memory errors after which a script is blocked (the reference's
   * `js.local.max_errors`, 3), and for how long (`max_black_list_duration_sec`, 60 s).
   */
  maxErrors?: number;
  blockMs?: number;
  /**
   * A worker with nothing to do for this long is stopped, giving its memory back; the scripts are
   * compiled again, in a new worker, when next called. 0 keeps workers running.
   */
  idleStopMs?: number;
  /** Told when a worker is replaced (died, or stuck in code QuickJS could not interrupt). */
  onWorkerReplaced?: (reason: string) => void;
}

export const SCRIPT_SANDBOX_DEFAULTS = {
  timeLimitMs: 8000,
  memoryLimitBytes: 64 * 1024 * 1024,
  maxStackBytes: 1024 * 1024,
  workers: 1,
  watchdogGraceMs: 2000,
  maxErrors: 3,
  blockMs: 60_000,
  idleStopMs: 30_000,
} as const;

/** A compiled body shared by every node of a tenant that compiled the same text. */
interface SharedScript {
  id: number;
  key: string;
  tenantId: string;
  body: string;
  argNames: readonly string[];
  worker: SandboxWorkerClient;
  refs: number;
  /** The worker generation the script is compiled in; -1 when it must be compiled (again). */
  generation: number;
  compiled: Promise<void>;
  /** Consecutive time-outs and memory errors, and the end of a block. */
  strikes: number;
  blockedUntil: number;
}

/** Attempts per call when the worker is replaced underneath it (a neighbour's stuck script). */
const MAX_ATTEMPTS = 3;

/**
 * The tenant script engine: QuickJS compiled to WebAssembly, in worker threads (decision 0031).
 * Compiles are shared per (tenant, argument names, body) and counted; the last release frees the
 * script in its worker. Arguments and results cross as JSON text.
 */
export class SandboxScriptEngine implements ScriptEngine {
  private readonly options: Required<Omit<SandboxScriptEngineOptions, 'onWorkerReplaced'>>;
  private readonly workers: SandboxWorkerClient[];
  private readonly scripts = new Map<string, SharedScript>();
  private nextId = 1;

  constructor(options: SandboxScriptEngineOptions = {}) {
    const { onWorkerReplaced, ...rest } = options;
    this.options = { ...SCRIPT_SANDBOX_DEFAULTS, ...stripUndefined(rest) };
    const limits: SandboxLimits = {
      timeLimitMs: this.options.timeLimitMs,
      memoryLimitBytes: this.options.memoryLimitBytes,
      maxStackBytes: this.options.maxStackBytes,
    };
    const count = Math.max(1, Math.floor(this.options.workers));
    this.workers = Array.from(
      { length: count },
      () =>
        new SandboxWorkerClient(limits, this.options.watchdogGraceMs, this.options.idleStopMs, (reason) =>
          onWorkerReplaced?.(reason),
        ),
    );
  }

  /** Distinct compiled scripts alive (shared compiles count once). */
  get scriptCount(): number {
    return this.scripts.size;
  }

  /** Worker threads currently started (they start on first use and stop when idle). */
  get runningWorkers(): number {
    return this.workers.filter((worker) => worker.running).length;
  }

  async compile(tenantId: string, body: string, argNames: readonly string[]): Promise<CompiledScript> {
    const key = JSON.stringify([tenantId, argNames, body]);
    let script = this.scripts.get(key);
    if (script) {
      script.refs++;
    } else {
      const worker = this.workerFor(tenantId);
      const created: SharedScript = {
        id: this.nextId++,
        key,
        tenantId,
        body,
        argNames: [...argNames],
        worker,
        refs: 1,
        generation: -1,
        compiled: Promise.resolve(),
        strikes: 0,
        blockedUntil: 0,
      };
      created.compiled = this.compileIn(created).catch((error: unknown) => {
        this.scripts.delete(key);
        throw error;
      });
      this.scripts.set(key, created);
      script = created;
    }
    try {
      await script.compiled;
    } catch (error) {
      script.refs--;
      throw error;
    }
    return this.handle(script);
  }

  /** Stops the workers; compiled scripts fail from then on. */
  async close(): Promise<void> {
    this.scripts.clear();
    await Promise.all(this.workers.map((worker) => worker.close()));
  }

  private handle(script: SharedScript): CompiledScript {
    let released = false;
    return {
      invoke: (args) => {
        if (released) return Promise.reject(new ScriptError('The script was released'));
        return this.invoke(script, args);
      },
      release: () => {
        if (released) return;
        released = true;
        script.refs--;
        if (script.refs > 0) return;
        if (this.scripts.get(script.key) === script) this.scripts.delete(script.key);
        script.worker.release(script.id);
      },
    };
  }

  private async invoke(script: SharedScript, args: readonly JsonValue[]): Promise<JsonValue> {
    const now = Date.now();
    if (script.blockedUntil > now) {
      throw new ScriptRuntimeError(
        `Script invocation is blocked due to maximum error count ${this.options.maxErrors}!`,
      );
    }
    const argsJson = JSON.stringify(args);
    for (let attempt = 1; ; attempt++) {
      if (script.generation !== script.worker.generation) await this.compileIn(script);
      const answer = await script.worker.request({ op: 'invoke', scriptId: script.id, argsJson });
      if (answer === 'lost') {
        if (attempt < MAX_ATTEMPTS) continue;
        throw new ScriptRuntimeError('The script sandbox was restarted; the call was not run');
      }
      if (answer.ok) {
        script.strikes = 0;
        return JSON.parse(answer.resultJson) as JsonValue;
      }
      if (answer.kind === 'timeout' || answer.kind === 'memory') this.strike(script);
      throw toError(answer);
    }
  }

  /** Compiles the script in its worker's current generation. */
  private async compileIn(script: SharedScript): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const generation = script.worker.generation;
      const answer: WorkerAnswer = await script.worker.request({
        op: 'compile',
        scriptId: script.id,
        tenantId: script.tenantId,
        body: script.body,
        argNames: script.argNames,
      });
      if (answer === 'lost') {
        if (attempt < MAX_ATTEMPTS) continue;
        throw new ScriptError('The script sandbox was restarted; the script was not compiled');
      }
      if (!answer.ok) throw toError(answer);
      script.generation = generation;
      return;
    }
  }

  private strike(script: SharedScript): void {
    script.strikes++;
    if (script.strikes >= this.options.maxErrors) {
      script.strikes = 0;
      script.blockedUntil = Date.now() + this.options.blockMs;
    }
  }

  private workerFor(tenantId: string): SandboxWorkerClient {
    let hash = 0;
    for (let i = 0; i < tenantId.length; i++) hash = (hash * 31 + tenantId.charCodeAt(i)) | 0;
    return this.workers[Math.abs(hash) % this.workers.length] as SandboxWorkerClient;
  }
}

function toError(outcome: Extract<SandboxOutcome, { ok: false }>): ScriptError {
  switch (outcome.kind) {
    case 'compile':
      return new ScriptCompileError(outcome.message, outcome.line, outcome.column);
    case 'timeout':
      return new ScriptTimeoutError(outcome.message);
    case 'memory':
      return new ScriptMemoryError(outcome.message);
    default:
      return new ScriptRuntimeError(outcome.message);
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
