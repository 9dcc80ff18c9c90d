import type { DataKey, EntityCountCmd, EntityDataUpdate } from '@meridian/common';
import type { TelemetrySocket } from '../api/ws/telemetry-socket';
import type { AliasEntity } from './runtime/alias-resolution';
import { applyCount } from './runtime/entity-count';
import {
  applyGenerated,
  FUNCTION_FREQUENCY_MS,
  functionTimes,
  generateJobs,
} from './runtime/function-datasource';
import {
  hasPostProcessing,
  type PostProcessingMemory,
  type ProcessedValues,
  postProcessJobs,
  readPostResults,
} from './runtime/post-processing';
import type { SubscriptionWindow, WindowAggregation } from './runtime/subscription-window';
import {
  type DataMode,
  datasourceCommand,
  type EntityValues,
  initialValues,
  reduceUpdate,
} from './runtime/widget-data';
import type { TenantSandbox } from './sandbox/sandbox-client';

/**
 * How each kind of datasource feeds a widget's values (reference datasource types `entity`,
 * `function`, `entityCount`). Each feed starts its subscription or timer and returns the function
 * that stops it; values go through `update` (by datasource index), a tenant function's failure
 * through `fail`, shown in that widget only.
 */
export interface FeedContext {
  socket: TelemetrySocket;
  sandbox: () => TenantSandbox;
  mode: DataMode;
  window: SubscriptionWindow;
  /** The oldest point the window keeps at this moment. */
  /** How a time-series widget's reads are aggregated (the time window's, or downsampling). */
  aggregation?: WindowAggregation | undefined;
  sinceTs: () => number;
  update: (index: number, next: (current: EntityValues[]) => EntityValues[]) => void;
  fail: (message: string) => void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** An entity datasource: one entity data command; keys with a post-processing function go through the sandbox. */
export function startEntityFeed(
  context: FeedContext,
  index: number,
  entities: readonly AliasEntity[],
  dataKeys: readonly DataKey[],
): () => void {
  const command = datasourceCommand(
    entities,
    dataKeys,
    context.mode,
    context.window,
    Date.now(),
    context.aggregation,
  );
  if (!command) return () => undefined;
  // Live points of an aggregated realtime window are folded into its current interval.
  const liveAggregation = context.window.kind === 'realtime' ? context.aggregation : undefined;
  const reduce = (current: EntityValues[], update: EntityDataUpdate, processed?: ProcessedValues) =>
    reduceUpdate(current, update, dataKeys, context.sinceTs(), liveAggregation, processed);
  if (!dataKeys.some(hasPostProcessing)) {
    return context.socket.subscribe('entityDataCmds', command, (update) =>
      context.update(index, (current) => reduce(current, update)),
    );
  }
  // Updates are post-processed one after another, so they reach the widget in the order they came.
  const memory: PostProcessingMemory = new Map();
  let queue = Promise.resolve();
  let stopped = false;
  const onUpdate = async (update: EntityDataUpdate) => {
    const { jobs, targets } = postProcessJobs(update, dataKeys, memory);
    try {
      const results = jobs.length > 0 ? await context.sandbox().run(jobs) : [];
      if (stopped) return;
      const { processed, error } = readPostResults(targets, results, jobs, memory);
      if (error) context.fail(error);
      context.update(index, (current) => reduce(current, update, processed));
    } catch (error) {
      if (!stopped) context.fail(messageOf(error));
    }
  };
  const unsubscribe = context.socket.subscribe('entityDataCmds', command, (update) => {
    queue = queue.then(() => onUpdate(update));
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}

/** A function datasource: its keys' functions run in the sandbox every second (once for a fixed window). */
export function startFunctionFeed(
  context: FeedContext,
  index: number,
  entity: AliasEntity,
  dataKeys: readonly DataKey[],
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let lastTs: number | null = null;
  let values: EntityValues = initialValues([entity], dataKeys)[0] as EntityValues;
  const tick = async () => {
    const times = functionTimes(context.mode, context.window, lastTs, Date.now());
    const { jobs, indexes } = generateJobs(dataKeys, times, values);
    if (jobs.length > 0) {
      try {
        const results = await context.sandbox().run(jobs);
        if (stopped) return;
        const next = applyGenerated(values, indexes, times, results, context.sinceTs());
        values = next.values;
        lastTs = times[times.length - 1] ?? lastTs;
        context.update(index, () => [next.values]);
        if (next.error) context.fail(next.error);
      } catch (error) {
        if (!stopped) context.fail(messageOf(error));
        return;
      }
    }
    if (!stopped && context.window.kind === 'realtime') timer = setTimeout(tick, FUNCTION_FREQUENCY_MS);
  };
  timer = setTimeout(tick, 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** An entity count datasource: the alias's entity count, followed live over the socket. */
export function startCountFeed(
  context: FeedContext,
  index: number,
  command: Omit<EntityCountCmd, 'cmdId'> | null,
  dataKeys: readonly DataKey[],
): () => void {
  const apply = (count: number, errorCode = 0) =>
    context.update(index, (current) =>
      current.map((values) =>
        applyCount(values, dataKeys, { count, errorCode }, Date.now(), context.sinceTs()),
      ),
    );
  if (!command) {
    apply(0);
    return () => undefined;
  }
  return context.socket.subscribe('entityCountCmds', command, (update) => {
    if (update.errorCode !== 0) context.fail(update.errorMsg ?? String(update.errorCode));
    else apply(update.count);
  });
}
