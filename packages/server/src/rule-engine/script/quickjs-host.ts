import {
  type Intrinsics,
  newQuickJSWASMModuleFromVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import type { SandboxLimits, SandboxOutcome } from './sandbox-protocol.js';

/**
 * The QuickJS side of the sandbox, run inside a sandbox worker (synchronous: one call at a time).
 *
 * Each tenant has its own QuickJS runtime (its own heap, memory limit and interrupt deadline);
 * each script has its own context in it (its own global object and built-ins), so a script sees
 * neither the globals nor the prototype changes of any other script. QuickJS has no `require`,
 * `process`, files, network or timers unless the host adds them, and this host adds nothing.
 */

/**
 * The built-ins scripts get: the language, JSON, Math, Date, RegExp, Map/Set and Promise. Each
 * script's context is made with them, and making them is most of a compile's cost: typed arrays
 * and Proxy (a quarter more time and memory per context) are left out.
 */
const SCRIPT_INTRINSICS: Intrinsics = {
  BaseObjects: true,
  Date: true,
  Eval: true,
  StringNormalize: true,
  RegExp: true,
  JSON: true,
  MapSet: true,
  // Without Promise, QuickJS's import() leaks the objects it made and its runtime cannot be freed.
  Promise: true,
};

/** QuickJS's Function constructor compiles `(function anonymous(<args>\n) {\n<body>\n})`. */
const BODY_LINE_OFFSET = 2;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const LOCATION = /<input>:(\d+):(\d+)/;
const MAX_JOBS_PER_DRAIN = 1000;

/** Parses the arguments, calls the function and serialises its result, inside the script's context. */
const RUNNER_SOURCE = `(function (parse, stringify, apply) {
  return function (fn, argsJson) { return stringify(apply(fn, undefined, parse(argsJson))); };
})(JSON.parse, JSON.stringify, Reflect.apply)`;

interface TenantRuntime {
  runtime: QuickJSRuntime;
  scripts: number;
  /** Epoch ms after which the running call is interrupted. */
  deadline: number;
}

interface LiveContext {
  ctx: QuickJSContext;
  /** The tenant's function. */
  fn: QuickJSHandle;
  /** `(fn, argsJson) => resultJson`: one call into QuickJS per invocation. */
  runner: QuickJSHandle;
}

interface Script {
  tenantId: string;
  tenant: TenantRuntime;
  body: string;
  argNames: readonly string[];
  /** Null after a memory error freed the context; compiled again on the next call. */
  live: LiveContext | null;
}

export class QuickJsHost {
  static async create(limits: SandboxLimits): Promise<QuickJsHost> {
    // The variant's types describe its CommonJS build; the dynamic import gives the ESM one, and
    // quickjs-emscripten accepts either shape of its default export.
    const variant = import('@jitl/quickjs-wasmfile-release-sync');
    return new QuickJsHost(await newQuickJSWASMModuleFromVariant(variant), limits);
  }

  private readonly tenants = new Map<string, TenantRuntime>();
  private readonly scripts = new Map<number, Script>();
  /**
   * Set when the host's own stack overflowed inside QuickJS: the WebAssembly state can no longer be
   * trusted, and the worker must be replaced.
   */
  broken = false;

  private constructor(
    private readonly module: QuickJSWASMModule,
    private readonly limits: SandboxLimits,
  ) {}

  get scriptCount(): number {
    return this.scripts.size;
  }

  get runtimeCount(): number {
    return this.tenants.size;
  }

  compile(scriptId: number, tenantId: string, body: string, argNames: readonly string[]): SandboxOutcome {
    const badName = argNames.find((name) => !IDENTIFIER.test(name));
    if (badName !== undefined) {
      return { ok: false, kind: 'compile', message: `Invalid argument name: ${JSON.stringify(badName)}` };
    }
    this.release(scriptId);
    const tenant = this.tenantRuntime(tenantId);
    const script: Script = { tenantId, tenant, body, argNames, live: null };
    tenant.scripts++;
    const outcome = this.guard(() => this.newContext(script));
    if (outcome.ok) {
      this.scripts.set(scriptId, script);
    } else {
      this.dropTenantIfUnused(script.tenant, -1);
    }
    return outcome;
  }

  invoke(scriptId: number, argsJson: string): SandboxOutcome {
    const script = this.scripts.get(scriptId);
    if (!script) return { ok: false, kind: 'runtime', message: 'The script was released' };
    const outcome = this.guard(() => {
      if (!script.live) {
        const recompiled = this.newContext(script);
        if (!recompiled.ok) return recompiled;
      }
      const called = this.call(script, argsJson);
      this.drainJobs(script.tenant);
      return called;
    });
    if (!outcome.ok && outcome.kind === 'memory') this.resetContext(script);
    return outcome;
  }

  release(scriptId: number): void {
    const script = this.scripts.get(scriptId);
    if (!script) return;
    this.scripts.delete(scriptId);
    this.disposeContext(script);
    this.dropTenantIfUnused(script.tenant, -1);
  }

  private tenantRuntime(tenantId: string): TenantRuntime {
    let tenant = this.tenants.get(tenantId);
    if (!tenant) {
      const runtime = this.module.newRuntime();
      runtime.setMemoryLimit(this.limits.memoryLimitBytes);
      runtime.setMaxStackSize(this.limits.maxStackBytes);
      const created: TenantRuntime = { runtime, scripts: 0, deadline: 0 };
      runtime.setInterruptHandler(() => Date.now() > created.deadline);
      this.tenants.set(tenantId, created);
      tenant = created;
    }
    return tenant;
  }

  private dropTenantIfUnused(tenant: TenantRuntime, change: number): void {
    tenant.scripts += change;
    if (tenant.scripts > 0) return;
    for (const [id, candidate] of this.tenants) {
      if (candidate === tenant) this.tenants.delete(id);
    }
    // QuickJS refuses to free a runtime whose job queue still holds objects (an `import()` left a
    // promise behind): run those jobs first. A queue that never empties leaves the runtime to the
    // worker's replacement.
    tenant.deadline = Date.now() + this.limits.timeLimitMs;
    for (let round = 0; round < 100 && tenant.runtime.hasPendingJob(); round++) {
      tenant.runtime.executePendingJobs(MAX_JOBS_PER_DRAIN).dispose();
    }
    if (tenant.runtime.hasPendingJob()) {
      this.broken = true;
      return;
    }
    try {
      tenant.runtime.dispose();
    } catch {
      this.broken = true;
    }
  }

  /** Runs the promise jobs a call left (scripts are synchronous; this only empties the queue). */
  private drainJobs(tenant: TenantRuntime): void {
    if (tenant.runtime.hasPendingJob()) tenant.runtime.executePendingJobs(MAX_JOBS_PER_DRAIN).dispose();
  }

  /** Creates the script's context and compiles its body there, within the time limit. */
  private newContext(script: Script): SandboxOutcome {
    const { tenant } = script;
    const ctx = tenant.runtime.newContext({ intrinsics: SCRIPT_INTRINSICS });
    tenant.deadline = Date.now() + this.limits.timeLimitMs;
    // The runner is made before any tenant code runs, so a script that replaces JSON or Reflect
    // in its own global does not change how its arguments and results cross.
    const runner = ctx.evalCode(RUNNER_SOURCE, 'runner.js');
    if (runner.error) {
      const failure = this.failure(ctx, runner.error, tenant, 'compile');
      runner.error.dispose();
      ctx.dispose();
      return failure;
    }
    const functionCtor = ctx.getProp(ctx.global, 'Function');
    const sources = [...script.argNames, script.body].map((text) => ctx.newString(text));
    const result = ctx.callFunction(functionCtor, ctx.undefined, ...sources);
    for (const handle of sources) handle.dispose();
    functionCtor.dispose();
    const disposeAll = () => {
      runner.value.dispose();
      ctx.dispose();
    };
    if (result.error) {
      const failure = this.failure(ctx, result.error, tenant, 'compile');
      result.error.dispose();
      disposeAll();
      return failure;
    }
    if (ctx.typeof(result.value) !== 'function') {
      // A body that closes the wrapper early (`}) …; (function () {`) can leave something else.
      result.value.dispose();
      disposeAll();
      return { ok: false, kind: 'compile', message: 'The script is not a function body' };
    }
    script.live = { ctx, fn: result.value, runner: runner.value };
    return { ok: true, resultJson: 'null' };
  }

  /** Parses the arguments, calls the function and serialises its result, all inside the context. */
  private call(script: Script, argsJson: string): SandboxOutcome {
    const live = script.live;
    if (!live) return { ok: false, kind: 'runtime', message: 'The script is not compiled' };
    const { ctx } = live;
    const { tenant } = script;
    tenant.deadline = Date.now() + this.limits.timeLimitMs;
    const text = ctx.newString(argsJson);
    const returned = ctx.callFunction(live.runner, ctx.undefined, live.fn, text);
    text.dispose();
    if (returned.error) {
      const failure = this.failure(ctx, returned.error, tenant, 'runtime');
      returned.error.dispose();
      return failure;
    }
    // JSON.stringify answers undefined for undefined and functions: those become null.
    const resultJson = ctx.typeof(returned.value) === 'string' ? ctx.getString(returned.value) : 'null';
    returned.value.dispose();
    return { ok: true, resultJson };
  }

  /** Classifies a QuickJS exception: the interrupt is a timeout, allocation failures are memory. */
  private failure(
    ctx: QuickJSContext,
    error: QuickJSHandle,
    tenant: TenantRuntime,
    kind: 'compile' | 'runtime',
  ): SandboxOutcome {
    let dumped: unknown;
    try {
      dumped = ctx.dump(error);
    } catch {
      // Dumping allocates; with the heap full even that can fail.
      return { ok: false, kind: 'memory', message: 'The script ran out of memory' };
    }
    if (dumped === null) return { ok: false, kind: 'memory', message: 'The script ran out of memory' };
    if (!isErrorDump(dumped)) return { ok: false, kind, message: describeThrown(dumped) };
    const { name, message } = dumped;
    if (name === 'InternalError' && message === 'interrupted' && Date.now() > tenant.deadline) {
      return {
        ok: false,
        kind: 'timeout',
        message: `The script took longer than ${this.limits.timeLimitMs} ms`,
      };
    }
    if (name === 'InternalError' && (message === 'out of memory' || message === 'string too long')) {
      return {
        ok: false,
        kind: 'memory',
        message: `The script ran out of memory (limit ${Math.round(this.limits.memoryLimitBytes / 1048576)} MB)`,
      };
    }
    const where = LOCATION.exec(dumped.stack ?? '');
    if (where) {
      const line = Number(where[1]) - BODY_LINE_OFFSET;
      const column = Number(where[2]);
      if (line >= 1) {
        return {
          ok: false,
          kind,
          message: `${name}: ${message} (line ${line}, column ${column})`,
          line,
          column,
        };
      }
    }
    return { ok: false, kind, message: `${name}: ${message}` };
  }

  /** Runs a QuickJS operation, turning a failure of the host itself into an answer. */
  private guard(operation: () => SandboxOutcome): SandboxOutcome {
    try {
      return operation();
    } catch (error) {
      // The host's own stack ran out inside WebAssembly (QuickJS's stack check did not catch it
      // first): answer, and let the worker be replaced.
      this.broken = true;
      return {
        ok: false,
        kind: 'runtime',
        message: `The script sandbox failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  /** Frees a script's context after a memory error: whatever it kept in its globals goes too. */
  private resetContext(script: Script): void {
    this.disposeContext(script);
  }

  private disposeContext(script: Script): void {
    const live = script.live;
    if (!live) return;
    script.live = null;
    live.fn.dispose();
    live.runner.dispose();
    live.ctx.dispose();
  }
}

interface ErrorDump {
  name: string;
  message: string;
  stack?: string;
}

function isErrorDump(value: unknown): value is ErrorDump {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorDump).name === 'string' &&
    typeof (value as ErrorDump).message === 'string'
  );
}

/** A thrown value that is not an Error (`throw 'text'`, `throw {code: 1}`). */
function describeThrown(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
