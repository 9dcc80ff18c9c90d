import type { JobResult, MapJob, SandboxJob, WidgetContextData } from './protocol';

/**
 * Tenant functions a widget calls while it draws (cell content and style functions, tick and
 * tooltip formatters), run in the sandbox worker (ADR 0026) and remembered. Drawing cannot wait
 * for the worker, so a lookup answers at once from what is known; what is not known yet is queued,
 * and everything queued while one render runs is posted as one request (one `map` job per
 * function body), so a 500-row table posts once, not 500 times. When the answers come, `onSettled`
 * asks the widget to draw again.
 */

export type ScriptOutcome = JobResult;

export interface ScriptCalls {
  /**
   * What `body` returned for `args` (or its error), or undefined while that is not known yet: the
   * call is then queued and posted with the others of this render. With `ctx`, the argument named
   * `ctx` is the worker's widget context stand-in made from it (its place in `args` is ignored).
   */
  outcome(
    body: string,
    argNames: readonly string[],
    args: readonly unknown[],
    ctx?: WidgetContextData,
  ): ScriptOutcome | undefined;
  /** Resolves when nothing asked is still waiting for its answer. */
  idle(): Promise<void>;
  /** Stops telling the widget about answers (it left the screen); answers are still kept. */
  setActive(active: boolean): void;
}

type Run = (jobs: SandboxJob[]) => Promise<JobResult[]>;

interface Group {
  body: string;
  argNames: string[];
  ctx: WidgetContextData | undefined;
  keys: string[];
  argsList: unknown[][];
}

/** Known outcomes kept at most; more are dropped and asked again when next drawn. */
const MAX_KNOWN = 20_000;

/** A context's text, made once per context object: it is part of every key of its calls. */
const contextTexts = new WeakMap<WidgetContextData, string>();
function contextText(ctx: WidgetContextData | undefined): string {
  if (!ctx) return '';
  let text = contextTexts.get(ctx);
  if (text === undefined) {
    text = JSON.stringify(ctx);
    contextTexts.set(ctx, text);
  }
  return text;
}

const groupKey = (body: string, argNames: readonly string[], ctx: WidgetContextData | undefined) =>
  `${argNames.join(',')}\u0000${body}\u0000${contextText(ctx)}`;

export function createScriptCalls(run: Run, onSettled: () => void, maxKnown = MAX_KNOWN): ScriptCalls {
  const known = new Map<string, ScriptOutcome>();
  const asked = new Set<string>();
  let queue = new Map<string, Group>();
  let active = true;
  let waiters: (() => void)[] = [];
  const wake = () => {
    if (asked.size > 0) return;
    const woken = waiters;
    waiters = [];
    for (const resolve of woken) resolve();
  };

  const settle = (group: Group, outcomes: (index: number) => ScriptOutcome) => {
    if (known.size + group.keys.length > maxKnown) known.clear();
    group.keys.forEach((key, index) => {
      asked.delete(key);
      known.set(key, outcomes(index));
    });
  };

  const post = (groups: Group[], mayRetry: boolean) => {
    const jobs: MapJob[] = groups.map(({ body, argNames, argsList, ctx }) => ({
      kind: 'map',
      body,
      argNames,
      argsList,
      ...(ctx ? { ctx } : {}),
    }));
    run(jobs).then(
      (results) => {
        groups.forEach((group, index) => {
          const result = results[index];
          if (result?.ok && Array.isArray(result.value)) {
            const values = result.value as JobResult[];
            settle(group, (i) => values[i] ?? { ok: false, error: 'No result' });
          } else {
            // The body did not compile: every call of it failed.
            const error = result && !result.ok ? result.error : 'No result';
            settle(group, () => ({ ok: false, error }));
          }
        });
        wake();
        if (active) onSettled();
      },
      (error: unknown) => {
        // A timeout fails the whole request; the looping body may be one of several: each body
        // gets its own request once, so only the one that loops fails.
        if (mayRetry && groups.length > 1) {
          for (const group of groups) post([group], false);
          return;
        }
        const message = error instanceof Error ? error.message : String(error);
        for (const group of groups) settle(group, () => ({ ok: false, error: message }));
        wake();
        if (active) onSettled();
      },
    );
  };

  const flush = () => {
    const groups = [...queue.values()];
    queue = new Map();
    if (groups.length > 0) post(groups, true);
  };

  return {
    outcome(body, argNames, args, ctx) {
      const id = groupKey(body, argNames, ctx);
      const key = `${id}\u0000${JSON.stringify(args)}`;
      const outcome = known.get(key);
      if (outcome || asked.has(key)) return outcome;
      asked.add(key);
      if (queue.size === 0) queueMicrotask(flush);
      let group = queue.get(id);
      if (!group) {
        group = { body, argNames: [...argNames], ctx, keys: [], argsList: [] };
        queue.set(id, group);
      }
      group.keys.push(key);
      group.argsList.push([...args]);
      return undefined;
    },
    idle() {
      return asked.size === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
    setActive(next) {
      active = next;
    },
  };
}
