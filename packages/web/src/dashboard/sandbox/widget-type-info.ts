import { DEFAULT_TYPE_PARAMETERS, type WidgetTypeParameters } from '../../widgets/widget-definition';
import { DEFAULT_SCRIPT_TIMEOUT_MS, type TenantSandbox } from './sandbox-client';
import { tenantSandbox } from './tenant-scripts';

/**
 * What a custom widget type says of itself in its controller script (reference
 * `self.typeParameters()` and `self.actionSources()`), read in the sandbox worker: the script is
 * tenant code and never runs in the console's page. The worker's answer is untrusted, so only
 * known fields of the right type are kept; anything else takes the reference's default.
 */

/** An action source a widget raises, as its type names it (`{ elementClick: { name, multiple } }`). */
export interface WidgetActionSource {
  id: string;
  /** The display name the type gives it. */
  name: string;
  /** More than one action may be configured for it. */
  multiple: boolean;
}

export interface WidgetTypeInfo {
  typeParameters: WidgetTypeParameters;
  /** The type's own sources, without the header button every widget has. */
  actionSources: WidgetActionSource[];
  /** Why the script could not be read (it threw, looped, touched the DOM); null when it was. */
  error: string | null;
}

export const DEFAULT_WIDGET_TYPE_INFO: WidgetTypeInfo = {
  typeParameters: { ...DEFAULT_TYPE_PARAMETERS },
  actionSources: [],
  error: null,
};

const NUMBER_FIELDS = ['maxDatasources', 'maxDataKeys'] as const;
const BOOLEAN_FIELDS = [
  'dataKeysOptional',
  'singleEntity',
  'hasDataPageLink',
  'warnOnPageDataOverflow',
  'ignoreDataUpdateOnIntervalTick',
  'stateData',
] as const;

/** Sources kept at most, and the longest display name: a script's answer is not trusted to be small. */
const MAX_SOURCES = 50;
const MAX_NAME_LENGTH = 100;
/** Source ids become keys of the widget's `actions` object: plain identifiers only. */
const SOURCE_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const RESERVED_IDS = new Set(['headerButton', 'constructor', 'prototype', 'hasOwnProperty', 'toString']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The type parameters a script returned, over the defaults; a limit is a whole number, -1 for none. */
export function normaliseTypeParameters(value: unknown): WidgetTypeParameters {
  const parameters: WidgetTypeParameters = { ...DEFAULT_TYPE_PARAMETERS };
  if (!isRecord(value)) return parameters;
  for (const field of NUMBER_FIELDS) {
    const limit = value[field];
    if (typeof limit === 'number' && Number.isInteger(limit) && limit >= -1) parameters[field] = limit;
  }
  for (const field of BOOLEAN_FIELDS) {
    if (typeof value[field] === 'boolean') parameters[field] = value[field];
  }
  return parameters;
}

/** The action sources a script returned, in its order; entries that are not `{ name?, multiple? }` are dropped. */
export function normaliseActionSources(value: unknown): WidgetActionSource[] {
  if (!isRecord(value)) return [];
  const sources: WidgetActionSource[] = [];
  for (const [id, source] of Object.entries(value)) {
    if (sources.length >= MAX_SOURCES) break;
    if (!SOURCE_ID.test(id) || RESERVED_IDS.has(id) || !isRecord(source)) continue;
    const name = typeof source.name === 'string' ? source.name.trim().slice(0, MAX_NAME_LENGTH) : '';
    sources.push({ id, name: name || id, multiple: source.multiple === true });
  }
  return sources;
}

/**
 * Reads a controller script's type parameters and action sources in the sandbox worker, within
 * `timeoutMs`. Never rejects: a script that throws, loops or returns nonsense gives the defaults
 * (with the error, if any).
 */
export async function readWidgetTypeInfo(
  controllerScript: string,
  sandbox: TenantSandbox = tenantSandbox(),
  timeoutMs = DEFAULT_SCRIPT_TIMEOUT_MS,
): Promise<WidgetTypeInfo> {
  if (!controllerScript.trim()) return DEFAULT_WIDGET_TYPE_INFO;
  try {
    const [result] = await sandbox.run([{ kind: 'widgetTypeInfo', body: controllerScript }], timeoutMs);
    if (!result) throw new Error('Script sandbox gave no result');
    if (!result.ok) return { ...DEFAULT_WIDGET_TYPE_INFO, error: result.error };
    const value = isRecord(result.value) ? result.value : {};
    return {
      typeParameters: normaliseTypeParameters(value.typeParameters),
      actionSources: normaliseActionSources(value.actionSources),
      error: null,
    };
  } catch (error) {
    return { ...DEFAULT_WIDGET_TYPE_INFO, error: error instanceof Error ? error.message : String(error) };
  }
}
