import {
  type CallJob,
  convertValue,
  GENERATE_ARGS,
  type GenerateJob,
  type JobResult,
  POST_PROCESS_ARGS,
  type PostProcessJob,
  type SandboxJob,
  type SandboxRequest,
  type SandboxResponse,
} from './protocol';

/**
 * What the tenant script worker does with a request, apart from the worker itself so it can be
 * tested without one. Runs only inside the worker: it compiles tenant function bodies.
 */

type Compiled = (...args: unknown[]) => unknown;

export type Compile = (argNames: readonly string[], body: string) => Compiled;

/** Compiles with the Function constructor: the worker's CSP allows it, the page's does not. */
const compileWithFunction: Compile = (argNames, body) => new Function(...argNames, body) as Compiled;

const messageOf = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/** A copy the page can receive: values that do not survive structured cloning become their text. */
function cloneable(value: unknown): unknown {
  if (typeof value === 'function' || typeof value === 'symbol') return String(value);
  try {
    return structuredClone(value);
  } catch {
    return String(value);
  }
}

/** A request handler with its own cache of compiled functions, keyed by argument names and body. */
export function createSandboxHandler(compile: Compile = compileWithFunction) {
  const cache = new Map<string, Compiled>();
  const compiled = (argNames: readonly string[], body: string): Compiled => {
    const key = `${argNames.join(',')}\n${body}`;
    let fn = cache.get(key);
    if (!fn) {
      fn = compile(argNames, body);
      cache.set(key, fn);
    }
    return fn;
  };

  async function runCall(job: CallJob): Promise<unknown> {
    return await compiled(job.argNames, job.body)(...job.args);
  }

  function runPostProcess(job: PostProcessJob): unknown[] {
    const fn = compiled(POST_PROCESS_ARGS, job.body);
    let { value: prevValue, ts: timePrev, origValue: prevOrigValue } = job.prev;
    return job.points.map(([time, raw]) => {
      const value = convertValue(raw);
      const next = fn(time, value, prevValue, timePrev, prevOrigValue);
      prevValue = next;
      timePrev = time;
      prevOrigValue = value;
      return next;
    });
  }

  function runGenerate(job: GenerateJob): unknown[] {
    const fn = compiled(GENERATE_ARGS, job.body);
    let prevValue = job.prevValue;
    return job.times.map((time) => {
      prevValue = fn(time, prevValue);
      return prevValue;
    });
  }

  async function runJob(job: SandboxJob): Promise<JobResult> {
    try {
      let value: unknown;
      if (job.kind === 'call') value = await runCall(job);
      else if (job.kind === 'postProcess') value = runPostProcess(job);
      else value = runGenerate(job);
      return { ok: true, value: cloneable(value) };
    } catch (error) {
      return { ok: false, error: messageOf(error) };
    }
  }

  return async (request: SandboxRequest): Promise<SandboxResponse> => ({
    id: request.id,
    results: await Promise.all(request.jobs.map(runJob)),
  });
}
