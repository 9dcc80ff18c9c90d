import {
  ACTION_ARGS,
  type ActionJob,
  type CallJob,
  convertValue,
  type DashboardCommand,
  GENERATE_ARGS,
  type GenerateJob,
  type JobResult,
  type MapJob,
  POST_PROCESS_ARGS,
  type PostProcessJob,
  type SandboxJob,
  type SandboxRequest,
  type SandboxResponse,
  WIDGET_TYPE_INFO_ARGS,
  type WidgetTypeInfoJob,
  type WidgetTypeInfoValue,
} from './protocol';
import { widgetContextStandIn } from './widget-context';

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

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** A function's value; a promise (a `fetch`, say) is waited for, other values are taken at once. */
async function settled(value: unknown): Promise<unknown> {
  return isThenable(value) ? await value : value;
}

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

  async function runPostProcess(job: PostProcessJob): Promise<unknown[]> {
    const fn = compiled(POST_PROCESS_ARGS, job.body);
    let { value: prevValue, ts: timePrev, origValue: prevOrigValue } = job.prev;
    const values: unknown[] = [];
    for (const [time, raw] of job.points) {
      const value = convertValue(raw);
      prevValue = await settled(fn(time, value, prevValue, timePrev, prevOrigValue));
      timePrev = time;
      prevOrigValue = value;
      values.push(prevValue);
    }
    return values;
  }

  async function runGenerate(job: GenerateJob): Promise<unknown[]> {
    const fn = compiled(GENERATE_ARGS, job.body);
    let prevValue = job.prevValue;
    const values: unknown[] = [];
    for (const time of job.times) {
      prevValue = await settled(fn(time, prevValue));
      values.push(prevValue);
    }
    return values;
  }

  /** Calls the body once per argument list; a call that throws fails alone. */
  async function runMap(job: MapJob): Promise<JobResult[]> {
    const fn = compiled(job.argNames, job.body);
    const ctxAt = job.argNames.indexOf('ctx');
    const ctx = ctxAt < 0 ? undefined : widgetContextStandIn(job.ctx);
    const results: JobResult[] = [];
    for (const args of job.argsList) {
      const call = ctxAt < 0 ? args : args.map((arg, i) => (i === ctxAt ? ctx : arg));
      try {
        results.push({ ok: true, value: cloneable(await settled(fn(...call))) });
      } catch (error) {
        results.push({ ok: false, error: messageOf(error) });
      }
    }
    return results;
  }

  /** Runs a custom action against a widget context that records what it asks of the dashboard. */
  async function runAction(job: ActionJob): Promise<DashboardCommand[]> {
    const commands: DashboardCommand[] = [];
    const paramsOf = (params: unknown) => cloneable(params ?? {});
    const widgetContext = {
      stateController: {
        getStateParams: () => structuredClone(job.stateParams),
        getStateId: () => job.stateId,
        openState: (id: unknown, params?: unknown, openRightLayout?: unknown) =>
          commands.push({
            type: 'openState',
            id: String(id),
            params: paramsOf(params),
            openRightLayout: openRightLayout === true,
          }),
        updateState: (id?: unknown, params?: unknown, openRightLayout?: unknown) =>
          commands.push({
            type: 'updateState',
            id: id ? String(id) : null,
            params: paramsOf(params),
            openRightLayout: openRightLayout === true,
          }),
      },
      router: { navigateByUrl: (url: unknown) => commands.push({ type: 'navigate', url: String(url) }) },
    };
    await compiled(ACTION_ARGS, job.body)(
      null,
      widgetContext,
      job.entityId,
      job.entityName,
      null,
      job.entityLabel,
    );
    return commands;
  }

  /**
   * Runs a controller script against a fresh `self` and reads its type parameters and action
   * sources. Not cached: each run needs its own `self`. The values cross as JSON, so functions in
   * them (the reference allows some) are dropped rather than turning the whole value into text.
   */
  function runWidgetTypeInfo(job: WidgetTypeInfoJob): WidgetTypeInfoValue {
    const self: Record<string, unknown> = { ctx: {} };
    compile(WIDGET_TYPE_INFO_ARGS, job.body)(self);
    const returned = (name: string): unknown => {
      const fn = self[name];
      if (typeof fn !== 'function') return null;
      const json = JSON.stringify(fn.call(self));
      return json === undefined ? null : JSON.parse(json);
    };
    return { typeParameters: returned('typeParameters'), actionSources: returned('actionSources') };
  }

  async function runJob(job: SandboxJob): Promise<JobResult> {
    try {
      let value: unknown;
      if (job.kind === 'call') value = await runCall(job);
      else if (job.kind === 'postProcess') value = await runPostProcess(job);
      else if (job.kind === 'action') value = await runAction(job);
      else if (job.kind === 'map') value = await runMap(job);
      else if (job.kind === 'widgetTypeInfo') value = runWidgetTypeInfo(job);
      else value = await runGenerate(job);
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
