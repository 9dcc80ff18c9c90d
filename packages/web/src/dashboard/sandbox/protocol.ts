/**
 * The messages between the page and the tenant script worker (docs/decisions/0026). One request
 * carries every job of one data update, so a widget posts once per update, not once per point.
 * Everything in here is structured-cloneable: no functions, no tokens, no page objects.
 */

/** Runs a function body once with the named arguments. */
export interface CallJob {
  kind: 'call';
  body: string;
  argNames: string[];
  args: unknown[];
}

/**
 * Post-processes the points of one key in order (reference signature
 * `function (time, value, prevValue, timePrev, prevOrigValue)`); each call sees the result of the
 * one before it as `prevValue`.
 */
export interface PostProcessJob {
  kind: 'postProcess';
  body: string;
  /** `[ts, value]`, oldest first. */
  points: [number, unknown][];
  /** The key's last processed value, and the time and original value of the point it came from. */
  prev: { value: unknown; ts: number; origValue: unknown };
}

/** Generates a function key's values at the given times (reference signature `function (time, prevValue)`). */
export interface GenerateJob {
  kind: 'generate';
  body: string;
  times: number[];
  prevValue: unknown;
}

/**
 * Runs a custom widget action (reference signature `function ($event, widgetContext, entityId,
 * entityName, additionalParams, entityLabel)`). Its `widgetContext` is a stand-in made in the
 * worker: what the action asks of the dashboard comes back as {@link DashboardCommand}s, which the
 * page carries out; `$event` is null.
 */
export interface ActionJob {
  kind: 'action';
  body: string;
  /** The current state's parameters, as `widgetContext.stateController.getStateParams()` returns them. */
  stateParams: unknown;
  stateId: string;
  entityId: unknown;
  entityName: string | null;
  entityLabel: string | null;
}

/**
 * Runs one function body over many argument lists: a table's cell content function over its
 * visible cells, a chart's tick formatter over its ticks. The body crosses once; each call
 * succeeds or fails alone, so the job's value is one {@link JobResult} per argument list.
 * For an argument named `ctx` the worker hands the function a stand-in of the reference's widget
 * context made from `ctx` (data, crossing once per job, not once per call).
 */
export interface MapJob {
  kind: 'map';
  body: string;
  argNames: string[];
  argsList: unknown[][];
  ctx?: WidgetContextData;
}

/**
 * Reads what a custom widget type's controller script (`body`) says of itself: it runs as the body
 * of a function of a fresh `self` (no DOM, no jQuery: `window`, `document`, `$` and `jQuery` are
 * undefined in it), then `self.typeParameters()` and `self.actionSources()` are called if defined.
 * The value is {@link WidgetTypeInfoValue}; a script that throws fails the job.
 */
export interface WidgetTypeInfoJob {
  kind: 'widgetTypeInfo';
  body: string;
}

/** What a widget type info job returns: the two functions' values as plain JSON, unchecked. */
export interface WidgetTypeInfoValue {
  typeParameters: unknown;
  actionSources: unknown;
}

/** The names a controller script is compiled with: `self`, then page globals it must not reach. */
export const WIDGET_TYPE_INFO_ARGS = ['self', 'window', 'document', '$', 'jQuery'];

/** What crosses for a widget function's `ctx` argument: data only, never page objects. */
export interface WidgetContextData {
  settings: unknown;
}

/** What a custom action may ask of the dashboard. */
export type DashboardCommand =
  | { type: 'openState'; id: string; params: unknown; openRightLayout: boolean }
  | { type: 'updateState'; id: string | null; params: unknown; openRightLayout: boolean }
  | { type: 'navigate'; url: string };

export const ACTION_ARGS = [
  '$event',
  'widgetContext',
  'entityId',
  'entityName',
  'additionalParams',
  'entityLabel',
];

export type SandboxJob = CallJob | PostProcessJob | GenerateJob | ActionJob | MapJob | WidgetTypeInfoJob;

export interface SandboxRequest {
  id: number;
  jobs: SandboxJob[];
}

/** One job's outcome: a call's value, or the values of a post-processing or generation job. */
export type JobResult = { ok: true; value: unknown } | { ok: false; error: string };

export interface SandboxResponse {
  id: number;
  results: JobResult[];
}

/** The argument names each job kind compiles its body with. */
export const POST_PROCESS_ARGS = ['time', 'value', 'prevValue', 'timePrev', 'prevOrigValue'];
export const GENERATE_ARGS = ['time', 'prevValue'];

/** The reference's conversion of a received value: numeric text becomes a number. */
export function convertValue(value: unknown): unknown {
  if (typeof value !== 'string' || value === '') return value;
  const number = Number(value);
  return Number.isFinite(number) && String(number) === value ? number : value;
}
