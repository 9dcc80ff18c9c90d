import type { EntityType } from './entity-types.js';
import type { JsonObject } from './json.js';
import type { EntityKeyType } from './query.js';

/**
 * Widget datasources and data keys (spec 2 §3 "Widgets"), as stored in a widget's `config.datasources`.
 */

export const DATASOURCE_TYPES = ['function', 'entity', 'entityCount'] as const;
export type DatasourceType = (typeof DATASOURCE_TYPES)[number];
/** Pre-2.x datasource type, converted to `entity` with entity type DEVICE on load. */
export const LEGACY_DEVICE_DATASOURCE_TYPE = 'device';

/** Kinds of data keys in widget JSON (lower-case, unlike the query model's {@link EntityKeyType}). */
export const DATA_KEY_TYPES = [
  'timeseries',
  'attribute',
  'function',
  'alarm',
  'entityField',
  'count',
] as const;
export type DataKeyType = (typeof DATA_KEY_TYPES)[number];

/** The query key type a widget data key is fetched as; function keys are computed locally (null). */
export function dataKeyTypeToEntityKeyType(type: DataKeyType): EntityKeyType | null {
  switch (type) {
    case 'timeseries':
      return 'TIME_SERIES';
    case 'attribute':
      return 'ATTRIBUTE';
    case 'alarm':
      return 'ALARM_FIELD';
    case 'entityField':
      return 'ENTITY_FIELD';
    case 'count':
      return 'COUNT';
    case 'function':
      return null;
  }
}

export interface DataKey {
  name: string;
  type: DataKeyType;
  label: string;
  color: string;
  funcBody?: string | null;
  postFuncBody?: string | null;
  usePostProcessing?: boolean | null;
  units?: string | null;
  decimals?: number | null;
  settings?: JsonObject;
  _hash?: number;
}

export interface Datasource {
  type: DatasourceType | typeof LEGACY_DEVICE_DATASOURCE_TYPE;
  name?: string | null;
  dataKeys: DataKey[];
  entityType?: EntityType;
  entityId?: string | null;
  entityName?: string | null;
  entityAliasId?: string | null;
  entityLabel?: string | null;
  aliasName?: string | null;
  entityDescription?: string | null;
  filterId?: string | null;
  /** Legacy fields of `device` datasources. */
  deviceId?: string | null;
  deviceAliasId?: string | null;
  deviceName?: string | null;
}

/**
 * Converts a legacy `device` datasource to an `entity` one with entity type DEVICE (spec 2 §3): the
 * device id, alias id and name move to the entity fields and the legacy fields are dropped. Other
 * datasources are returned unchanged. Does not mutate its input.
 */
export function normalizeDatasource(datasource: Datasource): Datasource {
  if (datasource.type !== LEGACY_DEVICE_DATASOURCE_TYPE) {
    return datasource;
  }
  const { deviceId, deviceAliasId, deviceName, ...rest } = datasource;
  const result: Datasource = { ...rest, type: 'entity', entityType: 'DEVICE' };
  if (deviceId) {
    result.entityId = deviceId;
  } else if (deviceAliasId) {
    result.entityAliasId = deviceAliasId;
  }
  if (deviceName) {
    result.entityName = deviceName;
  }
  return result;
}

/** Range every predefined function key stays within. */
export const FUNCTION_KEY_MIN = -1000;
export const FUNCTION_KEY_MAX = 1000;

/** Names of the predefined function keys of function datasources. */
export const PREDEFINED_FUNCTION_NAMES = ['Sin', 'Cos', 'Random'] as const;
export type PredefinedFunctionName = (typeof PREDEFINED_FUNCTION_NAMES)[number];

/**
 * Bodies of the predefined functions, run by the widget script sandbox with `time` (ms) and
 * `prevValue` in scope. Sin and Cos swing between -1000 and 1000 with a period of about 31 s;
 * Random walks from the previous value by up to ±50, clamped to the same range.
 */
export const PREDEFINED_FUNCTION_BODIES: Readonly<Record<PredefinedFunctionName, string>> = {
  Sin: 'return Math.round(1000 * Math.sin(time / 5000));',
  Cos: 'return Math.round(1000 * Math.cos(time / 5000));',
  Random: [
    'var next = (prevValue || 0) + Math.random() * 100 - 50;',
    'next = Math.round(next * 100) / 100;',
    'return Math.max(-1000, Math.min(1000, next));',
  ].join('\n'),
};

/**
 * The predefined functions evaluated directly, for previews and tests without the sandbox.
 * `random` is a source of numbers in [0, 1).
 */
export function evaluatePredefinedFunction(
  name: PredefinedFunctionName,
  timeMs: number,
  prevValue: number,
  random: () => number = Math.random,
): number {
  switch (name) {
    case 'Sin':
      return Math.round(FUNCTION_KEY_MAX * Math.sin(timeMs / 5000));
    case 'Cos':
      return Math.round(FUNCTION_KEY_MAX * Math.cos(timeMs / 5000));
    case 'Random': {
      const next = Math.round(((prevValue || 0) + random() * 100 - 50) * 100) / 100;
      return Math.max(FUNCTION_KEY_MIN, Math.min(FUNCTION_KEY_MAX, next));
    }
  }
}

/** The key a new function datasource starts with: a function key labelled `Sin`. */
export function createDefaultDataKey(color = '#2196f3'): DataKey {
  return {
    name: 'f(x)',
    type: 'function',
    label: 'Sin',
    color,
    funcBody: PREDEFINED_FUNCTION_BODIES.Sin,
    settings: {},
  };
}
