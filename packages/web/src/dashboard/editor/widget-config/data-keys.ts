import {
  type DataKey,
  type DataKeyType,
  type Datasource,
  type DatasourceType,
  isJsonObject,
  type JsonObject,
  type WidgetType,
} from '@meridian/common';
import type { WidgetTypeParameters } from '../../../widgets/widget-definition';

/**
 * Data keys and datasources as the reference's config editor creates them: a new key is labelled
 * with its name and coloured from the material palette by its place among the widget's keys.
 */

/** The 500 shades of the reference's material palettes, in its order (`getMaterialColor`). */
export const KEY_COLORS = [
  '#2196f3',
  '#4caf50',
  '#f44336',
  '#ffc107',
  '#607d8b',
  '#9c27b0',
  '#8bc34a',
  '#3f51b5',
  '#e91e63',
  '#ffeb3b',
  '#03a9f4',
  '#ff9800',
  '#673ab7',
  '#cddc39',
  '#009688',
  '#795548',
  '#00bcd4',
  '#ff5722',
  '#9e9e9e',
] as const;

export function keyColor(index: number): string {
  return KEY_COLORS[index % KEY_COLORS.length] ?? KEY_COLORS[0];
}

/** The reference's generator of a new function key: a random walk between -1000 and 1000. */
export const DEFAULT_FUNC_BODY = [
  'var value = prevValue + Math.random() * 100 - 50;',
  'var multiplier = Math.pow(10, 2 || 0);',
  'var value = Math.round(value * multiplier) / multiplier;',
  'if (value < -1000) {',
  '\tvalue = -1000;',
  '} else if (value > 1000) {',
  '\tvalue = 1000;',
  '}',
  'return value;',
].join('\n');

/** Argument names of a key's post-processing function and of a function key's generator. */
export const POST_FUNC_ARGS = ['time', 'value', 'prevValue', 'timePrev', 'prevOrigValue'] as const;
export const FUNC_ARGS = ['time', 'prevValue'] as const;

/** A new key `name` of `type`, the `index`-th key of the widget. */
export function newDataKey(name: string, type: DataKeyType, index: number): DataKey {
  return {
    name,
    type,
    label: name,
    color: keyColor(index),
    settings: {},
    _hash: Math.random(),
    ...(type === 'function' ? { funcBody: DEFAULT_FUNC_BODY } : {}),
  };
}

/** How many keys the widget's datasources hold: the next key's palette index. */
export function keyCount(datasources: readonly Datasource[]): number {
  return datasources.reduce((count, datasource) => count + (datasource.dataKeys?.length ?? 0), 0);
}

/**
 * A datasource changed to another type: an entity count has one `count` key, a function datasource
 * generated keys, an entity datasource the keys of its alias; keys that do not fit the new type go.
 */
export function withDatasourceType(datasource: Datasource, type: DatasourceType, index: number): Datasource {
  if (type === 'entityCount') {
    const { entityAliasId, filterId } = datasource;
    return {
      type,
      name: datasource.name ?? null,
      entityAliasId: entityAliasId ?? null,
      filterId: filterId ?? null,
      dataKeys: [{ ...newDataKey('count', 'count', index), label: 'count' }],
    };
  }
  if (type === 'function') {
    return { type, name: datasource.name || 'function', dataKeys: [] };
  }
  return {
    type,
    name: datasource.name ?? null,
    entityAliasId: datasource.entityAliasId ?? null,
    filterId: datasource.filterId ?? null,
    dataKeys: datasource.dataKeys.filter((key) => key.type !== 'function' && key.type !== 'count'),
  };
}

/** The list with the item at `from` moved to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  if (item !== undefined) copy.splice(to, 0, item);
  return copy;
}

/** Whether one more fits under a type parameter's limit (-1, or any negative, is no limit). */
export function belowLimit(count: number, limit: number): boolean {
  return limit < 0 || count < limit;
}

/**
 * The places of the datasources that need a key and have none (reference: "at least one data key"
 * unless the widget type's `dataKeysOptional`). Only time-series and latest widgets have
 * datasources of their own; an entity count datasource always counts.
 */
export function datasourcesWithoutKeys(
  config: JsonObject,
  kind: WidgetType,
  parameters: Pick<WidgetTypeParameters, 'dataKeysOptional'>,
): number[] {
  if (parameters.dataKeysOptional || (kind !== 'timeseries' && kind !== 'latest')) return [];
  const datasources = Array.isArray(config.datasources) ? config.datasources : [];
  return datasources.flatMap((datasource, index) =>
    isJsonObject(datasource) &&
    datasource.type !== 'entityCount' &&
    !(Array.isArray(datasource.dataKeys) && datasource.dataKeys.length > 0)
      ? [index]
      : [],
  );
}
